import { describe, expect, it } from 'vitest';
import { handler } from '../src/modules/version/handler.ts';
import { apiEvent, lambdaContext } from './api-event.ts';

describe('GET /api/version', () => {
  it('answers the product version without authentication', async () => {
    const result = await handler(apiEvent('GET', '/version'), lambdaContext);
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body)).toEqual({ version: '6.0.0' });
    expect(result.headers?.['content-type']).toMatch(/application\/json/);
  });

  it('answers an unknown path of the module with ERR_ROUTE_NOT_FOUND', async () => {
    const result = await handler(apiEvent('GET', '/version/extra'), lambdaContext);
    expect(result.statusCode).toBe(404);
    expect(JSON.parse(result.body)).toEqual({ error: 'ERR_ROUTE_NOT_FOUND' });
  });

  it('answers another method on a known path with ERR_METHOD_NOT_ALLOWED', async () => {
    const result = await handler(apiEvent('POST', '/version', { body: {} }), lambdaContext);
    expect(result.statusCode).toBe(405);
    expect(JSON.parse(result.body)).toEqual({ error: 'ERR_METHOD_NOT_ALLOWED' });
  });
});
