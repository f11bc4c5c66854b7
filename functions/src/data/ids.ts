import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '#aws/dynamo';

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
