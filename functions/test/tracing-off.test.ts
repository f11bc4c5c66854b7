/**
 * With tracing off (the local runtime: POWERTOOLS_TRACE_ENABLED=false), a REST module loads no
 * X-Ray SDK: on import that SDK enables a cls-hooked namespace, an async hook called for every
 * promise of the process (about a tenth of a request's CPU, docs/performance.md, "Per-request
 * overhead, 2026-12-05"). A file of its own: the SDK must not be loaded by another test first.
 */
import type * as AsyncHooks from 'node:async_hooks';
import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { apiEvent, lambdaContext } from './api-event.ts';

describe('a REST module with tracing off', () => {
  it('enables no async hook and adds no tracing middleware, and still answers', async () => {
    process.env.POWERTOOLS_TRACE_ENABLED = 'false';
    const asyncHooks = createRequire(import.meta.url)('node:async_hooks') as typeof AsyncHooks;
    const createHook = vi.spyOn(asyncHooks, 'createHook');
    const { handlerTracing } = await import('../src/observability/tracer.ts');
    const { restModule } = await import('../src/http/rest-module.ts');
    const { route } = await import('../src/http/route.ts');
    const handler = restModule([
      route({ method: 'GET', path: '/ping', access: 'public', handler: async () => ({ ok: true }) }),
    ]);
    const answer = await handler(apiEvent('GET', '/ping'), lambdaContext);
    expect(answer.statusCode).toBe(200);
    expect(handlerTracing()).toBeUndefined();
    expect(createHook).not.toHaveBeenCalled();
  });
});
