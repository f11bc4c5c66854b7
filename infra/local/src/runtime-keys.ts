/**
 * Keys of the items the local runtime itself keeps (queue messages, dead letters, FIFO
 * deduplication marks, timers). They stand in for SQS and EventBridge Scheduler state, which in
 * AWS lives outside the product table: they are in the stand-ins' own table (stand-in-table.ts).
 * Data directories from before kept them in the product table, where they are moved from on
 * start; the stream reader still hides any such key from stream consumers.
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
