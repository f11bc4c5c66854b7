/**
 * The message items (`C#<cid>#MSG#<id>` / `MSG`, ElectroDB items owned by the REST module and the
 * ingest): the connector reads a message to quote it or to skip a send already done, and records
 * a send's result. Never creates the item.
 */
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from './errors.ts';
import { messageKey } from './keys.ts';

export interface StoredMessage {
  id: string;
  body: string;
  fromMe: boolean;
  ack: number;
  participant: string | null;
  mediaType: string | null;
}

export const sendingError = 'ERR_SENDING_WAPP_MSG';

export class MessageStore {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async get(companyId: number, messageId: string): Promise<StoredMessage | null> {
    const result = await this.documents.send(
      new GetCommand({
        TableName: this.tableName,
        Key: messageKey(companyId, messageId),
        ConsistentRead: true,
      }),
    );
    const item = result.Item;
    if (!item) return null;
    return {
      id: messageId,
      body: typeof item.body === 'string' ? item.body : '',
      fromMe: item.fromMe === true,
      ack: typeof item.ack === 'number' ? item.ack : 0,
      participant: typeof item.participant === 'string' ? item.participant : null,
      mediaType: typeof item.mediaType === 'string' ? item.mediaType : null,
    };
  }

  /** Sent: ack 1 unless a receipt already raised it; clears an earlier failure. */
  async markSent(companyId: number, messageId: string, now: Date): Promise<void> {
    await this.update(companyId, messageId, {
      UpdateExpression: 'SET #ack = :ack, #updatedAt = :updatedAt REMOVE #error',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#ack) OR #ack < :ack)',
      ExpressionAttributeNames: { '#ack': 'ack', '#updatedAt': 'updatedAt', '#error': 'error' },
      ExpressionAttributeValues: { ':ack': 1, ':updatedAt': now.toISOString() },
    });
  }

  async markFailed(companyId: number, messageId: string, now: Date): Promise<void> {
    await this.update(companyId, messageId, {
      UpdateExpression: 'SET #error = :error, #updatedAt = :updatedAt',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#error': 'error', '#updatedAt': 'updatedAt' },
      ExpressionAttributeValues: { ':error': sendingError, ':updatedAt': now.toISOString() },
    });
  }

  private async update(
    companyId: number,
    messageId: string,
    input: Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName' | 'Key'>,
  ): Promise<void> {
    try {
      await this.documents.send(
        new UpdateCommand({ TableName: this.tableName, Key: messageKey(companyId, messageId), ...input }),
      );
    } catch (error) {
      // No such message (e.g. an automatic reply never stored), or an ack already higher.
      if (!isConditionFailure(error)) throw error;
    }
  }
}
