import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { coalesceChanges } from './coalesce-changes.ts';
import { eventsFor } from './event-rules.ts';
import { applyConnectionChanges, fanOut } from './fan-out.ts';
import { forgetChangedDirectories } from './live-directory-head.ts';
import type { LiveOutput } from './live-event.ts';
import { changeFromRecord } from './stream-changes.ts';
import { logger } from '#observability/logger';
import { forItem, observedStream } from '#observability/stream-entry';

/**
 * Stream consumer: turns the table's changes into live events. A failure reports the first
 * failed record so the batch is retried from there (ReportBatchItemFailures), keeping order.
 */
export const handler = observedStream(async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  try {
    const changes = coalesceChanges(
      event.Records.map((record) => changeFromRecord(record)).filter((change) => change !== undefined),
    );
    // The sockets' own changes first, as a fresh read of them at fan-out time would see them.
    applyConnectionChanges(changes);
    // Renamed connections, users, queues or tags: the ticket events below read the names afresh.
    forgetChangedDirectories(changes);
    // Rules may read related items (a ticket's contact and queue): all of them at once, in order.
    const perChange = await Promise.all(changes.map(eventsFor));
    const events: LiveOutput[] = perChange.flat();
    if (events.length === 0) return { batchItemFailures: [] };
    await fanOut(events);
    // One line per message that went live, with its keys (the writing request's correlation id).
    changes.forEach((change, index) => {
      const sent = perChange[index]!.length;
      if (sent > 0 && change.entity === 'message')
        forItem(change.entity, change.newItem ?? change.oldItem, () =>
          logger.info('live events sent', { kind: change.kind, events: sent }),
        );
    });
    return { batchItemFailures: [] };
  } catch (error) {
    logger.error('live fan-out failed', { error: String(error) });
    const first = event.Records[0]?.dynamodb?.SequenceNumber;
    return { batchItemFailures: first ? [{ itemIdentifier: first }] : [] };
  }
});
