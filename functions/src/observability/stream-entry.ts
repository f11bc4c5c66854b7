/**
 * The stream consumers' entry: observed() with the Tracer, and the correlation keys of a table
 * change (the item's company, ticket and message, and the correlation id the writing request left
 * on it) for the work done for that record.
 */
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { validCorrelationId, withCorrelation, type CorrelationKeys } from './correlation.ts';
import { observed, type EntryHandler } from './entry.ts';
import { handlerTracing } from './tracer.ts';

export function observedStream<E, R>(handler: (event: E) => Promise<R>): EntryHandler<E, R> {
  // No early timeout: a batch runs as long as the Lambda lets it, as before.
  const traced = middy<E, R, Error, Context>(handler, { timeoutEarlyInMillis: 0 });
  // Responses and stream images may hold customer data: never in a trace (tracer.ts).
  const tracing = handlerTracing<middy.MiddlewareObj<E, R, Error, Context>>();
  if (tracing) traced.use(tracing);
  return observed((event: E, context?: Context) => traced(event, context ?? ({} as Context)));
}

/** The keys of a changed item (a stream image, ElectroDB's attributes). */
export function keysOfItem(entity: string, item: Record<string, unknown> | undefined): CorrelationKeys {
  if (!item) return {};
  const number = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  return {
    correlationId: validCorrelationId(item.correlationId),
    companyId: number(item.companyId),
    ticketId: entity === 'ticket' ? number(item.id) : number(item.ticketId),
    messageId: entity === 'message' && typeof item.id === 'string' ? item.id : undefined,
  };
}

/** Runs a record's work with its item's keys. */
export function forItem<T>(entity: string, item: Record<string, unknown> | undefined, work: () => T): T {
  return withCorrelation(keysOfItem(entity, item), work);
}
