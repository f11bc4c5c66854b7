import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '#aws/dynamo';
import type { ItemRef } from './batch-get.ts';

/**
 * A company's directory version: a number every change of a name or colour that tickets are
 * shown with moves (connections, users, queues, tags; data/{whatsapps,users,queues,tags}.ts),
 * so containers that keep those names (modules/tickets/ticket-directory.ts) know with one small
 * read whether their copy is still the company's.
 */
const keyOf = (companyId: number) => ({ pk: `C#${companyId}`, sk: 'DIRECTORY' });

const versionOf = (item: Record<string, unknown> | undefined): number => (typeof item?.v === 'number' ? item.v : 0);

/** AP-CO-9 as part of a batch (data/batch-get.ts): read alongside other items of the request. */
export function directoryVersionRef(companyId: number): ItemRef<number> {
  return { ...keyOf(companyId), parse: versionOf };
}

/** AP-CO-9: the company's directory version (0 before the first change). */
export async function directoryVersion(companyId: number): Promise<number> {
  const answer = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: keyOf(companyId), ProjectionExpression: '#v', ExpressionAttributeNames: { '#v': 'v' } }),
  );
  return versionOf(answer?.Item);
}

/** AP-CO-10: a name or colour changed: move the version (after the change is written). */
export async function moveDirectoryVersion(companyId: number): Promise<void> {
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keyOf(companyId),
      UpdateExpression: 'ADD #v :one',
      ExpressionAttributeNames: { '#v': 'v' },
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
}
