import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '#aws/dynamo';
import { companyMainPartition, purgeMarkerSortKey } from '#domain/company-partitions';
import { initialProgress, restartedProgress, type PurgeBudget, type PurgeProgress } from '#domain/company-purge-plan';
import { connectionTokenClaimKey } from './connection-token-entity.ts';
import { queryAllItems } from './paged-query.ts';
import { isConditionFailure } from './sessions.ts';

/**
 * The company purge's data access (AP-CP-*, docs/data-model.md). Keys only: every query projects
 * `pk, sk` (plus what a step needs), every delete is by key, and nothing here scans.
 */

export type ItemKey = { pk: string; sk: string };

/** The purge marker: the company item's stand-in while its data is deleted, with the purge's progress. */
export interface PurgeMarker extends PurgeProgress {
  companyId: number;
  nameKey: string;
  requestedAt: string;
}

/** A partition to empty: a base-table partition (`pk`) or an index partition whose items are deleted by their table keys. */
export interface PartitionRef {
  attribute: 'pk' | 'gsi1pk';
  value: string;
}

const markerKey = (companyId: number): ItemKey => ({ pk: companyMainPartition(companyId), sk: purgeMarkerSortKey });
const companyKey = (companyId: number): ItemKey => ({ pk: companyMainPartition(companyId), sk: 'COMPANY' });
const isPurgeMarker = (key: ItemKey) => key.sk === purgeMarkerSortKey && /^C#\d+$/.test(key.pk);
const pageSize = 250;
const batchSize = 25;
const parallelBatches = 4;

function isCanceledBy(error: unknown, index: number): boolean {
  const reasons = (error as { name?: string; CancellationReasons?: { Code?: string }[] }).CancellationReasons;
  return (error as { name?: string }).name === 'TransactionCanceledException' && reasons?.[index]?.Code === 'ConditionalCheckFailed';
}

function markerOf(item: Record<string, unknown>): PurgeMarker {
  return {
    companyId: Number(item.companyId),
    nameKey: String(item.nameKey ?? ''),
    requestedAt: String(item.requestedAt ?? ''),
    round: Number(item.round),
    phase: item.phase as PurgeMarker['phase'],
    nextTicketId: Number(item.nextTicketId ?? 1),
    ticketsUpTo: Number(item.ticketsUpTo ?? 0),
    settleRounds: Number(item.settleRounds ?? 0),
  };
}

/**
 * AP-CP-1: the company item is replaced by its purge marker in one transaction: the company is
 * gone for every reader at once (lists, its users' requests, the `company` live event), and the
 * marker, deleted last, lets a purge that stopped half-way be resumed. Undefined when the company
 * item no longer exists.
 */
export async function replaceCompanyByPurgeMarker(company: { id: number; nameKey: string }): Promise<PurgeMarker | undefined> {
  const marker: PurgeMarker = { companyId: company.id, nameKey: company.nameKey, requestedAt: new Date().toISOString(), ...initialProgress() };
  for (let attempt = 1; ; attempt += 1) {
    try {
      await documentClient.send(
        new TransactWriteCommand({
          TransactItems: [
            { Delete: { TableName: tableName(), Key: companyKey(company.id), ConditionExpression: 'attribute_exists(pk)' } },
            { Put: { TableName: tableName(), Item: { ...markerKey(company.id), ...marker } } },
          ],
        }),
      );
      return marker;
    } catch (error) {
      if (isCanceledBy(error, 0)) return undefined;
      if ((error as { name?: string }).name !== 'TransactionCanceledException' || attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25 * attempt));
    }
  }
}

/** AP-CP-2: a company's purge marker, read consistently. */
export async function getPurgeMarker(companyId: number): Promise<PurgeMarker | undefined> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName(), Key: markerKey(companyId), ConsistentRead: true }));
  return Item ? markerOf(Item) : undefined;
}

/** AP-CP-3: a new DELETE of a company being purged: a new round from the first phase. Undefined when no purge exists. */
export async function restartPurge(companyId: number): Promise<PurgeMarker | undefined> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const current = await getPurgeMarker(companyId);
    if (!current) return undefined;
    const next = restartedProgress(current);
    if (await advancePurge(companyId, current.round, next)) return { ...current, ...next };
  }
  throw new Error(`company ${companyId}: the purge kept moving while restarting it`);
}

/** AP-CP-4: record a step's progress, only if no other step has moved the purge since `round`. */
export async function advancePurge(companyId: number, round: number, next: PurgeProgress): Promise<boolean> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: markerKey(companyId),
        UpdateExpression: 'SET #round = :next, #phase = :phase, nextTicketId = :nextTicketId, ticketsUpTo = :ticketsUpTo, settleRounds = :settleRounds',
        ConditionExpression: '#round = :round',
        ExpressionAttributeNames: { '#round': 'round', '#phase': 'phase' },
        ExpressionAttributeValues: {
          ':round': round,
          ':next': next.round,
          ':phase': next.phase,
          ':nextTicketId': next.nextTicketId,
          ':ticketsUpTo': next.ticketsUpTo,
          ':settleRounds': next.settleRounds,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** AP-CP-5: the purge is over: the marker, the company's last item, goes. */
export async function deletePurgeMarker(companyId: number, round: number): Promise<boolean> {
  try {
    await documentClient.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: markerKey(companyId),
        ConditionExpression: '#round = :round',
        ExpressionAttributeNames: { '#round': 'round' },
        ExpressionAttributeValues: { ':round': round },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** A claim on a platform-level key (`EMAIL#…`, `COMPANYNAME#…`) is deleted only while it still names the company. */
async function releaseClaim(key: ItemKey, companyId: number): Promise<void> {
  try {
    await documentClient.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: key,
        ConditionExpression: 'companyId = :companyId',
        ExpressionAttributeValues: { ':companyId': companyId },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** AP-CP-6: the company's name claim, so the name is free again (only while it names the company). */
export async function releaseCompanyName(companyId: number, nameKey: string): Promise<void> {
  await releaseClaim({ pk: `COMPANYNAME#${nameKey}`, sk: 'NAME' }, companyId);
}

async function queryPage(input: Omit<QueryCommandInput, 'TableName'>) {
  return documentClient.send(new QueryCommand({ TableName: tableName(), ...input }));
}

/** Every item of the company partition under a sort-key prefix, with the attributes asked (bounded sets: users, connections). */
async function mainItemsWithPrefix(companyId: number, prefix: string, attributes: string[]): Promise<Record<string, unknown>[]> {
  return queryAllItems({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': companyMainPartition(companyId), ':prefix': prefix },
    ...projection(attributes),
  });
}

/**
 * AP-CP-7: nobody of the company can sign in, refresh a session or call the external API any
 * more: its users' e-mail claims and its connections' token claims (those still naming the
 * company) and its login sessions go. Users and connections are bounded by the plan.
 */
export async function releaseCompanySignIn(companyId: number): Promise<void> {
  const users = await mainItemsWithPrefix(companyId, 'USER#', ['email']);
  for (const user of users) {
    if (typeof user.email === 'string') await releaseClaim({ pk: `EMAIL#${user.email}`, sk: 'USER' }, companyId);
  }
  const connections = await mainItemsWithPrefix(companyId, 'WAPP#', ['#token']);
  for (const connection of connections) {
    if (typeof connection.token === 'string') await releaseClaim(connectionTokenClaimKey(connection.token), companyId);
  }
  const sessions = await mainItemsWithPrefix(companyId, 'SESSION#', []);
  await deleteKeys(sessions.map((item) => ({ pk: String(item.pk), sk: String(item.sk) })));
}

/** AP-CP-8: the ids of the company's connections (bounded by the plan). */
export async function companyConnectionIds(companyId: number): Promise<number[]> {
  const items = await mainItemsWithPrefix(companyId, 'WAPP#', ['id']);
  return items.map((item) => Number(item.id)).filter((id) => Number.isInteger(id));
}

/** AP-CP-9: the highest id a company counter has handed out (0 when it never did, or is gone). */
export async function counterValue(companyId: number, kind: string): Promise<number> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: { pk: companyMainPartition(companyId), sk: `SEQ#${kind}` }, ConsistentRead: true }),
  );
  return Number(Item?.value ?? 0);
}

/** AP-CP-10: delete a ticket item; answers its status and the timer deadlines it held, so their schedules can be cancelled. */
export async function deleteTicketItem(
  companyId: number,
  ticketId: number,
): Promise<{ status: string; transferAt?: string; expireAt?: string; ratingAt?: string } | undefined> {
  const { Attributes } = await documentClient.send(
    new DeleteCommand({ TableName: tableName(), Key: { pk: companyMainPartition(companyId), sk: `TICKET#${ticketId}` }, ReturnValues: 'ALL_OLD' }),
  );
  if (!Attributes) return undefined;
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  return {
    status: String(Attributes.status),
    transferAt: text(Attributes.transferAt),
    expireAt: text(Attributes.expireAt),
    ratingAt: text(Attributes.ratingAt),
  };
}

/** AP-CP-11: delete items by key, 25 per request, retrying what DynamoDB left unprocessed. */
export async function deleteKeys(keys: ItemKey[]): Promise<void> {
  const batches: ItemKey[][] = [];
  for (let index = 0; index < keys.length; index += batchSize) batches.push(keys.slice(index, index + batchSize));
  for (let index = 0; index < batches.length; index += parallelBatches) {
    await Promise.all(batches.slice(index, index + parallelBatches).map(deleteBatch));
  }
}

async function deleteBatch(keys: ItemKey[]): Promise<void> {
  let requests = keys.map((Key) => ({ DeleteRequest: { Key } }));
  for (let attempt = 0; requests.length > 0; attempt += 1) {
    if (attempt >= 10) throw new Error(`${requests.length} deletes stayed unprocessed`);
    const answer = await documentClient.send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
    requests = (answer.UnprocessedItems?.[tableName()] ?? []) as typeof requests;
    if (requests.length > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** Math.min(attempt, 5)));
  }
}

/**
 * The keys plus `attributes`; a name written `#name` is one of DynamoDB's reserved words (`token`)
 * and goes through ExpressionAttributeNames.
 */
function projection(attributes: string[], names: Record<string, string> = {}) {
  const aliased = Object.fromEntries(attributes.filter((a) => a.startsWith('#')).map((a) => [a, a.slice(1)]));
  const allNames = { ...names, ...aliased };
  return {
    ProjectionExpression: ['pk', 'sk', ...attributes].join(', '),
    ...(Object.keys(allNames).length > 0 ? { ExpressionAttributeNames: allNames } : {}),
  };
}

function partitionQuery(partition: PartitionRef, attributes: string[], limit: number): Omit<QueryCommandInput, 'TableName'> {
  return {
    ...(partition.attribute === 'pk' ? {} : { IndexName: partition.attribute.replace(/pk$/, '') }),
    KeyConditionExpression: '#key = :value',
    ExpressionAttributeValues: { ':value': partition.value },
    ...projection(attributes, { '#key': partition.attribute }),
    Limit: limit,
  };
}

/**
 * AP-CP-12: delete a partition's items (keys only, page by page) within the step's budget.
 * `complete` once a page came back with nothing after it; an unfinished partition is simply
 * queried again by the next step (what was deleted is no longer there).
 */
export async function emptyPartition(
  partition: PartitionRef,
  budget: PurgeBudget,
  options: { keep?: (key: ItemKey) => boolean; beforeDelete?: (items: Record<string, unknown>[]) => Promise<void>; attributes?: string[] } = {},
): Promise<{ deleted: number; complete: boolean }> {
  let deleted = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    if (budget.exhausted) return { deleted, complete: false };
    const page = await queryPage({ ...partitionQuery(partition, options.attributes ?? [], pageSize), ExclusiveStartKey: startKey });
    const items = (page.Items ?? []).filter((item) => !options.keep?.({ pk: String(item.pk), sk: String(item.sk) }));
    if (options.beforeDelete) await options.beforeDelete(items);
    await deleteKeys(items.map((item) => ({ pk: String(item.pk), sk: String(item.sk) })));
    deleted += items.length;
    budget.spend(items.length);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return { deleted, complete: true };
}

/**
 * AP-CP-13: the company's own partition, all but the purge marker. A user's e-mail claim goes
 * with the user (only while it still names the company), so a purge resumed after a failure
 * still frees every e-mail.
 */
export async function emptyCompanyPartition(companyId: number, budget: PurgeBudget): Promise<{ deleted: number; complete: boolean }> {
  return emptyPartition({ attribute: 'pk', value: companyMainPartition(companyId) }, budget, {
    attributes: ['email', '#token'],
    keep: isPurgeMarker,
    beforeDelete: async (items) => {
      for (const item of items) {
        if (String(item.sk).startsWith('USER#') && typeof item.email === 'string') {
          await releaseClaim({ pk: `EMAIL#${item.email}`, sk: 'USER' }, companyId);
        }
        if (String(item.sk).startsWith('WAPP#') && typeof item.token === 'string') {
          await releaseClaim(connectionTokenClaimKey(item.token), companyId);
        }
      }
    },
  });
}

/** AP-CP-14: the sort keys of up to `limit` items left in a partition (settle's look; the marker excepted). */
export async function remainingKeys(partition: PartitionRef, limit = 100): Promise<ItemKey[]> {
  const page = await queryPage(partitionQuery(partition, [], limit));
  return (page.Items ?? [])
    .map((item) => ({ pk: String(item.pk), sk: String(item.sk) }))
    .filter((key) => !isPurgeMarker(key));
}
