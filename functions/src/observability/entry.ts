/**
 * The wrapper every function entry goes through (queue consumers, tasks, the socket handler, the
 * authorizer; REST modules via http/rest-module.ts, stream consumers via stream-entry.ts): the
 * Logger gets the Lambda context, the invocation runs in its own correlation scope, and the
 * metrics tallied during it are written at its end.
 */
import type { Context } from 'aws-lambda';
import { withCorrelation, validCorrelationId, type CorrelationKeys } from './correlation.ts';
import { logger } from './logger.ts';
import { flushMetrics } from './metrics.ts';

export type EntryHandler<E, R> = (event: E, context?: Context) => Promise<R>;

/** Any entry handler, its own signature kept (tasks take no event, unit tests pass no context). */
type AnyEntry = (...args: never[]) => Promise<unknown>;

export function observed<H extends AnyEntry>(
  handler: H,
  keysOf?: (event: unknown, context?: Context) => CorrelationKeys,
): H {
  const call = handler as unknown as (event: unknown, context?: Context) => Promise<unknown>;
  const wrapped = (event: unknown, context?: Context) => {
    if (context) logger.addContext(context);
    const keys = keysOf?.(event, context) ?? {};
    return withCorrelation(keys, async () => {
      try {
        return await call(event, context);
      } finally {
        flushMetrics();
      }
    });
  };
  return wrapped as unknown as H;
}

/** A queue message's correlation keys: what its sender put in its body (correlationId, companyId, ticketId). */
export function keysOfBody(body: unknown): CorrelationKeys {
  if (typeof body !== 'object' || body === null) return {};
  const fields = body as Record<string, unknown>;
  const number = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  return {
    correlationId: validCorrelationId(fields.correlationId),
    companyId: number(fields.companyId),
    ticketId: number(fields.ticketId),
  };
}
