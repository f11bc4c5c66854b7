/**
 * The registry of live connector tasks (`WTASKS` / `<holderId>`): each task writes how many
 * sessions it holds every time it renews its leases, with the same expiry, so the tasks can
 * share the sessions evenly (a task that holds none yet is counted too) and hand sessions to the
 * least busy one.
 */
import { DeleteCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tasksPk } from './keys.ts';

export interface LiveTask {
  holder: string;
  sessions: number;
  maxSessions: number;
}

const toSeconds = (ms: number): number => Math.floor(ms / 1000);

export class TaskRegistry {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly holder: string,
    private readonly ttlMs: number,
  ) {}

  async beat(sessions: number, maxSessions: number, nowMs: number): Promise<void> {
    await this.documents.send(
      new PutCommand({
        TableName: this.tableName,
        Item: {
          pk: tasksPk,
          sk: this.holder,
          sessions,
          // Infinity is not a DynamoDB number.
          maxSessions: Number.isFinite(maxSessions) ? maxSessions : -1,
          expiresAt: toSeconds(nowMs + this.ttlMs),
        },
      }),
    );
  }

  async live(nowMs: number): Promise<LiveTask[]> {
    const tasks: LiveTask[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.documents.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': tasksPk },
          ConsistentRead: true,
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) {
        if (Number(item.expiresAt) < toSeconds(nowMs)) continue;
        const max = Number(item.maxSessions);
        tasks.push({
          holder: String(item.sk),
          sessions: Number(item.sessions ?? 0),
          maxSessions: max < 0 ? Number.POSITIVE_INFINITY : max,
        });
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return tasks;
  }

  async leave(): Promise<void> {
    await this.documents.send(
      new DeleteCommand({ TableName: this.tableName, Key: { pk: tasksPk, sk: this.holder } }),
    );
  }
}
