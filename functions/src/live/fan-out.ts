import { GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { wsManagementClient } from '#aws/ws-management';
import { deleteWsConnection, listCompanyWsConnections, type WsConnection } from '#data/ws-connections';
import type { LiveListener } from '#domain/live-audience';
import { packFrames } from '#domain/live-frames';
import type { LiveEvent } from './live-event.ts';

/**
 * Posts each event to the connections of its company that its audience admits. A connection
 * that answers Gone was closed without a $disconnect reaching us, so its record is deleted.
 * Connections are read once per company per batch, and each connection gets the batch's events
 * for it in as few frames as fit (`packFrames`): one post per socket per batch, not per event.
 */
export async function fanOut(events: LiveEvent[]): Promise<{ sent: number; gone: number; failed: number }> {
  const byCompany = new Map<number, Promise<WsConnection[]>>();
  const connectionsOf = (companyId: number) => {
    let list = byCompany.get(companyId);
    if (!list) {
      list = listCompanyWsConnections(companyId);
      byCompany.set(companyId, list);
    }
    return list;
  };
  let sent = 0;
  let failed = 0;
  const gone = new Set<string>();
  // Each connection gets its events in order, one after another; connections do not wait for
  // each other, so one slow listener delays only itself.
  const outboxes = new Map<string, { connection: WsConnection; payloads: string[] }>();
  for (const liveEvent of events) {
    const connections = await connectionsOf(liveEvent.companyId);
    const admitted = connections.filter((connection) => liveEvent.audience(listenerOf(connection)));
    if (admitted.length === 0) continue;
    const payload = JSON.stringify({ event: liveEvent.event, data: liveEvent.data });
    for (const connection of admitted) {
      const outbox = outboxes.get(connection.connectionId) ?? { connection, payloads: [] };
      outbox.payloads.push(payload);
      outboxes.set(connection.connectionId, outbox);
    }
  }
  await Promise.all(
    [...outboxes.values()].map(async ({ connection, payloads }) => {
      for (const frame of packFrames(payloads)) {
        try {
          await wsManagementClient().send(new PostToConnectionCommand({ ConnectionId: connection.connectionId, Data: encoder.encode(frame) }));
          sent += 1;
        } catch (error) {
          if (error instanceof GoneException || (error as { name?: string }).name === 'GoneException') {
            gone.add(connection.connectionId);
            return;
          }
          // One unreachable listener must not hold back the others or the stream; the
          // SPA refetches what it shows whenever its socket reconnects.
          failed += 1;
          console.warn(JSON.stringify({ level: 'warn', message: 'post to connection failed', error: String(error) }));
        }
      }
    }),
  );
  await Promise.all([...gone].map((connectionId) => deleteWsConnection(connectionId)));
  return { sent, gone: gone.size, failed };
}

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
