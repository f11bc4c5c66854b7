/**
 * DynamoDB Streams records as Lambda receives them. The SDK decodes the wire JSON (binary
 * attributes become bytes, the creation time a Date); Lambda's event keeps the wire form, so
 * both are turned back: base64 strings and epoch seconds.
 */
import type {
  AttributeValue as SdkAttributeValue,
  _Record as SdkStreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';
import { isRuntimeItemPk } from './runtime-keys.ts';

export function toLambdaAttributeValue(value: SdkAttributeValue): AttributeValue {
  if (value.S !== undefined) return { S: value.S };
  if (value.N !== undefined) return { N: value.N };
  if (value.B !== undefined) return { B: Buffer.from(value.B).toString('base64') };
  if (value.SS !== undefined) return { SS: value.SS };
  if (value.NS !== undefined) return { NS: value.NS };
  if (value.BS !== undefined) return { BS: value.BS.map((bytes) => Buffer.from(bytes).toString('base64')) };
  if (value.M !== undefined) return { M: toLambdaImage(value.M) };
  if (value.L !== undefined) return { L: value.L.map(toLambdaAttributeValue) };
  if (value.NULL !== undefined) return { NULL: value.NULL };
  if (value.BOOL !== undefined) return { BOOL: value.BOOL };
  throw new Error(`Unknown attribute value type: ${Object.keys(value).join(',')}`);
}

function toLambdaImage(image: Record<string, SdkAttributeValue>): Record<string, AttributeValue> {
  const converted: Record<string, AttributeValue> = {};
  for (const [name, value] of Object.entries(image)) converted[name] = toLambdaAttributeValue(value);
  return converted;
}

export function toLambdaRecord(
  record: SdkStreamRecord,
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
      ...(created ? { ApproximateCreationDateTime: Math.floor(created.getTime() / 1000) } : {}),
      ...(change.Keys ? { Keys: toLambdaImage(change.Keys) } : {}),
      ...(change.NewImage ? { NewImage: toLambdaImage(change.NewImage) } : {}),
      ...(change.OldImage ? { OldImage: toLambdaImage(change.OldImage) } : {}),
      SequenceNumber: change.SequenceNumber,
      SizeBytes: change.SizeBytes,
      StreamViewType: change.StreamViewType,
    },
    eventSourceARN: source.streamArn,
    ...(record.userIdentity ? { userIdentity: record.userIdentity } : {}),
  };
}

/** Changes to the runtime's own items (queues, timers) do not exist in AWS, so consumers never see them. */
export function isProductChange(record: SdkStreamRecord): boolean {
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
