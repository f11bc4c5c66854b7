import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { getSchedule, recordScheduleSendResult } from '#data/schedules';
import { scheduleMessageKey, sendResultOf } from '#domain/schedule-rules';
import { changeFromRecord } from '#live/stream-changes';
import { followCampaignSendResult } from '../campaigns/send-outcome.ts';
import { followLastMessageChange } from '../messages/last-message-outcome.ts';
import { followTicketLaneKeys } from '../kanban/lane-links-outcome.ts';
import { followConnectionHealth, writeConnectionDayCounts } from '../connection-health/follow.ts';
import { ConnectionDayTally } from '#domain/connection-day-tally';
import { derivedMessageId } from '../messages/send-outbound.ts';
import { logger } from '#observability/logger';
import { forItem, observedStream } from '#observability/stream-entry';
import { countMetric, metricNames } from '#observability/metrics';

/**
 * Stream consumer: a scheduled message's send result becomes its schedule's status
 * (docs/decisions.md, "Schedule status follows the send result"). The connector writes the result
 * on the message (ack 1, or `error`); a message that carries a `scheduleId` and now shows one
 * moves the schedule AGENDADA -> ENVIADA or ERRO, only while the schedule is still at the send
 * time that message was made for (its id derives from it). Conditional and idempotent, so a batch
 * delivered again changes nothing twice. A campaign message's refusal marks its recipient failed
 * the same way (campaigns/send-outcome.ts), and a deleted or edited last message changes its
 * ticket's list line (messages/last-message-outcome.ts), a ticket's new status, queue, user or
 * tags reach its tag links (kanban/lane-links-outcome.ts), and connection health follows the
 * connector's status writes and counts messages per connection-day (connection-health/follow.ts,
 * one write per connection-day a batch): one reader of the stream for what later changes set off.
 */
export const handler = observedStream(async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const tally = new ConnectionDayTally();
  let failedAt: string | undefined;
  for (const record of event.Records) {
    try {
      await followSendResult(record, tally);
    } catch (error) {
      logger.error('schedule send result not recorded', { error: String(error) });
      // This record and the ones after it are delivered again (in order).
      failedAt = record.dynamodb?.SequenceNumber;
      break;
    }
  }
  try {
    // The messages followed so far (up to a failed record, which is counted when delivered again).
    await writeConnectionDayCounts(tally);
  } catch (error) {
    logger.error('connection-day counts not written', { error: String(error) });
    failedAt = event.Records[0]?.dynamodb?.SequenceNumber;
  }
  return { batchItemFailures: failedAt ? [{ itemIdentifier: failedAt }] : [] };
});

/**
 * The entities the followers below read: messages (send results, campaigns, the inbox line,
 * connection health), tickets (kanban lane links) and connections (connection health). A
 * follower of another entity adds it here; every other record is skipped before it is read.
 */
const followedEntities: ReadonlySet<string> = new Set(['message', 'ticket', 'whatsapp']);

async function followSendResult(record: DynamoDBRecord, tally: ConnectionDayTally): Promise<void> {
  const change = changeFromRecord(record, followedEntities);
  if (!change) return;
  return forItem(change.entity, change.newItem ?? change.oldItem, () => followChange(change, tally));
}

async function followChange(
  change: NonNullable<ReturnType<typeof changeFromRecord>>,
  tally: ConnectionDayTally,
): Promise<void> {
  countSendResult(change);
  await followCampaignSendResult(change);
  await followLastMessageChange(change);
  await followTicketLaneKeys(change);
  // Connection health: disconnects, reconnections and messages per connection-day (issue #30).
  await followConnectionHealth(change, tally);
  const message = change?.entity === 'message' ? change.newItem : undefined;
  if (!message || typeof message.scheduleId !== 'number') return;
  const result = sendResultOf(message as Parameters<typeof sendResultOf>[0]);
  if (!result) return;
  // Later receipts (delivered, read) change nothing here: the result was already followed.
  const before = change.oldItem && sendResultOf(change.oldItem as Parameters<typeof sendResultOf>[0]);
  if (before?.status === result.status) return;
  const companyId = Number(message.companyId);
  const schedule = await getSchedule(companyId, message.scheduleId);
  if (!schedule || (schedule.status !== 'AGENDADA' && schedule.status !== 'PENDENTE')) return;
  // A message of an earlier send time (the schedule was failed, edited and fired again) is not this one's.
  if (derivedMessageId(scheduleMessageKey(companyId, schedule.id, schedule.sendAt)) !== message.id) return;
  await recordScheduleSendResult(
    schedule,
    { ticketId: Number(message.ticketId), messageId: String(message.id) },
    result,
  );
}

/**
 * Messages out and send failures per company and connection (docs/operations.md, "Metrics"): an
 * outbound message's first result, as the connector records it on the message (ack 1, or error).
 */
function countSendResult(change: NonNullable<ReturnType<typeof changeFromRecord>>): void {
  const message = change.entity === 'message' ? change.newItem : undefined;
  if (!message || message.fromMe !== true) return;
  const result = sendResultOf(message as Parameters<typeof sendResultOf>[0]);
  const before = change.oldItem && sendResultOf(change.oldItem as Parameters<typeof sendResultOf>[0]);
  if (!result || before) return;
  const dimensions = { companyId: Number(message.companyId), connectionId: Number(message.whatsappId) };
  if (result.status === 'ENVIADA') {
    countMetric(metricNames.messagesOut, dimensions);
    logger.info('message sent', { connectionId: dimensions.connectionId });
  } else {
    countMetric(metricNames.sendFailures, dimensions);
    logger.warn('message not sent', { connectionId: dimensions.connectionId, reason: result.errorReason });
  }
}
