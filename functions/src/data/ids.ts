import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '#aws/dynamo';
import type { ItemRef } from './batch-get.ts';

/**
 * Numeric ids like the product we replace, from an atomic counter per company and kind
 * (companies count on the platform scope). A failed create after this leaves a gap, never a
 * duplicate.
 */
export async function nextId(scope: { companyId: number } | 'platform', kind: string): Promise<number> {
  const pk = scope === 'platform' ? 'PLATFORM' : `C#${scope.companyId}`;
  const answer = await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk, sk: `SEQ#${kind}` },
      UpdateExpression: 'ADD #value :one',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(answer.Attributes?.value);
}

/** AP-SEQ-2: make sure a counter has handed out at least `value` (for records created with a fixed id). */
export async function raiseCounterTo(
  scope: { companyId: number } | 'platform',
  kind: string,
  value: number,
): Promise<void> {
  const pk = scope === 'platform' ? 'PLATFORM' : `C#${scope.companyId}`;
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk, sk: `SEQ#${kind}` },
        UpdateExpression: 'SET #value = :value',
        ConditionExpression: 'attribute_not_exists(#value) OR #value < :value',
        ExpressionAttributeNames: { '#value': 'value' },
        ExpressionAttributeValues: { ':value': value },
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/** AP-SEQ-3: `count` consecutive ids at once (bulk creates such as a contact import): one ADD. */
export async function reserveIds(
  scope: { companyId: number },
  kind: string,
  count: number,
): Promise<number[]> {
  if (count <= 0) return [];
  const answer = await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: `C#${scope.companyId}`, sk: `SEQ#${kind}` },
      UpdateExpression: 'ADD #value :count',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':count': count },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const last = Number(answer.Attributes?.value);
  return Array.from({ length: count }, (_, i) => last - count + 1 + i);
}

/**
 * AP-SEQ-4: a company counter read with other items (data/batch-get.ts), for a write that takes
 * its next id inside its own transaction (`takeNextId`): no counter call of its own.
 * Absent counter: undefined.
 */
export function counterRef(companyId: number, kind: string): ItemRef<number> {
  return {
    pk: `C#${companyId}`,
    sk: `SEQ#${kind}`,
    parse: (item) => (item.value === undefined ? undefined : Number(item.value)),
  };
}

/**
 * The transaction item that takes the id after `read` (a counter's value as read; undefined when
 * it had none), only while the counter still holds that value: a transaction that raced with
 * any other taker (`nextId`'s ADD included) fails this condition, and its caller reads the
 * counter again. Ids stay unique and in order; nothing is reserved ahead.
 */
export function takeNextId(companyId: number, kind: string, read: number | undefined) {
  return {
    Update: {
      TableName: tableName(),
      Key: { pk: `C#${companyId}`, sk: `SEQ#${kind}` },
      UpdateExpression: 'SET #value = :next',
      ConditionExpression: read === undefined ? 'attribute_not_exists(#value)' : '#value = :read',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: {
        ':next': (read ?? 0) + 1,
        ...(read === undefined ? {} : { ':read': read }),
      },
    },
  };
}
