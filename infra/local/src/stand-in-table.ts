/**
 * What data directories from before the stand-ins' journal (stand-in-journal.ts) kept of the
 * local SQS and Scheduler state in DynamoDB Local: first items in the product table, later a
 * table of their own (`atende-local-stand-ins`). Each start moves whatever is left there into the
 * journal (committed before it is deleted there, so a crash in between imports it again, under
 * the same keys) and drops the old table, before the queues and the scheduler start.
 */
import { DeleteTableCommand, DescribeTableCommand, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { QueuedMessage } from './queue-message.ts';
import { standInTableName as formerStandInTableName } from './env.ts';
import { deadLettersPk, deduplicationPk, queueMessagesPk, schedulesPk } from './runtime-keys.ts';
import type { DeadLetter, StandInChange, StandInJournal } from './stand-in-journal.ts';

type Item = Record<string, unknown>;

/** Moves the stand-ins' items left in DynamoDB Local into the journal; answers how many moved. */
export async function importFormerStandInItems(
  documents: DynamoDBDocumentClient,
  productTable: string,
  queueNames: readonly string[],
  journal: StandInJournal,
): Promise<number> {
  let moved = 0;
  const formerTableExists = await tableExists(documents, formerStandInTableName);
  for (const table of formerTableExists ? [productTable, formerStandInTableName] : [productTable])
    for (const partition of partitions(queueNames)) {
      for (;;) {
        // Each page is deleted once committed: the next read starts after it.
        const page = await documents.send(
          new QueryCommand({
            TableName: table,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': partition.pk },
            ConsistentRead: true,
            Limit: 25,
          }),
        );
        const items = page.Items ?? [];
        if (items.length === 0) break;
        journal.commit(items.map(partition.change));
        let requests: Record<string, unknown[]> | undefined = {
          [table]: items.map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } })),
        };
        while (requests && Object.keys(requests).length > 0) {
          const result = await documents.send(new BatchWriteCommand({ RequestItems: requests as never }));
          requests = result.UnprocessedItems as Record<string, unknown[]> | undefined;
        }
        moved += items.length;
      }
    }
  if (formerTableExists) await documents.send(new DeleteTableCommand({ TableName: formerStandInTableName }));
  return moved;
}

/** The partitions the stand-ins used, and how an item of each becomes a journal change. */
function partitions(queueNames: readonly string[]): { pk: string; change: (item: Item) => StandInChange }[] {
  return [
    ...queueNames.flatMap((queue) => [
      {
        pk: queueMessagesPk(queue),
        change: (item: Item): StandInChange => ({ type: 'message', queue, message: withoutKeys<QueuedMessage>(item) }),
      },
      {
        pk: deadLettersPk(queue),
        change: (item: Item): StandInChange => ({ type: 'deadLetter', queue, message: withoutKeys<DeadLetter>(item) }),
      },
      {
        pk: deduplicationPk(queue),
        change: (item: Item): StandInChange => ({
          type: 'deduplication',
          queue,
          id: String(item.sk),
          expiresAtMs: Number(item.expiresAtMs),
        }),
      },
    ]),
    {
      pk: schedulesPk,
      change: (item: Item): StandInChange => ({
        type: 'timer',
        timer: {
          name: String(item.sk),
          atMs: Number(item.atMs),
          queueName: String(item.queueName),
          body: String(item.body),
          ...(item.rateMs === undefined ? {} : { rateMs: Number(item.rateMs) }),
        },
      }),
    },
  ];
}

function withoutKeys<T>(item: Item): T {
  const { pk: _pk, sk: _sk, ...rest } = item;
  return rest as T;
}

async function tableExists(documents: DynamoDBDocumentClient, tableName: string): Promise<boolean> {
  try {
    await documents.send(new DescribeTableCommand({ TableName: tableName }));
    return true;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return false;
    throw error;
  }
}
