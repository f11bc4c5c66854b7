/**
 * Writes the seeded company into the runtime's DynamoDB Local, one of two ways:
 *
 * - straight into its SQLite file while it is stopped (bulk-load.ts, with the `sqlite3` command):
 *   the same rows its PutItem writes, ~20,000 items/s against ~1,000–2,400/s through its API;
 * - through its API (no `sqlite3`, or --seed-via-api): BatchWriteItem (25 items) on several
 *   lanes at once, unprocessed items retried.
 *
 * Either way the seed writes no stream records: through the API the table's stream is switched
 * off while seeding and on again afterwards (a new stream); a file write never makes any. So the
 * live fan-out and the dashboard aggregator do not replay two million seeded items after the
 * fact: the seed stands for data that was already there, and the runtime is restarted on it
 * before anything is measured.
 */
import { Agent } from 'node:http';
import {
  BatchWriteItemCommand,
  DescribeTableCommand,
  DynamoDBClient,
  PutItemCommand,
  UpdateItemCommand,
  UpdateTableCommand,
  type WriteRequest,
} from '@aws-sdk/client-dynamodb';
import { tableName } from '../src/env.ts';
import { tableDefinition } from '../../../functions/src/data/table-definition.ts';
import { bulkLoad, checkRows, readRows, readTableLayout, sharedDbFile } from './bulk-load.ts';
import { counterItems, seedItems, type ItemCounts, type SeedTarget, type TableItem } from './items.ts';
import type { Shape } from './shape.ts';

export function seedClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 10,
    requestHandler: { httpAgent: new Agent({ keepAlive: true, maxSockets: 32 }) },
  });
}

export async function setStream(client: DynamoDBClient, enabled: boolean): Promise<void> {
  await client.send(
    new UpdateTableCommand({
      TableName: tableName,
      StreamSpecification: enabled ? { StreamEnabled: true, StreamViewType: tableDefinition.streamView } : { StreamEnabled: false },
    }),
  );
  const described = await client.send(new DescribeTableCommand({ TableName: tableName }));
  if (Boolean(described.Table?.StreamSpecification?.StreamEnabled) !== enabled) {
    throw new Error(`DynamoDB Local did not ${enabled ? 'enable' : 'disable'} the table's stream`);
  }
}

const batchSize = 25;

/** Writes every item of the iterator on `lanes` concurrent BatchWriteItem loops. */
export async function writeItems(
  client: DynamoDBClient,
  items: AsyncIterable<TableItem> | Iterable<TableItem>,
  options: { lanes: number; onProgress?: (written: number) => void },
): Promise<number> {
  const iterator = (Symbol.asyncIterator in items ? items[Symbol.asyncIterator]() : (items as Iterable<TableItem>)[Symbol.iterator]()) as
    | AsyncIterator<TableItem>
    | Iterator<TableItem>;
  let exhausted = false;
  let written = 0;
  // Lanes take batches one after another from the shared iterator (no two pull at once).
  let pulling: Promise<unknown> = Promise.resolve();
  const nextBatch = (): Promise<WriteRequest[]> => {
    const batch = pulling.then(async () => {
      const requests: WriteRequest[] = [];
      while (!exhausted && requests.length < batchSize) {
        const next = await iterator.next();
        if (next.done) exhausted = true;
        else requests.push({ PutRequest: { Item: next.value } });
      }
      return requests;
    });
    pulling = batch;
    return batch;
  };
  const lane = async () => {
    for (let requests = await nextBatch(); requests.length > 0; requests = await nextBatch()) {
      let pending: WriteRequest[] = requests;
      for (let attempt = 0; pending.length > 0; attempt += 1) {
        if (attempt > 0) await new Promise((wake) => setTimeout(wake, Math.min(1000, 50 * attempt)));
        const answer = await client.send(new BatchWriteItemCommand({ RequestItems: { [tableName]: pending } }));
        pending = answer.UnprocessedItems?.[tableName] ?? [];
      }
      written += requests.length;
      options.onProgress?.(written);
    }
  };
  await Promise.all(Array.from({ length: options.lanes }, lane));
  return written;
}

/**
 * Seeds one company through the API: its items, then its id counters and contact count. 6 lanes:
 * DynamoDB Local handles one request at a time, so more lanes only queue (12 lanes wrote no
 * faster), and 2 leave it waiting on the client.
 */
export async function seedCompany(
  client: DynamoDBClient,
  shape: Shape,
  target: SeedTarget,
  onProgress: (written: number) => void,
): Promise<{ items: number; counts: ItemCounts }> {
  const counts: ItemCounts = {};
  const items = await writeItems(client, seedItems(shape, target, counts), { lanes: 6, onProgress });
  await seedCounters(client, shape, target);
  return { items, counts };
}

/** The company's id counters past the seeded ids, and its contact count. */
export async function seedCounters(client: DynamoDBClient, shape: Shape, target: SeedTarget): Promise<void> {
  for (const counter of counterItems(target.companyId, shape)) {
    await client.send(new PutItemCommand({ TableName: tableName, Item: counter }));
  }
  await client.send(
    new UpdateItemCommand({
      TableName: tableName,
      Key: { pk: { S: `C#${target.companyId}` }, sk: { S: 'COMPANY' } },
      UpdateExpression: 'ADD #count :count',
      ExpressionAttributeNames: { '#count': 'contactCount' },
      ExpressionAttributeValues: { ':count': { N: String(shape.contacts.length) } },
    }),
  );
}

/**
 * Seeds one company's items into the file of a stopped DynamoDB Local (`dbDir`), after checking
 * that the rows DynamoDB Local itself wrote there (the company, its users, queue and connection,
 * made through the API) are exactly what bulk-load.ts would have made of the same items.
 */
export async function seedIntoFile(
  dbDir: string,
  shape: Shape,
  target: SeedTarget,
  onProgress: (written: number) => void,
): Promise<{ items: number; counts: ItemCounts }> {
  const file = sharedDbFile(dbDir);
  const layout = await readTableLayout(file, tableName);
  const problems = checkRows(layout, (await readRows(file, tableName)).values());
  if (problems.length > 0) {
    throw new Error(
      `DynamoDB Local's rows are not what bench/bulk-load.ts writes (a new DynamoDB Local release?); ` +
        `run with --seed-via-api and update bulk-load.ts:\n  ${problems.join('\n  ')}`,
    );
  }
  const counts: ItemCounts = {};
  const items = await bulkLoad(file, tableName, seedItems(shape, target, counts), onProgress);
  return { items, counts };
}
