/**
 * The Tracer (Powertools, X-Ray) of the REST modules and the stream consumers only: a middy
 * middleware that records the handler as an X-Ray subsegment (`captureLambdaHandler`, never the
 * response: it may hold customer data). POWERTOOLS_TRACE_ENABLED=false turns it off (the local
 * runtime).
 *
 * The X-Ray SDK is loaded only when tracing is on (a chunk of its own, its import started when
 * the bundle loads): on import it enables a cls-hooked namespace, an async hook with a destroy
 * callback on every promise of the process, which cost a REST request about a tenth of its CPU
 * locally even with tracing off (docs/performance.md, "Per-request overhead, 2026-12-05").
 */
import type { MiddlewareObj, Request } from '@middy/core';

export const tracingEnabled =
  (process.env.POWERTOOLS_TRACE_ENABLED ?? 'true').trim().toLowerCase() !== 'false';

type AnyMiddleware = MiddlewareObj<unknown, unknown, Error, never>;
type AnyRequest = Request<unknown, unknown, Error, never>;

let loading: Promise<AnyMiddleware> | undefined;
function loadTracing(): Promise<AnyMiddleware> {
  loading ??= Promise.all([
    import('@aws-lambda-powertools/tracer'),
    import('@aws-lambda-powertools/tracer/middleware'),
  ]).then(
    ([{ Tracer }, { captureLambdaHandler }]) =>
      captureLambdaHandler(new Tracer(), { captureResponse: false }) as unknown as AnyMiddleware,
  );
  return loading;
}
if (tracingEnabled) void loadTracing().catch(() => undefined);

/** The handler's X-Ray subsegment as a middy middleware, or undefined when tracing is off. */
export function handlerTracing<M>(): M | undefined {
  if (!tracingEnabled) return undefined;
  const middleware: AnyMiddleware = {
    before: async (request: AnyRequest) => (await loadTracing()).before?.(request),
    after: async (request: AnyRequest) => (await loadTracing()).after?.(request),
    onError: async (request: AnyRequest) => (await loadTracing()).onError?.(request),
  };
  return middleware as unknown as M;
}
