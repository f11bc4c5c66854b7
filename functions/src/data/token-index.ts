import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '#aws/dynamo';

/**
 * The distinct ids named by the token items of one search partition whose token starts with
 * `prefix`, up to `limit`. A plain begins_with on the sort key (`<token>#<id>`), so "jo" matches
 * the token "jose", not only "jo#…" as a key-composite query would. Read from the end of the
 * range (the longest tokens and, within a token, the highest ids come first: the newest tickets
 * and contacts, mostly) in pages of `limit` items, so a word that a sixth of the company's
 * tickets contain costs one page, not the whole range (15,000 items at 100k tickets).
 */
export async function idsWithTokenPrefix(partition: string, prefix: string, idAttribute: string, limit: number): Promise<number[]> {
  const ids = new Set<number>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeNames: { '#id': idAttribute },
        ExpressionAttributeValues: { ':pk': partition, ':prefix': prefix },
        ProjectionExpression: '#id',
        ScanIndexForward: false,
        Limit: limit,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) ids.add(Number(item[idAttribute]));
    startKey = page.LastEvaluatedKey;
  } while (startKey && ids.size < limit);
  return [...ids].slice(0, limit);
}
