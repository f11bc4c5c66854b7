import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { connectorReplySchema, type ConnectorReply } from '@atende/shared/entities/connector-command';
import { documentClient, tableName } from '#aws/dynamo';

/**
 * AP-CR-1: wait for the connector's answer to a command (checkNumber, profilePicture), which it
 * writes under the command's reply key; undefined when none came in time.
 */
export async function awaitConnectorReply(companyId: number, replyKey: string, timeoutMs = 8000): Promise<ConnectorReply | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (let wait = 50; Date.now() < deadline; wait = Math.min(wait * 2, 400)) {
    const answer = await documentClient.send(
      new GetCommand({ TableName: tableName(), Key: { pk: `C#${companyId}`, sk: `REPLY#${replyKey}` }, ConsistentRead: true }),
    );
    if (answer.Item?.reply) return connectorReplySchema.parse(answer.Item.reply);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return undefined;
}
