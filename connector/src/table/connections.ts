/**
 * The connection item (`C#<cid>` / `WAPP#<wid>`, an ElectroDB item owned by the REST module).
 * The connector only sets `status`, `qrcode`, `retries`, `number`, `updatedAt` and the `running`
 * flag with its sparse index keys; it never creates the item (`attribute_exists(pk)`) and leaves
 * ElectroDB's own attributes alone.
 */
import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { ConnectionStatus } from '@atende/shared/entities/whatsapp';
import type { DisconnectReason } from '@atende/shared/entities/connection-health';
import { cancellationCodes, FencedError, isConditionFailure } from './errors.ts';
import {
  connectionKey,
  leaseKey,
  parseRunningSk,
  runningIndex,
  runningPk,
  runningSk,
  runningValue,
} from './keys.ts';
import type { Lease } from './leases.ts';

export interface ConnectionInfo {
  companyId: number;
  whatsappId: number;
  provider: string;
  status: string | undefined;
  running: boolean;
}

export interface StatusChange {
  status: ConnectionStatus;
  /** Set with `qrcode`; removed otherwise. */
  qrcode?: string;
  retries?: number;
  number?: string;
  /** A disconnect: sets `lastDisconnectAt` (now) and `lastDisconnectReason` with the status. */
  reason?: DisconnectReason;
}

export class ConnectionStore {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async get(companyId: number, whatsappId: number): Promise<ConnectionInfo | null> {
    const result = await this.documents.send(
      new GetCommand({
        TableName: this.tableName,
        Key: connectionKey(companyId, whatsappId),
        ConsistentRead: true,
      }),
    );
    const item = result.Item;
    if (!item) return null;
    return {
      companyId,
      whatsappId,
      provider: typeof item.provider === 'string' ? item.provider : 'beta',
      status: typeof item.status === 'string' ? item.status : undefined,
      running: item.gsi2pk === runningPk,
    };
  }

  /** The connections that should run (the sparse gsi2 index). */
  async listRunning(): Promise<{ companyId: number; whatsappId: number }[]> {
    const found: { companyId: number; whatsappId: number }[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.documents.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: runningIndex,
          KeyConditionExpression: 'gsi2pk = :pk',
          ExpressionAttributeValues: { ':pk': runningPk },
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) {
        const parsed = parseRunningSk(String(item.gsi2sk ?? ''));
        if (parsed) found.push(parsed);
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return found;
  }

  /** Sets or removes the `running` flag; false when the connection does not exist. */
  async setRunning(companyId: number, whatsappId: number, running: boolean, now: Date): Promise<boolean> {
    try {
      await this.documents.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: connectionKey(companyId, whatsappId),
          ...(running
            ? {
                UpdateExpression:
                  'SET #running = :running, #gsi2pk = :gsi2pk, #gsi2sk = :gsi2sk, #updatedAt = :updatedAt',
                ExpressionAttributeValues: {
                  ':running': runningValue,
                  ':gsi2pk': runningPk,
                  ':gsi2sk': runningSk(companyId, whatsappId),
                  ':updatedAt': now.toISOString(),
                },
              }
            : {
                UpdateExpression: 'SET #updatedAt = :updatedAt REMOVE #running, #gsi2pk, #gsi2sk',
                ExpressionAttributeValues: { ':updatedAt': now.toISOString() },
              }),
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: {
            '#running': 'running',
            '#gsi2pk': 'gsi2pk',
            '#gsi2sk': 'gsi2sk',
            '#updatedAt': 'updatedAt',
          },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  /**
   * Writes a status change, fenced by the lease: a task that lost the session cannot overwrite
   * the new holder's status. False when the connection no longer exists; FencedError when the
   * lease moved on.
   */
  async setStatus(lease: Lease, change: StatusChange, now: Date): Promise<boolean> {
    const names: Record<string, string> = {
      '#status': 'status',
      '#updatedAt': 'updatedAt',
      '#qrcode': 'qrcode',
    };
    const values: Record<string, unknown> = { ':status': change.status, ':updatedAt': now.toISOString() };
    const sets = ['#status = :status', '#updatedAt = :updatedAt'];
    let remove = '';
    if (change.qrcode !== undefined) {
      sets.push('#qrcode = :qrcode');
      values[':qrcode'] = change.qrcode;
    } else {
      remove = ' REMOVE #qrcode';
    }
    if (change.retries !== undefined) {
      names['#retries'] = 'retries';
      sets.push('#retries = :retries');
      values[':retries'] = change.retries;
    }
    if (change.number !== undefined) {
      names['#number'] = 'number';
      sets.push('#number = :number');
      values[':number'] = change.number;
    }
    if (change.reason !== undefined) {
      names['#lastDisconnectAt'] = 'lastDisconnectAt';
      names['#lastDisconnectReason'] = 'lastDisconnectReason';
      sets.push('#lastDisconnectAt = :updatedAt', '#lastDisconnectReason = :reason');
      values[':reason'] = change.reason;
    }
    try {
      await this.documents.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              ConditionCheck: {
                TableName: this.tableName,
                Key: leaseKey(lease.companyId, lease.whatsappId),
                ConditionExpression: '#holder = :holder AND #fence = :fence',
                ExpressionAttributeNames: { '#holder': 'holder', '#fence': 'fence' },
                ExpressionAttributeValues: { ':holder': lease.holder, ':fence': lease.fence },
              },
            },
            {
              Update: {
                TableName: this.tableName,
                Key: connectionKey(lease.companyId, lease.whatsappId),
                UpdateExpression: `SET ${sets.join(', ')}${remove}`,
                ConditionExpression: 'attribute_exists(pk)',
                ExpressionAttributeNames: names,
                ExpressionAttributeValues: values,
              },
            },
          ],
        }),
      );
      return true;
    } catch (error) {
      const codes = cancellationCodes(error);
      if (codes?.[0] === 'ConditionalCheckFailed') throw new FencedError(lease.companyId, lease.whatsappId);
      if (codes?.[1] === 'ConditionalCheckFailed') return false;
      throw error;
    }
  }

  /** A status written without a lease (stopSession of a connection no task runs). */
  async setStatusUnfenced(
    companyId: number,
    whatsappId: number,
    change: StatusChange,
    now: Date,
  ): Promise<boolean> {
    try {
      await this.documents.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: connectionKey(companyId, whatsappId),
          UpdateExpression: `SET #status = :status, #updatedAt = :updatedAt${change.qrcode === undefined ? ' REMOVE #qrcode' : ', #qrcode = :qrcode'}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#status': 'status', '#updatedAt': 'updatedAt', '#qrcode': 'qrcode' },
          ExpressionAttributeValues: {
            ':status': change.status,
            ':updatedAt': now.toISOString(),
            ...(change.qrcode === undefined ? {} : { ':qrcode': change.qrcode }),
          },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }
}
