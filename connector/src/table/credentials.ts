/**
 * A connection's session credentials and signal keys: one item per key under
 * `C#<cid>` / `WSESS#<wid>#…` (never one growing blob). Every write and delete goes through a
 * TransactWrite whose first item checks that this task still holds the lease with the same
 * fence, so a task that lost the session can never overwrite the new holder's keys.
 * Values are opaque strings here (the provider serialises them).
 */
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { sleep, type Timers } from '../ports.ts';
import { cancellationCodes, FencedError } from './errors.ts';
import { companyPk, credsKey, leaseKey, sessionPrefix, signalKey } from './keys.ts';
import type { Lease } from './leases.ts';

type TransactItem = NonNullable<
  ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']
>[number];

/** One change: a value to store, or null to delete the key. */
export interface CredentialChange {
  /** `creds`, or a signal key's type and id. */
  key: { kind: 'creds' } | { kind: 'signal'; type: string; id: string };
  value: string | null;
}

export interface CredentialStore {
  readCreds(): Promise<string | null>;
  readKeys(type: string, ids: string[]): Promise<Map<string, string>>;
  write(changes: CredentialChange[]): Promise<void>;
  /** Deletes every credential item of the connection. */
  clear(): Promise<void>;
}

/** A TransactWrite holds at most 100 items; one is the lease check. */
const writesPerTransaction = 99;
const conflictRetries = 5;
/** A TransactWrite carries at most 4 MB. */
const bytesPerTransaction = 3_500_000;

export class TableCredentialStore implements CredentialStore {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly companyId: number,
    private readonly whatsappId: number,
    /** The lease this session runs under (read on every write: renewals do not change the fence). */
    private readonly lease: () => Lease,
    private readonly timers: Timers,
    /** Called once when a write is refused because the lease moved on. */
    private readonly onFenced: () => void,
  ) {}

  async readCreds(): Promise<string | null> {
    const result = await this.documents.send(
      new GetCommand({
        TableName: this.tableName,
        Key: credsKey(this.companyId, this.whatsappId),
        ConsistentRead: true,
      }),
    );
    return typeof result.Item?.data === 'string' ? result.Item.data : null;
  }

  async readKeys(type: string, ids: string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    const prefix = `${sessionPrefix(this.whatsappId)}${type}#`;
    const unique = [...new Set(ids)];
    for (let start = 0; start < unique.length; start += 100) {
      let keys: Record<string, unknown>[] | undefined = unique
        .slice(start, start + 100)
        .map((id) => signalKey(this.companyId, this.whatsappId, type, id));
      for (let round = 0; keys && keys.length > 0; round += 1) {
        if (round > 0) await sleep(this.timers, Math.min(1000, 50 * 2 ** round));
        if (round > 8) throw new Error('signal keys: unprocessed keys after retries');
        const result: BatchGetCommandOutput = await this.documents.send(
          new BatchGetCommand({ RequestItems: { [this.tableName]: { Keys: keys, ConsistentRead: true } } }),
        );
        for (const item of result.Responses?.[this.tableName] ?? []) {
          if (typeof item.data === 'string') found.set(String(item.sk).slice(prefix.length), item.data);
        }
        keys = result.UnprocessedKeys?.[this.tableName]?.Keys;
      }
    }
    return found;
  }

  async write(changes: CredentialChange[]): Promise<void> {
    const now = new Date().toISOString();
    const items: TransactItem[] = changes.map((change) => {
      const key =
        change.key.kind === 'creds'
          ? credsKey(this.companyId, this.whatsappId)
          : signalKey(this.companyId, this.whatsappId, change.key.type, change.key.id);
      return change.value === null
        ? { Delete: { TableName: this.tableName, Key: key } }
        : { Put: { TableName: this.tableName, Item: { ...key, data: change.value, updatedAt: now } } };
    });
    await this.commit(items);
  }

  async clear(): Promise<void> {
    const keys: Record<string, unknown>[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.documents.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: {
            ':pk': companyPk(this.companyId),
            ':prefix': sessionPrefix(this.whatsappId),
          },
          ProjectionExpression: 'pk, sk',
          ConsistentRead: true,
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) keys.push({ pk: item.pk, sk: item.sk });
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    await this.commit(keys.map((key) => ({ Delete: { TableName: this.tableName, Key: key } })));
  }

  /** Writes `items` in fenced transactions of at most 99 items and ~3.5 MB (each chunk is atomic). */
  private async commit(items: TransactItem[]): Promise<void> {
    let chunk: TransactItem[] = [];
    let bytes = 0;
    for (const item of items) {
      const size = item.Put ? String(item.Put.Item?.data ?? '').length + 200 : 200;
      if (chunk.length > 0 && (chunk.length === writesPerTransaction || bytes + size > bytesPerTransaction)) {
        await this.commitChunk(chunk);
        chunk = [];
        bytes = 0;
      }
      chunk.push(item);
      bytes += size;
    }
    if (chunk.length > 0) await this.commitChunk(chunk);
  }

  private async commitChunk(items: TransactItem[]): Promise<void> {
    const lease = this.lease();
    const check: TransactItem = {
      ConditionCheck: {
        TableName: this.tableName,
        Key: leaseKey(this.companyId, this.whatsappId),
        ConditionExpression: '#holder = :holder AND #fence = :fence',
        ExpressionAttributeNames: { '#holder': 'holder', '#fence': 'fence' },
        ExpressionAttributeValues: { ':holder': lease.holder, ':fence': lease.fence },
      },
    };
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.documents.send(new TransactWriteCommand({ TransactItems: [check, ...items] }));
        return;
      } catch (error) {
        const codes = cancellationCodes(error);
        if (codes?.[0] === 'ConditionalCheckFailed') {
          this.onFenced();
          throw new FencedError(this.companyId, this.whatsappId);
        }
        // A renewal touching the lease item at the same moment cancels the transaction: retry.
        const conflict =
          codes?.includes('TransactionConflict') ||
          (error as { name?: string }).name === 'TransactionConflictException';
        if (!conflict || attempt >= conflictRetries) throw error;
        await sleep(this.timers, 20 * 2 ** attempt);
      }
    }
  }
}
