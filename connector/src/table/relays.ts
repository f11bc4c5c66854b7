/**
 * Commands relayed between connector tasks (docs/connector.md, "Sharding"). Every task polls the
 * one connector-commands queue; a command for a session that another live task holds is written
 * here, in the connection's partition (`C#<cid>` / `WRELAY#<wid>#<sequence>`), and the holder's
 * doorbell (`WDOORBELL#<holder>`) is rung with the connection's key. The holder reads its
 * doorbell every few hundred milliseconds, carries the relayed commands out and deletes them;
 * the relaying task, which keeps the message in hand meanwhile, sees it gone. A task that takes
 * a session over carries out whatever was relayed to its predecessor.
 */
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { ConnectorCommand } from '@atende/shared/entities/connector-command';
import { isConditionFailure } from './errors.ts';
import { doorbellKey, leaseKey, relayKey, relayPrefix, companyPk } from './keys.ts';

export interface RelayedCommand {
  sk: string;
  command: ConnectorCommand;
  attempts: number;
}

/** A relayed command or a doorbell left by a task that never came back goes after a week. */
const relayTtlSeconds = 7 * 24 * 3600;
const toSeconds = (ms: number): number => Math.floor(ms / 1000);

export class RelayStore {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  /**
   * Relays `command` to the live holder of its connection's lease. Returns that holder, or null
   * when the lease is free or expired (the caller may take the session itself).
   */
  async relay(
    command: ConnectorCommand,
    me: string,
    nowMs: number,
  ): Promise<{ holder: string; sk: string } | null> {
    const { companyId, whatsappId } = command;
    // The sequence: a counter on the lease item, counted only while another task holds it live.
    // Its base is the clock, so a lease item that TTL deleted starts again above every earlier one.
    // `relayed` counts the relays of the connection (for operators and tests).
    let sequence: number;
    let holder: string;
    try {
      const result = await this.documents.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: leaseKey(companyId, whatsappId),
          UpdateExpression: 'SET #seq = if_not_exists(#seq, :base) + :one ADD #relayed :one',
          ConditionExpression: 'attribute_exists(#holder) AND #holder <> :me AND #expiresAt >= :now',
          ExpressionAttributeNames: {
            '#seq': 'relaySeq',
            '#relayed': 'relayed',
            '#holder': 'holder',
            '#expiresAt': 'expiresAt',
          },
          ExpressionAttributeValues: { ':base': nowMs, ':one': 1, ':me': me, ':now': toSeconds(nowMs) },
          ReturnValues: 'ALL_NEW',
        }),
      );
      sequence = Number(result.Attributes?.relaySeq);
      holder = String(result.Attributes?.holder);
    } catch (error) {
      if (isConditionFailure(error)) return null;
      throw error;
    }
    const key = relayKey(companyId, whatsappId, sequence);
    await this.documents.send(
      new PutCommand({
        TableName: this.tableName,
        Item: {
          ...key,
          command,
          attempts: 0,
          relayedBy: me,
          expiresAt: toSeconds(nowMs) + relayTtlSeconds,
        },
      }),
    );
    await this.ring(holder, companyId, whatsappId, nowMs);
    return { holder, sk: key.sk };
  }

  /** Whether a relayed command is still waiting (strongly consistent). */
  async exists(companyId: number, sk: string): Promise<boolean> {
    const { Item } = await this.documents.send(
      new GetCommand({
        TableName: this.tableName,
        Key: { pk: companyPk(companyId), sk },
        ConsistentRead: true,
        ProjectionExpression: 'pk',
      }),
    );
    return Item !== undefined;
  }

  /** Tells `holder` that the connection has relayed commands waiting. */
  async ring(holder: string, companyId: number, whatsappId: number, nowMs: number): Promise<void> {
    await this.documents.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: doorbellKey(holder),
        UpdateExpression: 'ADD #sessions :session SET #expiresAt = :expiresAt',
        ExpressionAttributeNames: { '#sessions': 'sessions', '#expiresAt': 'expiresAt' },
        ExpressionAttributeValues: {
          ':session': new Set([`${companyId}:${whatsappId}`]),
          ':expiresAt': toSeconds(nowMs) + relayTtlSeconds,
        },
      }),
    );
  }

  /** The connections rung on `holder`'s doorbell, taken off it (a ring after the read stays). */
  async answerDoorbell(holder: string): Promise<{ companyId: number; whatsappId: number }[]> {
    const { Item } = await this.documents.send(
      new GetCommand({ TableName: this.tableName, Key: doorbellKey(holder), ConsistentRead: true }),
    );
    const rung = Item?.sessions instanceof Set ? [...(Item.sessions as Set<string>)] : [];
    if (rung.length === 0) return [];
    await this.documents.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: doorbellKey(holder),
        UpdateExpression: 'DELETE #sessions :rung',
        ExpressionAttributeNames: { '#sessions': 'sessions' },
        ExpressionAttributeValues: { ':rung': new Set(rung) },
      }),
    );
    return rung.flatMap((key) => {
      const [companyId, whatsappId] = key.split(':').map(Number);
      return Number.isInteger(companyId) && Number.isInteger(whatsappId)
        ? [{ companyId: companyId!, whatsappId: whatsappId! }]
        : [];
    });
  }

  /** The connection's relayed commands, oldest first (strongly consistent). */
  async list(companyId: number, whatsappId: number): Promise<RelayedCommand[]> {
    const found: RelayedCommand[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.documents.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': companyPk(companyId), ':prefix': relayPrefix(whatsappId) },
          ConsistentRead: true,
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? [])
        found.push({
          sk: String(item.sk),
          command: item.command as ConnectorCommand,
          attempts: Number(item.attempts ?? 0),
        });
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return found;
  }

  async remove(companyId: number, sk: string): Promise<void> {
    await this.documents.send(
      new DeleteCommand({ TableName: this.tableName, Key: { pk: companyPk(companyId), sk } }),
    );
  }

  async countAttempt(companyId: number, sk: string): Promise<void> {
    await this.documents
      .send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: companyPk(companyId), sk },
          UpdateExpression: 'ADD #attempts :one',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#attempts': 'attempts' },
          ExpressionAttributeValues: { ':one': 1 },
        }),
      )
      .catch((error: unknown) => {
        if (!isConditionFailure(error)) throw error;
      });
  }
}
