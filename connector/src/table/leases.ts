/**
 * Leases (`C#<cid>` / `WLEASE#<wid>`): a task runs a session only while it holds the lease. A take
 * is a conditional update (free, expired, or already ours) that increments `fence`; renewals and
 * every credential write check holder and fence, so a task that lost the lease (paused, cut off,
 * replaced in a rolling deploy) can no longer write. `expiresAt` is epoch seconds and is also the
 * table's TTL attribute: a long-expired lease may vanish, which is the same as a free one (and is
 * why fenced writes check the holder as well as the fence).
 */
import {
  BatchGetCommand,
  UpdateCommand,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from './errors.ts';
import { leaseKey } from './keys.ts';

export interface Lease {
  companyId: number;
  whatsappId: number;
  holder: string;
  fence: number;
  /** Epoch seconds. */
  expiresAt: number;
}

export interface LeaseInfo {
  holder?: string;
  fence?: number;
  expiresAt?: number;
}

const toSeconds = (ms: number): number => Math.floor(ms / 1000);

export class LeaseStore {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly holder: string,
    private readonly ttlMs: number,
  ) {}

  /** Takes the lease if it is free, expired or ours; null when another live task holds it. */
  async take(companyId: number, whatsappId: number, nowMs: number): Promise<Lease | null> {
    try {
      const result = await this.documents.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: leaseKey(companyId, whatsappId),
          UpdateExpression:
            'SET #holder = :me, #expiresAt = :expiresAt, #fence = if_not_exists(#fence, :zero) + :one, #updatedAt = :updatedAt',
          ConditionExpression: 'attribute_not_exists(#holder) OR #expiresAt < :now OR #holder = :me',
          ExpressionAttributeNames: {
            '#holder': 'holder',
            '#expiresAt': 'expiresAt',
            '#fence': 'fence',
            '#updatedAt': 'updatedAt',
          },
          ExpressionAttributeValues: {
            ':me': this.holder,
            ':expiresAt': toSeconds(nowMs + this.ttlMs),
            ':zero': 0,
            ':one': 1,
            ':now': toSeconds(nowMs),
            ':updatedAt': new Date(nowMs).toISOString(),
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      const item = result.Attributes ?? {};
      return {
        companyId,
        whatsappId,
        holder: this.holder,
        fence: Number(item.fence),
        expiresAt: Number(item.expiresAt),
      };
    } catch (error) {
      if (isConditionFailure(error)) return null;
      throw error;
    }
  }

  /** Extends the lease; false when it is no longer ours (holder or fence changed). */
  async renew(lease: Lease, nowMs: number): Promise<boolean> {
    const expiresAt = toSeconds(nowMs + this.ttlMs);
    try {
      await this.documents.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: leaseKey(lease.companyId, lease.whatsappId),
          UpdateExpression: 'SET #expiresAt = :expiresAt',
          ConditionExpression: '#holder = :me AND #fence = :fence',
          ExpressionAttributeNames: { '#holder': 'holder', '#fence': 'fence', '#expiresAt': 'expiresAt' },
          ExpressionAttributeValues: { ':me': lease.holder, ':fence': lease.fence, ':expiresAt': expiresAt },
        }),
      );
      lease.expiresAt = expiresAt;
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  /** Frees the lease (if still ours) so another task may take it at once. */
  async release(lease: Lease, nowMs: number): Promise<void> {
    try {
      await this.documents.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: leaseKey(lease.companyId, lease.whatsappId),
          UpdateExpression: 'SET #expiresAt = :now REMOVE #holder',
          ConditionExpression: '#holder = :me AND #fence = :fence',
          ExpressionAttributeNames: { '#holder': 'holder', '#fence': 'fence', '#expiresAt': 'expiresAt' },
          ExpressionAttributeValues: { ':me': lease.holder, ':fence': lease.fence, ':now': toSeconds(nowMs) },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  /**
   * Hands the lease over to another live task (sharing the sessions): still fenced, the fence
   * moves on, and the new holder takes it as its own (`take` accepts a lease it holds).
   */
  async handOver(lease: Lease, to: string, nowMs: number): Promise<boolean> {
    try {
      await this.documents.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: leaseKey(lease.companyId, lease.whatsappId),
          UpdateExpression: 'SET #holder = :to, #expiresAt = :expiresAt, #fence = #fence + :one',
          ConditionExpression: '#holder = :me AND #fence = :fence',
          ExpressionAttributeNames: { '#holder': 'holder', '#fence': 'fence', '#expiresAt': 'expiresAt' },
          ExpressionAttributeValues: {
            ':me': lease.holder,
            ':fence': lease.fence,
            ':to': to,
            ':one': 1,
            ':expiresAt': toSeconds(nowMs + this.ttlMs),
          },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  /** Current leases of many connections (eventually consistent: only a hint before a take). */
  async peek(connections: { companyId: number; whatsappId: number }[]): Promise<Map<string, LeaseInfo>> {
    const found = new Map<string, LeaseInfo>();
    for (let start = 0; start < connections.length; start += 100) {
      let keys: Record<string, unknown>[] | undefined = connections
        .slice(start, start + 100)
        .map((c) => leaseKey(c.companyId, c.whatsappId));
      for (let round = 0; keys && keys.length > 0 && round < 5; round += 1) {
        const result: BatchGetCommandOutput = await this.documents.send(
          new BatchGetCommand({ RequestItems: { [this.tableName]: { Keys: keys } } }),
        );
        for (const item of result.Responses?.[this.tableName] ?? []) {
          found.set(`${String(item.pk)}|${String(item.sk)}`, {
            holder: item.holder as string | undefined,
            fence: item.fence as number | undefined,
            expiresAt: item.expiresAt as number | undefined,
          });
        }
        keys = result.UnprocessedKeys?.[this.tableName]?.Keys;
      }
    }
    return found;
  }

  /** Whether `info` leaves the lease takeable by this task at `nowMs`. */
  takeable(info: LeaseInfo | undefined, nowMs: number): boolean {
    if (!info?.holder) return true;
    return info.holder === this.holder || (info.expiresAt ?? 0) < toSeconds(nowMs);
  }
}

export function leaseMapKey(companyId: number, whatsappId: number): string {
  const key = leaseKey(companyId, whatsappId);
  return `${key.pk}|${key.sk}`;
}
