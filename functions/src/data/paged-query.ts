import { QueryCommand, type QueryCommandInput, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '#aws/dynamo';

/** An item as the document client reads it. */
export type QueriedItem = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A query of the one table, all but the table name and where to start. */
export type PagedQueryInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;

/**
 * Every answer of a query of the table, in order: each read starts where the previous one stopped
 * (`ExclusiveStartKey` = its `LastEvaluatedKey`) until DynamoDB says there is no more. Leaving the
 * loop (`break`) reads no further page. The walk the data layer's queries share.
 */
export async function* queryAnswers(input: PagedQueryInput): AsyncGenerator<QueryCommandOutput> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({ ...input, TableName: tableName(), ...(startKey ? { ExclusiveStartKey: startKey } : {}) }),
    );
    yield page;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

/** The items of each page of a query (queryAnswers). */
export async function* queryPages(input: PagedQueryInput): AsyncGenerator<QueriedItem[]> {
  for await (const page of queryAnswers(input)) yield page.Items ?? [];
}

/** How many items a query matches, all pages counted (`Select: 'COUNT'`). */
export async function queryCount(input: Omit<PagedQueryInput, 'Select'>): Promise<number> {
  let count = 0;
  for await (const page of queryAnswers({ ...input, Select: 'COUNT' })) count += page.Count ?? 0;
  return count;
}

/** Every item of a query, all pages read. */
export async function queryAllItems(input: PagedQueryInput): Promise<QueriedItem[]> {
  const items: QueriedItem[] = [];
  for await (const page of queryPages(input)) items.push(...page);
  return items;
}

/**
 * Every page of an ElectroDB query (`run` reads one page from a cursor: `query.go({ cursor })`),
 * until its cursor is null: the same walk as queryPages for the entities.
 */
export async function* entityPages<T>(
  run: (cursor: string | null) => Promise<{ data: T[]; cursor: string | null }>,
): AsyncGenerator<T[]> {
  let cursor: string | null = null;
  do {
    const page = await run(cursor);
    yield page.data;
    cursor = page.cursor;
  } while (cursor);
}
