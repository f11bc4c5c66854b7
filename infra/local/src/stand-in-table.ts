/**
 * The stand-ins' own table: the local SQS and EventBridge Scheduler stand-ins (local-queue.ts,
 * local-scheduler.ts) keep their messages, dead letters, FIFO deduplication marks and timers in a
 * DynamoDB Local table of their own, without a stream. In AWS that state lives in SQS and
 * Scheduler, outside the product's table: so the product table's stream carries only product
 * changes, and the bench counts the product's table calls apart from the stand-ins' by table name.
 *
 * Data directories from before kept those items in the product table (same keys,
 * runtime-keys.ts): each start moves whatever is left there into this table, item by item in
 * transactions (put here, delete there), before the queues and the scheduler load their state.
 */
import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { deadLettersPk, deduplicationPk, queueMessagesPk, schedulesPk } from './runtime-keys.ts';

/** Creates the stand-ins' table when missing (a first start, or a data directory from before it); true when created. */
export async function ensureStandInTable(client: DynamoDBClient, tableName: string): Promise<boolean> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return false;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: ['pk', 'sk', 'gsi1pk', 'gsi1sk'].map((name) => ({
        AttributeName: name,
        AttributeType: 'S',
      })),
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      // The scheduler's timers by due time (local-scheduler.ts).
      GlobalSecondaryIndexes: [
        {
          IndexName: 'gsi1',
          KeySchema: [
            { AttributeName: 'gsi1pk', KeyType: 'HASH' },
            { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
      // No StreamSpecification: nothing reads the stand-ins' changes.
    }),
  );
  return true;
}

/** The partitions the stand-ins use for these queues. */
export function standInPartitions(queueNames: readonly string[]): string[] {
  return [
    ...queueNames.flatMap((name) => [queueMessagesPk(name), deadLettersPk(name), deduplicationPk(name)]),
    schedulesPk,
  ];
}

/** Moves the stand-ins' items left in the product table into their own table; answers how many moved. */
export async function moveStandInItems(
  documents: DynamoDBDocumentClient,
  from: string,
  to: string,
  queueNames: readonly string[],
): Promise<number> {
  let moved = 0;
  for (const pk of standInPartitions(queueNames)) {
    for (;;) {
      // Each page is moved before the next is read: the moved items are gone from the partition.
      const page = await documents.send(
        new QueryCommand({
          TableName: from,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': pk },
          ConsistentRead: true,
          Limit: 50,
        }),
      );
      const items = page.Items ?? [];
      if (items.length === 0) break;
      await documents.send(
        new TransactWriteCommand({
          TransactItems: items.flatMap((item) => [
            { Put: { TableName: to, Item: item } },
            { Delete: { TableName: from, Key: { pk: item.pk, sk: item.sk } } },
          ]),
        }),
      );
      moved += items.length;
    }
  }
  return moved;
}
