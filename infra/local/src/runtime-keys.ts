/**
 * Keys of the items the local runtime kept in DynamoDB Local before the stand-ins' journal
 * (stand-in-journal.ts): queue messages, dead letters, FIFO deduplication marks, timers. They
 * stood in for SQS and EventBridge Scheduler state, first in the product table, then in a table of
 * their own; each start imports what an older data directory left under them (stand-in-table.ts),
 * and the stream reader still hides any such key from stream consumers.
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
