/**
 * The consumer of the connector-commands FIFO queue, with Lambda's partial-batch semantics:
 * records of one FIFO group (a chat, or a connection's session commands) are carried out in order, other groups in
 * parallel; when one fails, it and every later record of its group are reported as failures, so
 * SQS redelivers them in order. A record that is not a valid command can never succeed: it is
 * logged and dropped rather than blocking its connection.
 */
import { connectorCommandSchema, type ConnectorCommand } from '@atende/shared/entities/connector-command';
import type { Logger } from '../ports.ts';
import type { SqsBatchResponseLike, SqsEventLike, SqsRecordLike } from '../sqs-event.ts';
import type { CommandOutcome } from './dispatch.ts';

/** How long a command may take before its end is logged as slow. */
const slowCommandMs = 5_000;

export async function handleCommandBatch(
  event: SqsEventLike,
  dispatch: (command: ConnectorCommand) => Promise<CommandOutcome>,
  log: Logger,
): Promise<SqsBatchResponseLike> {
  const groups = new Map<string, { record: SqsRecordLike; command: ConnectorCommand | null }[]>();
  for (const record of event.Records) {
    let command: ConnectorCommand | null = null;
    try {
      command = connectorCommandSchema.parse(JSON.parse(record.body));
    } catch (error) {
      log.error('invalid connector command dropped', { sqsMessageId: record.messageId, error });
    }
    const group =
      record.attributes?.MessageGroupId ??
      (command ? String(command.whatsappId) : `invalid:${record.messageId}`);
    const list = groups.get(group) ?? [];
    list.push({ record, command });
    groups.set(group, list);
  }

  const failures: string[] = [];
  await Promise.all(
    [...groups.values()].map(async (records) => {
      for (let index = 0; index < records.length; index += 1) {
        const { record, command } = records[index]!;
        if (!command) continue;
        let outcome: CommandOutcome;
        const startedMs = performance.now();
        try {
          outcome = await dispatch(command);
        } catch (error) {
          log.error('connector command failed; SQS will redeliver it', {
            sqsMessageId: record.messageId,
            correlationId: command.correlationId,
            companyId: command.companyId,
            type: command.type,
            error,
          });
          outcome = 'retry';
        }
        const tookMs = Math.round(performance.now() - startedMs);
        // A command held this long holds every later command of its FIFO group (a chat, or a
        // connection's session commands) behind it: worth a line when it happens.
        if (tookMs >= slowCommandMs)
          log.warn('connector command slow', {
            correlationId: command.correlationId,
            companyId: command.companyId,
            whatsappId: command.whatsappId,
            type: command.type,
            outcome,
            tookMs,
          });
        if (outcome !== 'done') {
          failures.push(...records.slice(index).map((r) => r.record.messageId));
          return;
        }
      }
    }),
  );
  return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
}
