/**
 * Inbound events the queue refused, kept in the table (`C#<cid>` / `WSPOOL#<wid>#<time>#…`) until
 * they are queued, so an SQS outage followed by a restart loses nothing. The sort key is
 * time-ordered, so a replay keeps each chat's order.
 */
import { DeleteCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { companyPk, spoolPrefix } from '../table/keys.ts';

export interface QueueMessage {
  body: string;
  groupId: string;
  deduplicationId: string;
}

const spoolTtlSeconds = 14 * 24 * 3600;

export class SpoolStore {
  private sequence = 0;

  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly companyId: number,
    private readonly whatsappId: number,
  ) {}

  async add(message: QueueMessage, nowMs: number): Promise<string> {
    this.sequence += 1;
    const sk = `${spoolPrefix(this.whatsappId)}${String(nowMs).padStart(15, '0')}#${String(this.sequence).padStart(9, '0')}#${Math.random().toString(36).slice(2, 8)}`;
    await this.documents.send(
      new PutCommand({
        TableName: this.tableName,
        Item: {
          pk: companyPk(this.companyId),
          sk,
          ...message,
          expiresAt: Math.floor(nowMs / 1000) + spoolTtlSeconds,
        },
      }),
    );
    return sk;
  }

  async remove(sk: string): Promise<void> {
    await this.documents.send(
      new DeleteCommand({ TableName: this.tableName, Key: { pk: companyPk(this.companyId), sk } }),
    );
  }

  async list(): Promise<{ sk: string; message: QueueMessage }[]> {
    const found: { sk: string; message: QueueMessage }[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.documents.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: {
            ':pk': companyPk(this.companyId),
            ':prefix': spoolPrefix(this.whatsappId),
          },
          ConsistentRead: true,
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) {
        found.push({
          sk: String(item.sk),
          message: {
            body: String(item.body),
            groupId: String(item.groupId),
            deduplicationId: String(item.deduplicationId),
          },
        });
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return found;
  }
}
