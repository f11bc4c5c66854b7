/**
 * Keys of the items the local runtime itself keeps in the table (queue messages, dead letters,
 * FIFO deduplication marks, timers). They stand in for SQS and EventBridge Scheduler state,
 * which in AWS lives outside the table, so the stream reader hides them from stream consumers.
 */
export const queueMessagesPk = (queueName: string): string => `LOCALQ#${queueName}`;
export const deadLettersPk = (queueName: string): string => `LOCALDLQ#${queueName}`;
export const deduplicationPk = (queueName: string): string => `LOCALQDEDUP#${queueName}`;
export const schedulesPk = 'LOCALSCHED';

const runtimePkPrefixes = ['LOCALQ#', 'LOCALDLQ#', 'LOCALQDEDUP#'];

export function isRuntimeItemPk(pk: string | undefined): boolean {
  if (pk === undefined) return false;
  return pk === schedulesPk || runtimePkPrefixes.some((prefix) => pk.startsWith(prefix));
}
