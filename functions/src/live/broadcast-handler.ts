import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { coalesceChanges } from './coalesce-changes.ts';
import { eventsFor } from './event-rules.ts';
import { applyConnectionChanges, fanOut } from './fan-out.ts';
import type { LiveOutput } from './live-event.ts';
import { changeFromRecord } from './stream-changes.ts';

/**
 * Stream consumer: turns the table's changes into live events. A failure reports the first
 * failed record so the batch is retried from there (ReportBatchItemFailures), keeping order.
 */
export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  try {
    const changes = coalesceChanges(
      event.Records.map(changeFromRecord).filter((change) => change !== undefined),
    );
    // The sockets' own changes first, as a fresh read of them at fan-out time would see them.
    applyConnectionChanges(changes);
    // Rules may read related items (a ticket's contact and queue): all of them at once, in order.
    const events: LiveOutput[] = (await Promise.all(changes.map(eventsFor))).flat();
    if (events.length === 0) return { batchItemFailures: [] };
    await fanOut(events);
    return { batchItemFailures: [] };
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', message: 'live fan-out failed', error: String(error) }));
    const first = event.Records[0]?.dynamodb?.SequenceNumber;
    return { batchItemFailures: first ? [{ itemIdentifier: first }] : [] };
  }
};
