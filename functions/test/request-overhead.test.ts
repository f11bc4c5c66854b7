/**
 * What every REST call costs before its handler (issue #26): the access token's key is imported
 * once per container, and the multipart parser runs only for a form sent to an upload route.
 */
import { webcrypto } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { signAccessToken, verifyAccessToken } from '../src/auth/access-token.ts';
import { restModule } from '../src/http/rest-module.ts';
import { route } from '../src/http/route.ts';
import { apiEvent, lambdaContext } from './api-event.ts';

afterEach(() => vi.restoreAllMocks());

describe('the access token key', () => {
  it('is imported once per container, not on every verification', async () => {
    const principal = { userId: 7, companyId: 3, profile: 'user' as const, isSuper: false, sessionId: 's1' };
    const token = await signAccessToken(principal);
    await verifyAccessToken(token);
    const importKey = vi.spyOn(webcrypto.subtle, 'importKey');
    for (let i = 0; i < 3; i += 1) expect((await verifyAccessToken(token)).userId).toBe(7);
    expect(importKey).not.toHaveBeenCalled();
  });
});

describe('the multipart parser', () => {
  const file = z.object({ filename: z.string(), mimetype: z.string(), content: z.instanceof(Buffer) });
  const handler = restModule([
    route({
      method: 'POST',
      path: '/uploads',
      access: 'public',
      multipart: true,
      body: z.object({ file }),
      handler: async ({ body }) => ({ name: body.file.filename, bytes: body.file.content.length }),
    }),
    route({
      method: 'POST',
      path: '/notes',
      access: 'public',
      body: z.object({ text: z.string() }),
      handler: async ({ body }) => ({ text: body.text }),
    }),
  ]);
  const boundary = 'XyZboundary123';
  const form = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="file"; filename="a.txt"',
    'Content-Type: text/plain',
    '',
    'hello',
    `--${boundary}`,
    'Content-Disposition: form-data; name="text"',
    '',
    'hi',
    `--${boundary}--`,
    '',
  ].join('\r\n');
  const post = (path: string) =>
    handler(
      apiEvent('POST', path, {
        body: form,
        headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      }),
      lambdaContext,
    );

  it('parses a form sent to an upload route', async () => {
    const answer = await post('/uploads');
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ name: 'a.txt', bytes: 5 });
  });

  it('leaves a form sent to a JSON route unparsed: the body schema refuses it', async () => {
    const answer = await post('/notes');
    expect(answer.statusCode).toBe(400);
    expect(JSON.parse(answer.body).error).toBe('ERR_VALIDATION');
  });
});
