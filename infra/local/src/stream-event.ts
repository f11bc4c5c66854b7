/**
 * DynamoDB Streams records as Lambda receives them. Lambda's event keeps the wire form of the
 * images (base64 binary, epoch-second creation time), which is what GetRecords answers
 * (stream-records.ts), so only the record's envelope changes: the runtime's region and the
 * stream's ARN.
 */
import type { DynamoDBRecord } from 'aws-lambda';
import { isRuntimeItemPk } from './runtime-keys.ts';
import type { WireStreamRecord } from './stream-records.ts';

export function toLambdaRecord(
  record: WireStreamRecord,
  source: { region: string; streamArn: string },
): DynamoDBRecord {
  const change = record.dynamodb ?? {};
  const created = change.ApproximateCreationDateTime;
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion ?? '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: source.region,
    dynamodb: {
      ...(created !== undefined ? { ApproximateCreationDateTime: Math.floor(created) } : {}),
      ...(change.Keys ? { Keys: change.Keys } : {}),
      ...(change.NewImage ? { NewImage: change.NewImage } : {}),
      ...(change.OldImage ? { OldImage: change.OldImage } : {}),
      SequenceNumber: change.SequenceNumber,
      SizeBytes: change.SizeBytes,
      StreamViewType: change.StreamViewType,
    },
    eventSourceARN: source.streamArn,
    ...(record.userIdentity ? { userIdentity: record.userIdentity } : {}),
  };
}

/** Changes to the runtime's own items (queues, timers) do not exist in AWS, so consumers never see them. */
export function isProductChange(record: WireStreamRecord): boolean {
  return !isRuntimeItemPk(record.dynamodb?.Keys?.pk?.S);
}

/**
 * How far a consumer's response lets the batch advance: all of it, or up to the first record
 * it reports failed. An identifier that names no record of the batch fails the whole batch,
 * as with Lambda's event source mapping.
 */
export function succeededCount(batch: DynamoDBRecord[], response: unknown): number {
  const failures = (response as { batchItemFailures?: unknown } | null | undefined)?.batchItemFailures;
  if (!Array.isArray(failures) || failures.length === 0) return batch.length;
  let first = batch.length;
  for (const failure of failures) {
    const id = (failure as { itemIdentifier?: unknown } | null)?.itemIdentifier;
    const index =
      typeof id === 'string' ? batch.findIndex((record) => record.dynamodb?.SequenceNumber === id) : -1;
    if (index === -1) return 0;
    first = Math.min(first, index);
  }
  return first;
}
