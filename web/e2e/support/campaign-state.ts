/**
 * Puts a campaign into a state a test cannot wait for (running, or finished with its counts),
 * by rewriting its own item through the runtime's DynamoDB endpoint, as the dispatcher would
 * have: a run takes minutes of paced sends, and the screens only read the stored state.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';

export async function setCampaignState(
  env: Record<string, string>,
  campaign: { companyId: number; id: number },
  state: { status: string; validContacts?: number; deliveries?: number; completedAt?: string },
): Promise<void> {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: env.DYNAMODB_ENDPOINT,
      region: env.AWS_REGION,
      credentials: {
        accessKeyId: env.AWS_ACCESS_KEY_ID ?? '',
        secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? '',
      },
    }),
  );
  try {
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const sets: string[] = [];
    for (const [field, value] of Object.entries(state)) {
      if (value === undefined) continue;
      names[`#${field}`] = field;
      values[`:${field}`] = value;
      sets.push(`#${field} = :${field}`);
    }
    await client.send(
      new UpdateCommand({
        TableName: env.TABLE_NAME,
        Key: { pk: `C#${campaign.companyId}`, sk: `CAMPAIGN#${campaign.id}` },
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  } finally {
    client.destroy();
  }
}
