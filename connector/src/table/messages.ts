/**
 * The message items (`C#<cid>#MSG#<id>` / `MSG`, ElectroDB items owned by the REST module and the
 * ingest): the connector reads a message to quote it or to skip a send already done, and records
 * a send's result. Never creates the item.
 */
import {
  GetCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { editOutcome } from '@atende/shared/message-edit';
import { setTimeout as delay } from 'node:timers/promises';
import { connectionDayOut } from './connection-day.ts';
import { cancellationCodes, isConditionFailure } from './errors.ts';
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

/** One update of a TransactWriteItems. */
type TransactUpdate = NonNullable<NonNullable<TransactWriteCommandInput['TransactItems']>[number]['Update']>;

/**
 * What claiming a send found: `claimed` (this run sends it), `sent` (a receipt or an earlier run
 * already did), `in-hand` (another run claimed it moments ago and may still be sending), or
 * `missing` (no stored message, e.g. an automatic reply: nothing to claim, it is sent as it is).
 */
export type SendClaim = 'claimed' | 'sent' | 'in-hand' | 'missing';

/**
 * How long a claim keeps other runs off a send: longer than one provider call, and short, since
 * the redelivery that follows a crash between the claim and the result waits it out before it
 * sends (with the same id, which WhatsApp does not show twice).
 */
export const sendClaimMs = 30_000;

export class MessageStore {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly claimMs: number = sendClaimMs,
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

  /**
   * Claims the send before the provider is called, so a command redelivered while its first run
   * is still at work (a batch past its visibility timeout) does not send the message again.
   */
  async claimSend(companyId: number, messageId: string, now: Date): Promise<SendClaim> {
    try {
      await this.documents.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: messageKey(companyId, messageId),
          UpdateExpression: 'SET #claim = :until',
          ConditionExpression:
            'attribute_exists(pk) AND (attribute_not_exists(#ack) OR #ack < :sent) AND ' +
            '(attribute_not_exists(#claim) OR #claim < :now)',
          ExpressionAttributeNames: { '#ack': 'ack', '#claim': 'sendClaimUntil' },
          ExpressionAttributeValues: {
            ':sent': 1,
            ':now': now.getTime(),
            ':until': now.getTime() + this.claimMs,
          },
        }),
      );
      return 'claimed';
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    // Refused: say why (rare, so one more read rather than returning the old item everywhere).
    const stored = await this.get(companyId, messageId);
    if (!stored) return 'missing';
    return stored.ack >= 1 ? 'sent' : 'in-hand';
  }

  /**
   * Sent: ack 1 unless a receipt already raised it; clears an earlier failure and the claim. The
   * connection's day counts the message out in the same transaction (docs/decisions.md,
   * "Connections that tell you"): one table call for both, and counted once, since only the run
   * holding the claim gets here and the mark removes it.
   */
  async markSent(companyId: number, whatsappId: number, messageId: string, now: Date): Promise<void> {
    const key = messageKey(companyId, messageId);
    const updatedAt = now.toISOString();
    const marks: TransactUpdate[] = [
      {
        TableName: this.tableName,
        Key: key,
        UpdateExpression: 'SET #ack = :ack, #updatedAt = :updatedAt REMOVE #error, #claim',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#ack) OR #ack < :ack)',
        ExpressionAttributeNames: { '#ack': 'ack', '#updatedAt': 'updatedAt', '#error': 'error', '#claim': 'sendClaimUntil' },
        ExpressionAttributeValues: { ':ack': 1, ':updatedAt': updatedAt },
      },
      // A receipt raised the ack while the provider call returned: its ack stays, and the send is
      // still counted once (this run's claim is the proof that no other run counted it).
      {
        TableName: this.tableName,
        Key: key,
        UpdateExpression: 'SET #updatedAt = :updatedAt REMOVE #error, #claim',
        ConditionExpression: 'attribute_exists(#claim)',
        ExpressionAttributeNames: { '#updatedAt': 'updatedAt', '#error': 'error', '#claim': 'sendClaimUntil' },
        ExpressionAttributeValues: { ':updatedAt': updatedAt },
      },
    ];
    for (const mark of marks) {
      const outcome = await this.markCounted(mark, connectionDayOut(this.tableName, companyId, whatsappId, now));
      if (outcome === 'done') return;
      // The day item stayed busy (other writers on the connection's day): the mark matters, the
      // count does not; marked alone, never left claimed (a claim left would send it again).
      if (outcome === 'busy') return this.update(companyId, messageId, mark);
    }
  }

  /** The mark and the day's count in one transaction, again after a conflict on the day item. */
  private async markCounted(mark: TransactUpdate, count: TransactUpdate): Promise<'done' | 'refused' | 'busy'> {
    for (let attempt = 0; attempt < 4; attempt += 1) {
      try {
        await this.documents.send(new TransactWriteCommand({ TransactItems: [{ Update: mark }, { Update: count }] }));
        return 'done';
      } catch (error) {
        const codes = cancellationCodes(error);
        // No such message (e.g. an automatic reply never stored, so never claimed), or not this mark's case.
        if (codes?.[0] === 'ConditionalCheckFailed') return 'refused';
        if (!codes?.includes('TransactionConflict')) throw error;
        await delay(10 * 2 ** attempt);
      }
    }
    return 'busy';
  }

  /**
   * Gives back the claim this run took at `claimedAt` without a result: its session ended here
   * (handed over to another task, or its lease lost) before the provider took the message, and
   * the task that runs the session now sends it. Only this run's own claim is removed.
   */
  async releaseSend(companyId: number, messageId: string, claimedAt: Date): Promise<void> {
    await this.update(companyId, messageId, {
      UpdateExpression: 'REMOVE #claim',
      ConditionExpression: 'attribute_exists(pk) AND #claim = :until',
      ExpressionAttributeNames: { '#claim': 'sendClaimUntil' },
      ExpressionAttributeValues: { ':until': claimedAt.getTime() + this.claimMs },
    });
  }

  async markFailed(companyId: number, messageId: string, now: Date): Promise<void> {
    await this.update(companyId, messageId, {
      // The claim goes too: a resend of a failed message may claim it at once.
      UpdateExpression: 'SET #error = :error, #updatedAt = :updatedAt REMOVE #claim',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#error': 'error', '#updatedAt': 'updatedAt', '#claim': 'sendClaimUntil' },
      ExpressionAttributeValues: { ':error': sendingError, ':updatedAt': now.toISOString() },
    });
  }

  /**
   * Deleted for everyone: WhatsApp accepted the delete. Written here rather than by the REST route
   * that asked, so a delete that WhatsApp takes after the route stopped waiting still shows.
   */
  async markDeleted(companyId: number, messageId: string, now: Date): Promise<void> {
    await this.update(companyId, messageId, {
      UpdateExpression: 'SET #isDeleted = :deleted, #updatedAt = :updatedAt',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#isDeleted': 'isDeleted', '#updatedAt': 'updatedAt' },
      ExpressionAttributeValues: { ':deleted': true, ':updatedAt': now.toISOString() },
    });
  }

  /**
   * Edited for everyone: WhatsApp accepted the edit. The replaced text joins the history
   * (shared/src/message-edit.ts), on condition that the text is still the one read and the
   * edit's id is not yet there; a concurrent change is read again. Written here, like a delete,
   * so an edit WhatsApp takes after the route stopped waiting still shows.
   */
  async applyEdit(
    companyId: number,
    messageId: string,
    edit: { body: string; at: Date; editId: string | undefined },
  ): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { Item } = await this.documents.send(
        new GetCommand({ TableName: this.tableName, Key: messageKey(companyId, messageId), ConsistentRead: true }),
      );
      if (!Item) return;
      const current = {
        body: typeof Item.body === 'string' ? Item.body : '',
        isDeleted: Item.isDeleted === true,
        createdAt: String(Item.createdAt ?? edit.at.toISOString()),
        editedAt: typeof Item.editedAt === 'string' ? Item.editedAt : null,
        editIds: Array.isArray(Item.editIds) ? (Item.editIds as string[]) : [],
      };
      const outcome = editOutcome(current, { body: edit.body, at: edit.at.toISOString(), editId: edit.editId });
      if (!outcome) return;
      try {
        await this.documents.send(
          new UpdateCommand({
            TableName: this.tableName,
            Key: messageKey(companyId, messageId),
            UpdateExpression:
              'SET #body = :body, #isEdited = :true, #editedAt = :editedAt, #updatedAt = :editedAt, ' +
              '#history = list_append(if_not_exists(#history, :none), :previous), ' +
              '#editIds = list_append(if_not_exists(#editIds, :none), :editIds)',
            ConditionExpression: 'attribute_exists(pk) AND #body = :read',
            ExpressionAttributeNames: {
              '#body': 'body',
              '#isEdited': 'isEdited',
              '#editedAt': 'editedAt',
              '#updatedAt': 'updatedAt',
              '#history': 'editHistory',
              '#editIds': 'editIds',
            },
            ExpressionAttributeValues: {
              ':body': outcome.body,
              ':true': true,
              ':editedAt': outcome.editedAt,
              ':none': [],
              ':previous': [outcome.previous],
              ':editIds': outcome.editId ? [outcome.editId] : [],
              ':read': current.body,
            },
          }),
        );
        return;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    }
    throw new Error(`message ${companyId}/${messageId}: its text kept changing under an edit`);
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
