import type { AttributeValue as StreamAttributeValue, DynamoDBRecord } from 'aws-lambda';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { EntityChange } from './live-event.ts';
import { entitiesNoConsumerReads, entityField } from './stream-filter.ts';

/** Filtered out before any consumer is invoked (stream-filter.ts); passed over here too. */
const unread: ReadonlySet<string> = new Set(entitiesNoConsumerReads);
const keyFields = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk', entityField, '__edb_v__']);

/**
 * The entity change a stream record carries, or undefined for an item of no entity (counters,
 * the connector's state) or, given `entities`, of an entity the caller does not follow. Both are
 * told from the raw image before anything is unmarshalled: every consumer sees every record of
 * the table, and most are not its business.
 */
export function changeFromRecord(record: DynamoDBRecord, entities?: ReadonlySet<string>): EntityChange | undefined {
  const raw = record.dynamodb?.NewImage ?? record.dynamodb?.OldImage;
  const rawEntity = raw?.[entityField]?.S;
  if (rawEntity === undefined || unread.has(rawEntity) || (entities !== undefined && !entities.has(rawEntity))) return undefined;
  const newImage = image(record.dynamodb?.NewImage);
  const oldImage = image(record.dynamodb?.OldImage);
  const kind = record.eventName === 'INSERT' ? 'create' : record.eventName === 'REMOVE' ? 'delete' : 'update';
  return { entity: rawEntity, kind, newItem: newImage && strip(newImage), oldItem: oldImage && strip(oldImage) };
}

function image(value: Record<string, StreamAttributeValue> | undefined): Record<string, unknown> | undefined {
  return value ? unmarshall(value as Record<string, AttributeValue>) : undefined;
}

function strip(item: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(item)
      .filter(([key]) => !keyFields.has(key))
      .map(([key, value]) => [key, value instanceof Set ? [...value] : value]),
  );
}
