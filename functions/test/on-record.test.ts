import { idPathSchema } from '@atende/shared/fields';
import { describe, expect, it } from 'vitest';
import { onRecord, route } from '#http/route';

describe('onRecord (http/route.ts)', () => {
  it('is the head of a route on one record: method, path, access and the id parameter', () => {
    const head = onRecord('PUT', '/tags/{id}', 'admin');
    expect(head).toEqual({ method: 'PUT', path: '/tags/{id}', access: 'admin', params: idPathSchema });
    expect(head.params.parse({ id: '12' })).toEqual({ id: 12 });
    expect(() => head.params.parse({ id: 'x' })).toThrow();
  });

  it('types the handler\'s params from the id schema', async () => {
    const definition = route({
      ...onRecord('GET', '/things/{id}/parts', 'user'),
      handler: async ({ params }) => params.id + 1,
    });
    expect(definition).toMatchObject({ method: 'GET', path: '/things/{id}/parts', access: 'user' });
  });
});
