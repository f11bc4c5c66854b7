/**
 * Connection health's access patterns (docs/data-model.md, "Connection health"): the history
 * events, the per-day counters, the open alerts and the claims of their e-mails. Reads are
 * Queries of the company's partition under the connection's own prefix; items past their TTL
 * are filtered out, since DynamoDB Local never deletes them.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type {
  ConnectionAlertKind,
  ConnectionEventKind,
  DisconnectReason,
} from '@atende/shared/entities/connection-health';
import { documentClient, tableName } from '#aws/dynamo';
import type { ConnectionDayRecord, ConnectionEventRecord } from '#domain/connection-health';
import { retriedOnTransactionConflict } from './conflict-retry.ts';
import {
  connectionAlertEntity,
  connectionAlertMailEntity,
  connectionDayEntity,
  connectionEventEntity,
} from './connection-health-entities.ts';
import { isConditionFailure, writtenIf } from './sessions.ts';

export type { ConnectionDayRecord, ConnectionEventRecord } from '#domain/connection-health';

export interface ConnectionAlertRecord {
  companyId: number;
  whatsappId: number;
  kind: ConnectionAlertKind;
  name: string;
  reason: DisconnectReason | null;
  openedAt: string;
}

const pk = (companyId: number) => `C#${companyId}`;
const eventPrefix = (whatsappId: number) => `WHEALTH#${whatsappId}#EV#`;
const dayPrefix = (whatsappId: number) => `WHEALTH#${whatsappId}#DAY#`;
const nowSeconds = (nowMs: number) => Math.floor(nowMs / 1000);

async function queryAll(input: Omit<ConstructorParameters<typeof QueryCommand>[0], 'TableName'>): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey: startKey }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey && !input.Limit);
  return items;
}

function eventOf(item: Record<string, unknown>): ConnectionEventRecord {
  return {
    at: String(item.at),
    kind: item.kind as ConnectionEventKind,
    reason: typeof item.reason === 'string' ? (item.reason as DisconnectReason) : null,
  };
}

function dayOf(item: Record<string, unknown>): ConnectionDayRecord {
  return {
    day: String(item.day),
    in: typeof item.in === 'number' ? item.in : 0,
    out: typeof item.out === 'number' ? item.out : 0,
    lastInAt: typeof item.lastInAt === 'string' ? item.lastInAt : null,
    silentAlert: typeof item.silentAlert === 'string' ? item.silentAlert : null,
  };
}

function alertOf(item: Record<string, unknown>): ConnectionAlertRecord {
  return {
    companyId: Number(item.companyId),
    whatsappId: Number(item.whatsappId),
    kind: item.kind as ConnectionAlertKind,
    name: String(item.name ?? ''),
    reason: typeof item.reason === 'string' ? (item.reason as DisconnectReason) : null,
    openedAt: String(item.openedAt),
  };
}

/** AP-CH-1: record a history event; its time is its key, so a stream record delivered twice writes it once. */
export async function recordConnectionEvent(
  companyId: number,
  whatsappId: number,
  event: ConnectionEventRecord,
  expiresAt: number,
): Promise<void> {
  await connectionEventEntity
    .put({
      companyId,
      whatsappId,
      at: event.at,
      kind: event.kind,
      ...(event.reason ? { reason: event.reason } : {}),
      expiresAt,
    })
    .go();
}

/** The unexpired items of one prefix from `from` on, oldest first (AP-CH-2, AP-CH-5). */
function listFrom(companyId: number, prefix: string, from: string, nowMs: number): Promise<Record<string, unknown>[]> {
  return queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    FilterExpression: 'attribute_not_exists(expiresAt) OR expiresAt > :now',
    ExpressionAttributeValues: { ':pk': pk(companyId), ':from': `${prefix}${from}`, ':to': `${prefix}~`, ':now': nowSeconds(nowMs) },
  });
}

/** AP-CH-2: a connection's events from `fromIso` on, oldest first, unexpired. */
export const listConnectionEvents = async (companyId: number, whatsappId: number, fromIso: string, nowMs: number) =>
  (await listFrom(companyId, eventPrefix(whatsappId), fromIso, nowMs)).map(eventOf);

/** AP-CH-3: the newest event before `beforeIso` (the state a period starts in), if any. */
export async function latestConnectionEventBefore(
  companyId: number,
  whatsappId: number,
  beforeIso: string,
): Promise<ConnectionEventRecord | null> {
  const [item] = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': pk(companyId),
      ':from': eventPrefix(whatsappId),
      ':to': `${eventPrefix(whatsappId)}${beforeIso}`,
    },
    ScanIndexForward: false,
    Limit: 1,
  });
  return item ? eventOf(item) : null;
}

/**
 * AP-CH-4: count a stream batch's messages of one connection's day in one write (ADD `in` and/or
 * `out`; inbound ones also set `lastInAt`); answers the day as it is now.
 */
export async function countConnectionMessages(
  companyId: number,
  whatsappId: number,
  day: string,
  counts: { in: number; out: number; lastInAt: string | undefined },
  expiresAt: number,
): Promise<ConnectionDayRecord> {
  const adds: { in?: number; out?: number } = {};
  if (counts.in > 0) adds.in = counts.in;
  if (counts.out > 0) adds.out = counts.out;
  // The connector counts its sends on the same item in the transaction that marks each one.
  const { data } = await retriedOnTransactionConflict(() =>
    connectionDayEntity
      .update({ companyId, whatsappId, day })
      .add(adds)
      .set(counts.lastInAt ? { lastInAt: counts.lastInAt, expiresAt } : { expiresAt })
      .go({ response: 'all_new' }),
  );
  return dayOf({ ...data, day });
}

/** AP-CH-5: a connection's days from `fromDay` on, oldest first, unexpired. */
export const listConnectionDays = async (companyId: number, whatsappId: number, fromDay: string, nowMs: number) =>
  (await listFrom(companyId, dayPrefix(whatsappId), fromDay, nowMs)).map(dayOf);

/** AP-CH-6: the connection's newest day (its last inbound, for the silence watch), if any. */
export async function latestConnectionDay(companyId: number, whatsappId: number): Promise<ConnectionDayRecord | null> {
  const [item] = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk(companyId), ':prefix': dayPrefix(whatsappId) },
    ScanIndexForward: false,
    Limit: 1,
  });
  return item ? dayOf(item) : null;
}

/** AP-CH-7: set or clear the silent alert's mark on a day (created if the day has no item yet). */
export async function markSilentAlert(
  companyId: number,
  whatsappId: number,
  day: string,
  openedAt: string | null,
  expiresAt: number,
): Promise<void> {
  const update = connectionDayEntity.update({ companyId, whatsappId, day });
  await (openedAt ? update.set({ silentAlert: openedAt, expiresAt }) : update.remove(['silentAlert'])).go();
}

/**
 * AP-CH-8: open an alert unless one of the kind is open (conditional put). Answers the alert that
 * is open now and whether this call opened it.
 */
export async function openConnectionAlert(
  alert: ConnectionAlertRecord,
): Promise<{ alert: ConnectionAlertRecord; opened: boolean }> {
  try {
    await connectionAlertEntity
      .create({
        companyId: alert.companyId,
        whatsappId: alert.whatsappId,
        kind: alert.kind,
        name: alert.name,
        ...(alert.reason ? { reason: alert.reason } : {}),
        openedAt: alert.openedAt,
      })
      .go();
    return { alert, opened: true };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const existing = await getConnectionAlert(alert.companyId, alert.whatsappId, alert.kind);
    return { alert: existing ?? alert, opened: false };
  }
}

/** AP-CH-9: one open alert. */
export async function getConnectionAlert(
  companyId: number,
  whatsappId: number,
  kind: ConnectionAlertKind,
): Promise<ConnectionAlertRecord | null> {
  const { data } = await connectionAlertEntity.get({ companyId, whatsappId, kind }).go({ consistent: true });
  return data ? alertOf(data) : null;
}

/** AP-CH-10: close an alert (delete if it exists); answers whether one was open. */
export async function closeConnectionAlert(companyId: number, whatsappId: number, kind: ConnectionAlertKind): Promise<boolean> {
  return writtenIf(() =>
    connectionAlertEntity
      .delete({ companyId, whatsappId, kind })
      .where(({ openedAt }, { exists }) => exists(openedAt))
      .go(),
  );
}

/** AP-CH-11: the company's open alerts (GET /whatsapp/health/alerts, the SPA's banner). */
export async function listOpenConnectionAlerts(companyId: number): Promise<ConnectionAlertRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk(companyId), ':prefix': 'WALERT#' },
  });
  return items.map(alertOf);
}

/** AP-CH-12: claim one admin's e-mail of one incident (conditional put); false when it was claimed before. */
export async function claimAlertMail(
  alert: ConnectionAlertRecord,
  userId: number,
  expiresAt: number,
): Promise<boolean> {
  return writtenIf(() =>
    connectionAlertMailEntity
      .create({
        companyId: alert.companyId,
        whatsappId: alert.whatsappId,
        kind: alert.kind,
        openedAt: alert.openedAt,
        userId,
        expiresAt,
      })
      .go(),
  );
}

/** AP-CH-13: give a claim back (the e-mail could not be sent: a retry sends it). */
export async function releaseAlertMail(alert: ConnectionAlertRecord, userId: number): Promise<void> {
  await connectionAlertMailEntity
    .delete({ companyId: alert.companyId, whatsappId: alert.whatsappId, kind: alert.kind, openedAt: alert.openedAt, userId })
    .go();
}
