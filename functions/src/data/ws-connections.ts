import type { EntityItem } from 'electrodb';
import { wsConnectionEntity } from './ws-connection-entity.ts';
import { writtenIf } from './sessions.ts';

export type WsConnection = EntityItem<typeof wsConnectionEntity>;

/** API Gateway's maximum connection duration plus a margin. */
export const wsConnectionLifetimeSeconds = 2 * 60 * 60 + 5 * 60;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The platform-wide list (`byShard`) is split over this many partitions so connects and
 * disconnects spread their index writes, and a platform-wide event reads them in parallel.
 */
export const wsConnectionShards = 4;

/** A connection's shard: a stable hash of its id. */
export function shardOf(connectionId: string): number {
  let hash = 0;
  for (const char of connectionId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % wsConnectionShards;
}

/** AP-WS-1: record a connection at $connect. */
export async function saveWsConnection(connection: Omit<WsConnection, 'shard'>): Promise<void> {
  await wsConnectionEntity.put({ ...connection, shard: shardOf(connection.connectionId) }).go();
}

/** AP-WS-2: one connection by id (every client action). Expired items count as gone. */
export async function getWsConnection(connectionId: string): Promise<WsConnection | undefined> {
  const { data } = await wsConnectionEntity.get({ connectionId }).go();
  return data && data.expiresAt > nowSeconds() ? data : undefined;
}

/** AP-WS-3: forget a connection ($disconnect, or Gone when posting to it). */
export async function deleteWsConnection(connectionId: string): Promise<void> {
  await wsConnectionEntity.delete({ connectionId }).go();
}

/** AP-WS-4: the live connections of a company, for fanning an event out. */
export async function listCompanyWsConnections(companyId: number): Promise<WsConnection[]> {
  const { data } = await wsConnectionEntity.query
    .byCompany({ companyId })
    .where(({ expiresAt }, { gt }) => gt(expiresAt, nowSeconds()))
    .go({ pages: 'all' });
  return data;
}

/**
 * AP-WS-7: every live connection of the platform, for a platform-wide event (announcements):
 * `gsi2pk = WSALL#<shard>` for each shard, in parallel. Its cost follows the open connections,
 * which the event is posted to anyway, not the number of companies.
 */
export async function listAllWsConnections(): Promise<WsConnection[]> {
  const shards = await Promise.all(
    Array.from({ length: wsConnectionShards }, (_, shard) =>
      wsConnectionEntity.query
        .byShard({ shard })
        .where(({ expiresAt }, { gt }) => gt(expiresAt, nowSeconds()))
        .go({ pages: 'all' }),
    ),
  );
  return shards.flatMap(({ data }) => data);
}

/**
 * AP-WS-5: join or leave rooms (chat box, notification, ticket tabs) atomically. False when the
 * connection is gone (closed between the caller's read and this write): nothing is written.
 */
export async function changeWsRooms(connectionId: string, join: string[], leave: string[]): Promise<boolean> {
  const update = wsConnectionEntity.update({ connectionId });
  const exists = ({ connectionId: id }: { connectionId: unknown }, ops: { exists: (attribute: unknown) => string }) =>
    ops.exists(id);
  if (join.length > 0 && leave.length > 0)
    return writtenIf(() => update.add({ rooms: join }).delete({ rooms: leave }).where(exists).go());
  if (join.length > 0) return writtenIf(() => update.add({ rooms: join }).where(exists).go());
  if (leave.length > 0) return writtenIf(() => update.delete({ rooms: leave }).where(exists).go());
  return true;
}

/**
 * AP-WS-6: give a connection its user's new access (profile, super flag, queues, allTicket), so
 * what it may receive follows the user record. A connection gone meanwhile is left alone.
 */
export async function setWsConnectionAccess(
  connectionId: string,
  access: Pick<WsConnection, 'profile' | 'isSuper' | 'queueIds' | 'allTicket'>,
): Promise<void> {
  await wsConnectionEntity.patch({ connectionId }).set(access).go().catch(ignoreGone);
}

/** AP-WS-5, from the server: take a room from a connection that may no longer be in it. */
export async function leaveWsRoom(connectionId: string, room: string): Promise<void> {
  await changeWsRooms(connectionId, [], [room]);
}

function ignoreGone(error: unknown): void {
  if ((error as { cause?: { name?: string } }).cause?.name !== 'ConditionalCheckFailedException') throw error;
}
