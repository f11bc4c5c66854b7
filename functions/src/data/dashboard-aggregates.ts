import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '#aws/dynamo';
import type { ItemRef } from './batch-get.ts';
import { bucketFields, type DayBucket } from '#domain/dashboard/figures';
import { blockKey, type Block } from '#domain/dashboard/blocks';
import type { FirstResponse, Fields, MessageFact, TimelineEvent } from '#domain/dashboard/metrics';
import {
  dashboardBlockEntity,
  dashboardAppliedEntity,
  dashboardDayEntity,
  dashboardLiveEntity,
  ticketFirstResponseEntity,
  ticketListCountEntity,
} from './dashboard-entities.ts';
import { messageEntity } from './message-entity.ts';
import { ticketEventEntity } from './ticket-entity.ts';
import { queryAllItems, queryPages } from './paged-query.ts';

// ---------------------------------------------------------------- Reads of the dashboard

/** AP-DA-1: the day items of a period (one per day, at most a year), for the charts. */
export async function dashboardDays(companyId: number, from: string, to: string): Promise<DayBucket[]> {
  const { pk, sk: fromKey } = dashboardDayEntity.get({ companyId, day: from }).params<{ Key: { pk: string; sk: string } }>().Key;
  const toKey = dashboardDayEntity.get({ companyId, day: to }).params<{ Key: { sk: string } }>().Key.sk;
  const items = await queryAllItems({
    KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
    ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
    ExpressionAttributeValues: { ':pk': pk, ':from': fromKey, ':to': toKey },
  });
  return items.map((item) => ({ day: String(item.day), fields: bucketFields(item) }));
}

/**
 * AP-DA-7: blocks of a company's figures (domain/dashboard/blocks.ts; at most 15 cover 90 days),
 * read in one batch: each block's figures by `<size>#<start>`, an absent block as no figures.
 */
export async function dashboardBlocks(companyId: number, blocks: readonly Block[]): Promise<Map<string, Fields>> {
  const figures = new Map<string, Fields>(blocks.map((block) => [blockKey(block), {}]));
  let keys = blocks.map((block) => dashboardBlockEntity.get({ companyId, size: block.size, start: block.start }).params<{ Key: Record<string, string> }>().Key);
  for (let attempt = 0; keys.length > 0; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** Math.min(attempt, 5)));
    const answer = await documentClient.send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys } } }));
    for (const item of answer.Responses?.[tableName()] ?? []) {
      figures.set(blockKey({ size: Number(item.size), start: String(item.start) }), bucketFields(item));
    }
    keys = (answer.UnprocessedKeys?.[tableName()]?.Keys ?? []) as Record<string, string>[];
  }
  return figures;
}

/**
 * AP-TK-15: a ticket list partition's counter (open and pending tabs; absent: no ticket), read as
 * part of the page's batch (data/batch-get.ts, modules/tickets/related.ts).
 */
export function ticketListCountRef(companyId: number, partition: string): ItemRef<number> {
  const { pk, sk } = ticketListCountEntity.get({ companyId, partition }).params<{ Key: { pk: string; sk: string } }>().Key;
  return { pk, sk, parse: (item) => Number(item.count ?? 0) };
}

/** AP-DA-2: tickets open and pending now. */
export async function dashboardLive(companyId: number): Promise<Fields> {
  const { data } = await dashboardLiveEntity.get({ companyId }).go();
  return { open: data?.open ?? 0, pending: data?.pending ?? 0 };
}

// ---------------------------------------------------------------- Reads of the aggregator

/**
 * AP-DA-3: a page of a ticket's timeline before an entry, newest first. The timeline is written
 * before its stream record exists, so what came before an event is always there to read, in
 * whatever order the stream delivers the events.
 */
export async function timelineBefore(
  companyId: number,
  ticketId: number,
  beforeKey: string,
  startKey?: Record<string, unknown>,
): Promise<{ events: TimelineEvent[]; next?: Record<string, unknown> }> {
  const page = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :first AND :before',
      ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
      ExpressionAttributeValues: { ':pk': `C#${companyId}#T#${ticketId}`, ':first': 'EV#', ':before': beforeKey },
      ScanIndexForward: false,
      Limit: 25,
      ExclusiveStartKey: startKey,
    }),
  );
  const items = (page.Items ?? []).filter((item) => item.sk !== beforeKey);
  const events = ticketEventEntity.parse({ Items: items }).data as TimelineEvent[];
  return { events, ...(page.LastEvaluatedKey ? { next: page.LastEvaluatedKey } : {}) };
}

/**
 * AP-DA-4: a ticket's messages from an instant up to a message (its gsi1 sort key), oldest
 * first, a page at a time; the caller stops as soon as it has its answer.
 */
export async function* ticketMessagesBetween(
  companyId: number,
  ticketId: number,
  after: string,
  untilKey: string,
): AsyncGenerator<MessageFact[]> {
  const pages = queryPages({
    IndexName: 'gsi1',
    KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :after AND :until',
    ExpressionAttributeNames: { '#pk': 'gsi1pk', '#sk': 'gsi1sk' },
    // Instants start with a digit: '0' is before every message of the first conversation.
    ExpressionAttributeValues: { ':pk': `C#${companyId}#T#${ticketId}`, ':after': after || '0', ':until': untilKey },
    Limit: 50,
  });
  for await (const items of pages) {
    yield messageEntity.parse({ Items: items }).data.map((message) => ({
      id: message.id,
      createdAt: message.createdAt,
      fromMe: message.fromMe,
      ...(message.userId !== undefined ? { userId: message.userId } : {}),
    }));
  }
}

/**
 * AP-DA-8: in one Query of a ticket's partition, newest first, the conversations whose first
 * response is counted (their `FRT#` guards, which sort after the timeline) and the timeline
 * before an entry. `complete` says the page held every guard and the timeline's start; else the
 * events are the newest ones, and `sawTimeline` says whether every guard was read.
 */
export async function firstResponsesAndTimeline(
  companyId: number,
  ticketId: number,
  beforeKey: string,
): Promise<{ recorded: Set<string>; events: TimelineEvent[]; sawTimeline: boolean; complete: boolean }> {
  const page = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :first AND :last',
      ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
      ExpressionAttributeValues: { ':pk': `C#${companyId}#T#${ticketId}`, ':first': 'EV#', ':last': 'FRT#~' },
      ScanIndexForward: false,
      Limit: 25,
    }),
  );
  const items = page.Items ?? [];
  const recorded = new Set(
    items.flatMap((item) => (String(item.sk).startsWith('FRT#') ? [String(item.sk).slice('FRT#'.length)] : [])),
  );
  const timeline = items.filter((item) => String(item.sk).startsWith('EV#'));
  const before = timeline.filter((item) => String(item.sk) < beforeKey);
  const events = ticketEventEntity.parse({ Items: before }).data as TimelineEvent[];
  return { recorded, events, sawTimeline: timeline.length > 0, complete: !page.LastEvaluatedKey };
}

/** AP-DA-5: whether a conversation's first response is already counted. */
export async function firstResponseRecorded(companyId: number, ticketId: number, conversation: string): Promise<boolean> {
  const answer = await documentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: ticketFirstResponseEntity.get({ companyId, ticketId, conversation }).params<{ Key: Record<string, string> }>().Key,
      ProjectionExpression: 'pk',
    }),
  );
  return answer.Item !== undefined;
}

// ---------------------------------------------------------------- Writes of the aggregator

type TransactWritePut = NonNullable<NonNullable<TransactWriteCommandInput['TransactItems']>[number]['Put']>;

export type BucketTarget =
  | { kind: 'day'; companyId: number; day: string }
  | { kind: 'block'; companyId: number; size: number; start: string }
  | { kind: 'live'; companyId: number }
  /** A ticket list partition's count (domain/ticket-list-counts.ts). */
  | { kind: 'list'; companyId: number; partition: string };

/** What one source event adds, and the write that makes it count once. */
export interface AggregateWrite {
  guard:
    | { kind: 'applied'; companyId: number; source: string }
    | { kind: 'firstResponse'; companyId: number; ticketId: number; conversation: string; response: FirstResponse };
  increments: { target: BucketTarget; fields: Fields }[];
}

/** DynamoDB's limit of actions in one transaction. */
const maxTransactionItems = 100;
/** Figures in one bucket update: `#f199 :f199, ` × 200 stays well under the 4 KB expression limit. */
const maxFiguresPerUpdate = 200;
/** Markers outlive the stream's 24-hour retention, so no redelivery can find them gone. */
const appliedMarkerSeconds = 2 * 24 * 60 * 60;

function targetId(target: BucketTarget): string {
  if (target.kind === 'day') return `${target.companyId}|D|${target.day}`;
  if (target.kind === 'block') return `${target.companyId}|B|${target.size}|${target.start}`;
  if (target.kind === 'list') return `${target.companyId}|T|${target.partition}`;
  return `${target.companyId}|L`;
}

type KeyParams = { Key: Record<string, string> };

/** The item a bucket lives in, and the attributes that identify it for ElectroDB. */
function bucketItem(target: BucketTarget): { Key: Record<string, string>; entity: string; identity: Record<string, string | number> } {
  const { companyId } = target;
  switch (target.kind) {
    case 'day':
      return {
        Key: dashboardDayEntity.get({ companyId, day: target.day }).params<KeyParams>().Key,
        entity: 'dashboardDay',
        identity: { companyId, day: target.day },
      };
    case 'block':
      return {
        Key: dashboardBlockEntity.get({ companyId, size: target.size, start: target.start }).params<KeyParams>().Key,
        entity: 'dashboardBlock',
        identity: { companyId, size: target.size, start: target.start },
      };
    case 'list':
      return {
        Key: ticketListCountEntity.get({ companyId, partition: target.partition }).params<KeyParams>().Key,
        entity: 'ticketListCount',
        identity: { companyId, partition: target.partition },
      };
    default:
      return { Key: dashboardLiveEntity.get({ companyId }).params<KeyParams>().Key, entity: 'dashboardLive', identity: { companyId } };
  }
}

function guardId(guard: AggregateWrite['guard']): string {
  return guard.kind === 'applied'
    ? `${guard.companyId}|A|${guard.source}`
    : `${guard.companyId}|F|${guard.ticketId}|${guard.conversation}`;
}

/** The guard's conditional put (ElectroDB's create: only if the item is absent). */
function guardPut(guard: AggregateWrite['guard'], nowSeconds: number): TransactWritePut {
  if (guard.kind === 'applied') {
    return dashboardAppliedEntity
      .create({ companyId: guard.companyId, source: guard.source, expiresAt: nowSeconds + appliedMarkerSeconds })
      .params<TransactWritePut>();
  }
  return ticketFirstResponseEntity
    .create({ companyId: guard.companyId, ticketId: guard.ticketId, conversation: guard.conversation, ...guard.response })
    .params<TransactWritePut>();
}

/** ADD of every figure; the entity markers and identity attributes are SET so ElectroDB can read the item too. */
function incrementUpdate(target: BucketTarget, fields: Fields) {
  const { Key, entity, identity } = bucketItem(target);
  const names: Record<string, string> = { '#edbE': '__edb_e__', '#edbV': '__edb_v__' };
  const values: Record<string, unknown> = { ':edbE': entity, ':edbV': '1' };
  const sets = ['#edbE = :edbE', '#edbV = :edbV'];
  for (const [name, value] of Object.entries(identity)) {
    names[`#${name}`] = name;
    values[`:${name}`] = value;
    sets.push(`#${name} = :${name}`);
  }
  const adds = Object.entries(fields)
    .filter(([, amount]) => amount !== 0)
    .map(([name, amount], index) => {
      names[`#f${index}`] = name;
      values[`:f${index}`] = amount;
      return `#f${index} :f${index}`;
    });
  return {
    TableName: tableName(),
    Key,
    UpdateExpression: `SET ${sets.join(', ')}${adds.length > 0 ? ` ADD ${adds.join(', ')}` : ''}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/**
 * Groups writes into transactions DynamoDB accepts: at most 100 actions (one guard per write
 * plus each bucket touched once), and at most 200 figures in one bucket's ADD (an update
 * expression is limited to 4 KB). One write adds at most a handful of figures to a bucket.
 */
function transactionsOf(writes: readonly AggregateWrite[]): AggregateWrite[][] {
  const chunks: AggregateWrite[][] = [];
  let current: AggregateWrite[] = [];
  let targets = new Map<string, Set<string>>();
  let guards = new Set<string>();
  const fits = (write: AggregateWrite) => {
    if (guards.has(guardId(write.guard))) return false;
    const added = new Set(write.increments.map((increment) => targetId(increment.target)).filter((id) => !targets.has(id)));
    if (current.length + 1 + targets.size + added.size > maxTransactionItems) return false;
    return write.increments.every(({ target, fields }) => {
      const names = new Set([...(targets.get(targetId(target)) ?? []), ...Object.keys(fields)]);
      return names.size <= maxFiguresPerUpdate;
    });
  };
  for (const write of writes) {
    if (current.length > 0 && !fits(write)) {
      chunks.push(current);
      current = [];
      targets = new Map();
      guards = new Set();
    }
    current.push(write);
    guards.add(guardId(write.guard));
    for (const { target, fields } of write.increments) {
      const names = targets.get(targetId(target)) ?? new Set<string>();
      for (const name of Object.keys(fields)) names.add(name);
      targets.set(targetId(target), names);
    }
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

function transactionItems(writes: readonly AggregateWrite[], nowSeconds: number) {
  const merged = new Map<string, { target: BucketTarget; fields: Fields }>();
  for (const write of writes) {
    for (const { target, fields } of write.increments) {
      const id = targetId(target);
      const entry = merged.get(id) ?? { target, fields: {} };
      for (const [name, amount] of Object.entries(fields)) entry.fields[name] = (entry.fields[name] ?? 0) + amount;
      merged.set(id, entry);
    }
  }
  return [
    ...writes.map((write) => ({ Put: guardPut(write.guard, nowSeconds) })),
    ...[...merged.values()].map(({ target, fields }) => ({ Update: incrementUpdate(target, fields) })),
  ];
}

interface CanceledTransaction {
  name: string;
  CancellationReasons?: { Code?: string }[];
}

function isCanceled(error: unknown): error is CanceledTransaction {
  return (error as { name?: string } | null)?.name === 'TransactionCanceledException';
}

const retryableCodes = new Set(['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded']);
const maxConflictRetries = 8;

/**
 * AP-DA-6: count source events exactly once. Each transaction writes every event's guard only if
 * absent (its applied marker, or its conversation's first-response record) with the sum of the
 * events' increments per bucket; an event whose guard already exists was counted by an earlier
 * delivery and is dropped before the transaction is tried again. Answers how many were counted now.
 */
export async function applyAggregates(writes: readonly AggregateWrite[], now: Date = new Date()): Promise<{ applied: number; duplicates: number }> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  let applied = 0;
  let duplicates = 0;
  for (const chunk of transactionsOf(writes.filter((write) => write.increments.length > 0))) {
    let pending = chunk;
    let conflicts = 0;
    while (pending.length > 0) {
      try {
        await documentClient.send(new TransactWriteCommand({ TransactItems: transactionItems(pending, nowSeconds) }));
        applied += pending.length;
        break;
      } catch (error) {
        if (!isCanceled(error)) throw error;
        const reasons = error.CancellationReasons ?? [];
        const counted = new Set(pending.map((_, index) => index).filter((index) => reasons[index]?.Code === 'ConditionalCheckFailed'));
        if (counted.size > 0) {
          duplicates += counted.size;
          pending = pending.filter((_, index) => !counted.has(index));
          continue;
        }
        if (reasons.some((reason) => retryableCodes.has(reason.Code ?? '')) && conflicts < maxConflictRetries) {
          conflicts += 1;
          await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** conflicts + Math.random() * 20));
          continue;
        }
        throw error;
      }
    }
  }
  return { applied, duplicates };
}
