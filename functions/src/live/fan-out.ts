import { DeleteConnectionCommand, GoneException } from '@aws-sdk/client-apigatewaymanagementapi';
import { wsManagementClient } from '#aws/ws-management';
import { postToConnection } from '#aws/ws-post';
import {
  deleteWsConnection,
  leaveWsRoom,
  listAllWsConnections,
  listCompanyWsConnections,
  setWsConnectionAccess,
  type WsConnection,
} from '#data/ws-connections';
import type { LiveListener } from '#domain/live-audience';
import { packFrames } from '#domain/live-frames';
import {
  allCompanies,
  isSocketControl,
  type EntityChange,
  type LiveEvent,
  type LiveOutput,
  type SocketAccess,
} from './live-event.ts';
import { logger } from '#observability/logger';

/**
 * How long a container keeps a company's open sockets between batches (docs/decisions.md,
 * "Stream consumers: per-container caches"). The sockets' own changes in the stream ($connect,
 * $disconnect, rooms, access) are applied to the kept list in order, and what a batch decides
 * (access, rooms, closes, Gone) is applied to it at once; this bounds what a container that did
 * not see a change (another shard in AWS) uses, except for closes (read afresh, see fanOut).
 * Locally every change passes through the one broadcaster in stream order, so its list is
 * always the table's.
 */
export const socketListFreshMs = 2_000;
const socketLists = new Map<number, { loadedAt: number; connections: Map<string, WsConnection> }>();

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * $connect writes a connection's record before API Gateway completes the handshake: the socket
 * opens only once $connect has answered, and until then a post or a close to it answers Gone. A
 * stream batch can reach such a socket in that gap (another agent's change, a session's end), so
 * a connection younger than this (the $connect integration's 29 s timeout, rounded up) is not
 * taken for closed on a Gone (docs/decisions.md, "A socket still opening is not gone").
 */
export const openingWindowSeconds = 30;

/** Pauses between closes of a socket still opening that answered Gone (its handshake is ms away). */
export const closeRetryPausesMs = [100, 250, 500, 1_000, 2_000];

const isOpening = (connection: WsConnection) => nowSeconds() - connection.connectedAt < openingWindowSeconds;

/** Keeps the kept socket lists up with the sockets' changes a batch carries, in stream order. */
export function applyConnectionChanges(changes: readonly EntityChange[]): void {
  for (const change of changes) {
    if (change.entity !== 'wsConnection') continue;
    const item = (change.newItem ?? change.oldItem) as WsConnection | undefined;
    const kept = item ? socketLists.get(Number(item.companyId)) : undefined;
    if (!item || !kept) continue;
    if (change.kind === 'delete' || !change.newItem) kept.connections.delete(item.connectionId);
    else kept.connections.set(item.connectionId, { ...(change.newItem as WsConnection) });
  }
}

/** Drops every kept socket list (tests that change the table behind the broadcaster's back). */
export function forgetSocketLists(): void {
  socketLists.clear();
}

/** A company's open sockets: the kept list while fresh, else read (AP-WS-4) and kept. */
async function companyConnections(companyId: number): Promise<Map<string, WsConnection>> {
  const kept = socketLists.get(companyId);
  if (kept && Date.now() - kept.loadedAt < socketListFreshMs) return kept.connections;
  const loadedAt = Date.now();
  const connections = new Map(
    (await listCompanyWsConnections(companyId)).map((c) => [c.connectionId, c] as const),
  );
  socketLists.set(companyId, { loadedAt, connections });
  return connections;
}

/**
 * Posts each event to the connections of its company that its audience admits, and applies the
 * socket controls in their place among the events: a closed socket hears nothing after its close
 * (but what came before it), a socket given new access or leaving a room is judged by that from
 * then on. A connection that answers Gone was closed without a $disconnect reaching us, so its
 * record is deleted, unless it is still opening (openingWindowSeconds): that one only misses the
 * event, which the SPA reads again once its socket opens. Connections are kept per company (socketListFreshMs), and each connection gets
 * the batch's events for it in as few frames as fit (`packFrames`): one post per socket per
 * batch, not per event. A platform-wide event (`allCompanies`) reads every open connection once
 * per batch through the connections' sharded index; a connection read both ways is one object,
 * so what a control did to it holds for both.
 */
export async function fanOut(
  outputs: LiveOutput[],
): Promise<{ sent: number; gone: number; failed: number; closed: number }> {
  // A close is the one control that is never sent again: a socket missing from the kept list
  // (its $connect on another shard, within socketListFreshMs) would stay open for its whole
  // life. So a batch that closes sockets reads its company's sockets afresh (a rare read: a
  // session ended or a user deleted).
  for (const output of outputs)
    if (isSocketControl(output) && output.control === 'close')
      socketLists.delete(output.companyId);
  const byScope = new Map<LiveEvent['companyId'], Promise<Map<string, WsConnection>>>();
  const known = new Map<string, WsConnection>();
  // A company's kept connections are the objects the batch works on, so what a control decides
  // holds for the next batch too; the platform-wide list shares them where it has the same ones.
  const oneObjectEach = (found: WsConnection[]) =>
    new Map(
      found.map((c) => {
        const connection = known.get(c.connectionId) ?? c;
        known.set(c.connectionId, connection);
        return [c.connectionId, connection] as const;
      }),
    );
  const connectionsOf = (scope: LiveEvent['companyId']) => {
    let list = byScope.get(scope);
    if (!list) {
      list =
        scope === allCompanies
          ? listAllWsConnections().then((found) => oneObjectEach(found.map((c) => ({ ...c }))))
          : companyConnections(scope).then((kept) => {
              const now = nowSeconds();
              const shared = oneObjectEach([...kept.values()].filter((c) => c.expiresAt > now));
              for (const [id, connection] of shared) kept.set(id, connection);
              return shared;
            });
      byScope.set(scope, list);
    }
    return list;
  };
  const closedIds = new Set<string>();
  let sent = 0;
  let failed = 0;
  const gone = new Set<string>();
  // Each connection gets its events in order, one after another; connections do not wait for
  // each other, so one slow listener delays only itself.
  const outboxes = new Map<string, { connection: WsConnection; payloads: string[]; close: boolean }>();
  const outboxOf = (connection: WsConnection) => {
    const outbox = outboxes.get(connection.connectionId) ?? { connection, payloads: [], close: false };
    outboxes.set(connection.connectionId, outbox);
    return outbox;
  };
  const accessWrites = new Map<string, SocketAccess>();
  const roomLeaves: { connectionId: string; room: string }[] = [];
  for (const output of outputs) {
    const connections = await connectionsOf(output.companyId);
    let admitted = [...connections.values()].filter(
      (connection) => !closedIds.has(connection.connectionId) && output.audience(listenerOf(connection)),
    );
    if (admitted.length === 0) continue;
    if (isSocketControl(output) && output.control === 'leaveRoom' && output.recheck) {
      const stillLeaving = await output.recheck();
      admitted = admitted.filter((connection) => stillLeaving(listenerOf(connection)));
      if (admitted.length === 0) continue;
    }
    if (!isSocketControl(output)) {
      const payload = JSON.stringify({ event: output.event, data: output.data });
      for (const connection of admitted) outboxOf(connection).payloads.push(payload);
      continue;
    }
    for (const connection of admitted) {
      switch (output.control) {
        case 'close':
          outboxOf(connection).close = true;
          closedIds.add(connection.connectionId);
          break;
        case 'setAccess':
          Object.assign(connection, output.access);
          accessWrites.set(connection.connectionId, output.access);
          break;
        case 'leaveRoom':
          connection.rooms = (connection.rooms ?? []).filter((room) => room !== output.room);
          roomLeaves.push({ connectionId: connection.connectionId, room: output.room });
          break;
      }
    }
  }
  const closing = [...outboxes.values()]
    .filter((outbox) => outbox.close)
    .map((outbox) => outbox.connection.connectionId);
  // The stored records follow too, so the next batch (and joinChatBox) sees what this one decided.
  const recordWrites = [
    ...[...accessWrites]
      .filter(([id]) => !closing.includes(id))
      .map(([id, access]) => setWsConnectionAccess(id, access)),
    ...roomLeaves
      .filter(({ connectionId }) => !closing.includes(connectionId))
      .map(({ connectionId, room }) => leaveWsRoom(connectionId, room)),
  ];
  await Promise.all([
    ...recordWrites,
    ...[...outboxes.values()].map(async ({ connection, payloads, close }) => {
      for (const frame of packFrames(payloads)) {
        try {
          await postToConnection(connection.connectionId, encoder.encode(frame));
          sent += 1;
        } catch (error) {
          if (isGone(error)) {
            if (!isOpening(connection)) gone.add(connection.connectionId);
            else if (close) await closeConnection(connection);
            return;
          }
          // One unreachable listener must not hold back the others or the stream; the
          // SPA refetches what it shows whenever its socket reconnects.
          failed += 1;
          logger.warn('post to connection failed', { error: String(error) });
        }
      }
      if (close) await closeConnection(connection);
    }),
  ]);
  for (const connectionId of [...gone, ...closing])
    for (const kept of socketLists.values()) kept.connections.delete(connectionId);
  await Promise.all([...gone, ...closing].map((connectionId) => deleteWsConnection(connectionId)));
  return { sent, gone: gone.size, failed, closed: closing.length };
}

/**
 * Closes a socket from the server side (@connections DELETE). A failure other than Gone fails
 * the batch, which the stream retries: a socket of an ended session must not stay open. A socket
 * still opening answers Gone until its handshake completes, so its close is tried again a few
 * times over about four seconds; one that never opens stays Gone and is taken for closed.
 */
async function closeConnection(connection: WsConnection): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await wsManagementClient().send(new DeleteConnectionCommand({ ConnectionId: connection.connectionId }));
      return;
    } catch (error) {
      if (!isGone(error)) throw error;
    }
    const pauseMs = closeRetryPausesMs[attempt];
    if (pauseMs === undefined || !isOpening(connection)) return;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}

const isGone = (error: unknown) =>
  error instanceof GoneException || (error as { name?: string }).name === 'GoneException';

const encoder = new TextEncoder();

function listenerOf(connection: WsConnection): LiveListener {
  return {
    userId: connection.userId,
    sessionId: connection.sessionId,
    profile: connection.profile,
    isSuper: connection.isSuper,
    queueIds: connection.queueIds ?? [],
    allTicket: connection.allTicket ?? 'desabled',
    rooms: connection.rooms ?? [],
  };
}
