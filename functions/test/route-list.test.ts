import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { restModule } from '#http/rest-module';
import { route } from '#http/route';
import { connectionTokenRoutesOf, recordConnectionTokenRoutes, routeSchemasOf, routesOf } from '#http/route-list';

describe('routesOf', () => {
  it('reads back the routes a REST module was built with, without their handlers', () => {
    const handler = restModule([
      route({ method: 'GET', path: '/things', access: 'user', handler: async () => [] }),
      route({
        method: 'DELETE',
        path: '/things/{id}',
        access: 'admin',
        feature: 'useKanban',
        params: z.object({ id: z.string() }),
        handler: async () => undefined,
      }),
    ]);
    expect(routesOf(handler)).toEqual([
      { method: 'GET', path: '/things', access: 'user' },
      { method: 'DELETE', path: '/things/{id}', access: 'admin', feature: 'useKanban' },
    ]);
    // Not enumerable: nothing else that walks the handler sees it.
    expect(Object.keys(handler)).not.toContain('routes');
    expect(
      Object.getOwnPropertySymbols(handler).some(
        (s) => Object.getOwnPropertyDescriptor(handler, s)?.enumerable,
      ),
    ).toBe(false);
  });

  it('keeps each route’s own params, query and body schemas, not enumerable', () => {
    const params = z.object({ id: z.string().max(10) });
    const body = z.object({ name: z.string().max(50) });
    const handler = restModule([
      route({ method: 'GET', path: '/things', access: 'user', handler: async () => [] }),
      route({
        method: 'PUT',
        path: '/things/{id}',
        access: 'admin',
        params,
        body,
        handler: async () => undefined,
      }),
    ]);
    const schemas = routeSchemasOf(handler);
    expect(schemas?.get('GET /things')).toEqual({});
    expect(schemas?.get('PUT /things/{id}')?.params).toBe(params);
    expect(schemas?.get('PUT /things/{id}')?.body).toBe(body);
    // The observed wrapper (http/request-observation.ts) around middy's handler: nothing enumerable.
    expect(Object.keys(handler)).toEqual([]);
    expect(routeSchemasOf(async () => undefined)).toBeUndefined();
  });

  it('answers undefined for a function restModule did not build', () => {
    expect(routesOf(async () => undefined)).toBeUndefined();
    expect(routesOf(undefined)).toBeUndefined();
  });

  it('keeps the routes a handler serves to a connection token beside its routes, not enumerable', () => {
    const tokenRoutes = [
      route({ method: 'POST', path: '/things/send', access: 'public', handler: async () => ({}) }),
    ];
    const handler = restModule([
      route({ method: 'GET', path: '/things', access: 'user', handler: async () => [] }),
      ...tokenRoutes,
    ]);
    expect(connectionTokenRoutesOf(handler)).toEqual([]);
    recordConnectionTokenRoutes(handler, tokenRoutes);
    expect(connectionTokenRoutesOf(handler)).toEqual([
      { method: 'POST', path: '/things/send', access: 'public' },
    ]);
    expect(routesOf(handler)).toHaveLength(2);
    expect(
      Object.getOwnPropertySymbols(handler).some(
        (s) => Object.getOwnPropertyDescriptor(handler, s)?.enumerable,
      ),
    ).toBe(false);
    expect(connectionTokenRoutesOf(undefined)).toEqual([]);
  });
});
