import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { companyTimeZone } from '#data/company-time-zone';
import {
  applyAggregates,
  firstResponseRecorded,
  firstResponsesAndTimeline,
  ticketMessagesBetween,
  timelineBefore,
} from '#data/dashboard-aggregates';
import { aggregate, type AggregatorStore } from './aggregate.ts';
import { logger } from '#observability/logger';
import { observedStream } from '#observability/stream-entry';

/** A company's time zone is read again after this long, so a changed setting applies soon. */
const timeZoneFreshForMs = 60_000;
const timeZones = new Map<number, { loadedAt: number; value: Promise<string> }>();

function cachedTimeZone(companyId: number): Promise<string> {
  const cached = timeZones.get(companyId);
  if (cached && Date.now() - cached.loadedAt < timeZoneFreshForMs) return cached.value;
  const value = companyTimeZone(companyId);
  timeZones.set(companyId, { loadedAt: Date.now(), value });
  value.catch(() => timeZones.delete(companyId));
  return value;
}

export const dynamoAggregatorStore: AggregatorStore = {
  timeZone: cachedTimeZone,
  timelineBefore,
  ticketMessagesBetween,
  firstResponseRecorded,
  firstResponsesAndTimeline,
  applyAggregates: (writes) => applyAggregates(writes),
};

/**
 * Stream consumer: keeps the dashboard's day buckets and live counters (docs/metrics.md). Every
 * source event is counted once whatever the deliveries, so a failed batch is simply retried
 * from its first record (ReportBatchItemFailures): what was counted before is skipped.
 */
export const handler = observedStream(async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  try {
    await aggregate(event.Records, dynamoAggregatorStore);
    return { batchItemFailures: [] };
  } catch (error) {
    logger.error('dashboard aggregation failed', { error: String(error) });
    const first = event.Records[0]?.dynamodb?.SequenceNumber;
    return { batchItemFailures: first ? [{ itemIdentifier: first }] : [] };
  }
});
