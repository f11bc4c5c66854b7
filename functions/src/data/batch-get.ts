import { BatchGetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { Entity, EntityItem } from 'electrodb';
import { documentClient, tableName } from '#aws/dynamo';
import { primaryKeyOf } from './electro.ts';

type AnyEntity = Entity<string, string, string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** One item to read: its table key and how its stored form becomes the entity's record. */
export interface ItemRef<T> {
  pk: string;
  sk: string;
  parse(item: Record<string, unknown>): T | undefined;
}

/** A reference to the item `key` names in `entity` (the same key its `get` takes). */
export function itemRef<E extends AnyEntity>(entity: E, key: Parameters<E['get']>[0][number]): ItemRef<EntityItem<E>> {
  const Key =
    primaryKeyOf(entity, key as Record<string, unknown>) ??
    (entity.get(key as never).params() as { Key: { pk: string; sk: string } }).Key;
  return {
    pk: Key.pk,
    sk: Key.sk,
    parse: (item) => (entity.parse({ Item: item }).data as EntityItem<E> | null) ?? undefined,
  };
}

type Records<T extends readonly ItemRef<unknown>[]> = { [K in keyof T]: T[K] extends ItemRef<infer R> ? R | undefined : never };

/** DynamoDB's limit of keys in one BatchGetItem. */
const batchGetLimit = 100;

/**
 * Items of any entities in one round trip (BatchGetItem, up to 100 keys a call), each read
 * strongly consistent like `getTicket`, answered in the order asked (undefined where there is
 * none). Keys DynamoDB leaves unprocessed (throttling) are asked again. For reads that do not
 * depend on each other: N gets become one call.
 */
export async function getItems<const T extends readonly ItemRef<unknown>[]>(refs: T): Promise<Records<T>> {
  const keyOf = (pk: string, sk: string) => `${pk}\u0000${sk}`;
  const unique = new Map<string, { pk: string; sk: string }>();
  for (const ref of refs) unique.set(keyOf(ref.pk, ref.sk), { pk: ref.pk, sk: ref.sk });
  const found = new Map<string, Record<string, unknown>>();
  const keys = [...unique.values()];
  for (let start = 0; start < keys.length; start += batchGetLimit) {
    let pending: Record<string, unknown>[] | undefined = keys.slice(start, start + batchGetLimit);
    for (let attempt = 0; pending && pending.length > 0; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(25 * 2 ** attempt, 500)));
      const answer: BatchGetCommandOutput = await documentClient.send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: true } } }),
      );
      for (const item of answer.Responses?.[tableName()] ?? []) found.set(keyOf(String(item.pk), String(item.sk)), item);
      pending = answer.UnprocessedKeys?.[tableName()]?.Keys;
    }
  }
  return refs.map((ref) => {
    const item = found.get(keyOf(ref.pk, ref.sk));
    return item ? ref.parse(item) : undefined;
  }) as Records<T>;
}
