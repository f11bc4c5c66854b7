/** Answers to checkNumber / profilePicture: `C#<cid>` / `REPLY#<replyKey>`, expiring in 10 minutes. */
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { connectorReplySchema, type ConnectorReply } from '@atende/shared/entities/connector-command';
import { replyKey } from './keys.ts';

export const replyTtlSeconds = 600;

export class ReplyStore {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async put(companyId: number, key: string, reply: ConnectorReply, nowMs: number): Promise<void> {
    await this.documents.send(
      new PutCommand({
        TableName: this.tableName,
        Item: {
          ...replyKey(companyId, key),
          reply: connectorReplySchema.parse(reply),
          expiresAt: Math.floor(nowMs / 1000) + replyTtlSeconds,
          createdAt: new Date(nowMs).toISOString(),
        },
      }),
    );
  }
}
