/**
 * The dashboard's reads, and what a container keeps between calls. Events are bucketed by their
 * own time, so a block whose days are all before today changes only when the stream delivers
 * late (a retried batch, or events of the last seconds before midnight): such blocks are kept
 * for a minute, and every call reads fresh the blocks that reach today. The users (names, and
 * the online status that moves every 5 minutes) are kept for 5 seconds, the time zone for 30.
 */
import { companyTimeZone } from '#data/company-time-zone';
import { dashboardBlocks } from '#data/dashboard-aggregates';
import { listCompanyUsers, type UserRecord } from '#data/users';
import { blockDays, blockKey, blocksCovering } from '#domain/dashboard/blocks';
import { localDayHour } from '#domain/dashboard/calendar';
import { addFields, type Fields } from '#domain/dashboard/metrics';
import type { DayPeriod } from '#domain/dashboard/period';

const pastBlockFreshForMs = 60_000;
const usersFreshForMs = 5_000;
const timeZoneFreshForMs = 30_000;
/** Past blocks kept at most (a few KB each): the oldest go first. */
const maxPastBlocks = 2_000;

interface Kept<T> {
  loadedAt: number;
  value: T;
}

const timeZones = new Map<number, Kept<Promise<string>>>();
const users = new Map<number, Kept<Promise<UserRecord[]>>>();
const pastBlocks = new Map<string, Kept<Fields>>();

function fresh<T>(kept: Kept<T> | undefined, freshForMs: number): kept is Kept<T> {
  return kept !== undefined && Date.now() - kept.loadedAt < freshForMs;
}

function keptPromise<T>(cache: Map<number, Kept<Promise<T>>>, companyId: number, freshForMs: number, load: () => Promise<T>): Promise<T> {
  const kept = cache.get(companyId);
  if (fresh(kept, freshForMs)) return kept.value;
  const value = load();
  cache.set(companyId, { loadedAt: Date.now(), value });
  value.catch(() => cache.delete(companyId));
  return value;
}

/** The company's time zone (AP-SE-3). */
export function timeZoneOf(companyId: number): Promise<string> {
  return keptPromise(timeZones, companyId, timeZoneFreshForMs, () => companyTimeZone(companyId));
}

/** The company's users (AP-USR-4). */
export function usersOf(companyId: number): Promise<UserRecord[]> {
  return keptPromise(users, companyId, usersFreshForMs, () => listCompanyUsers(companyId));
}

/** A period's totals (company and agents): the sum of the blocks that cover it. */
export async function periodTotals(companyId: number, period: DayPeriod, now: Date): Promise<Fields> {
  const today = localDayHour(now, await timeZoneOf(companyId)).day;
  const blocks = blocksCovering(period);
  const keyOf = (block: (typeof blocks)[number]) => `${companyId}|${blockKey(block)}`;
  const isPast = (block: (typeof blocks)[number]) => blockDays(block).to < today;
  const toRead = blocks.filter((block) => !isPast(block) || !fresh(pastBlocks.get(keyOf(block)), pastBlockFreshForMs));
  const read = toRead.length > 0 ? await dashboardBlocks(companyId, toRead) : new Map<string, Fields>();
  for (const block of toRead.filter(isPast)) {
    pastBlocks.delete(keyOf(block));
    pastBlocks.set(keyOf(block), { loadedAt: Date.now(), value: read.get(blockKey(block)) ?? {} });
    if (pastBlocks.size > maxPastBlocks) pastBlocks.delete(pastBlocks.keys().next().value!);
  }
  const totals: Fields = {};
  for (const block of blocks) addFields(totals, read.get(blockKey(block)) ?? pastBlocks.get(keyOf(block))?.value ?? {});
  return totals;
}
