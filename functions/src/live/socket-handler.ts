import type { APIGatewayProxyResult, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { verifyAccessToken } from '#auth/access-token';
import { getSession } from '#data/sessions';
import { getUser, markUserOnline } from '#data/users';
import {
  changeWsRooms,
  deleteWsConnection,
  getWsConnection,
  saveWsConnection,
  wsConnectionLifetimeSeconds,
  type WsConnection,
} from '#data/ws-connections';
import { getTicket } from '#data/tickets';
import { AppError } from '#domain/app-error';
import { canSeeTicket } from '#domain/ticket-visibility';
import { rooms } from '#domain/live-audience';
import { clientActionSchema, type ClientAction } from './client-actions.ts';
import { logger } from '#observability/logger';
import { observed } from '#observability/entry';

/** API Gateway passes the query string on $connect; the v2 websocket type omits it. */
type SocketEvent = APIGatewayProxyWebsocketEventV2 & {
  queryStringParameters?: Record<string, string | undefined> | null;
};

const ok: APIGatewayProxyResult = { statusCode: 200, body: '' };

/**
 * The WebSocket API's one handler. $connect proves the caller with the access token from the
 * `token` query parameter and records the connection with the company, user, profile and
 * queues taken from the token and the user record, never from the client. Client actions only
 * change the connection's own rooms; what it may receive is still decided per event.
 */
export const handler = observed(async (event: SocketEvent): Promise<APIGatewayProxyResult> => {
  const { routeKey, connectionId } = event.requestContext;
  try {
    if (routeKey === '$connect') return await connect(connectionId, event.queryStringParameters?.token);
    if (routeKey === '$disconnect') {
      await deleteWsConnection(connectionId);
      return ok;
    }
    return await receive(connectionId, event.body);
  } catch (error) {
    if (error instanceof AppError) return { statusCode: error.status, body: JSON.stringify({ error: error.code }) };
    logger.error('socket route failed', { routeKey, error: String(error) });
    return { statusCode: 500, body: JSON.stringify({ error: 'ERR_INTERNAL' }) };
  }
});

async function connect(connectionId: string, token: string | undefined): Promise<APIGatewayProxyResult> {
  if (!token) return { statusCode: 401, body: JSON.stringify({ error: 'ERR_SESSION_EXPIRED' }) };
  const principal = await verifyAccessToken(token).catch(() => undefined);
  if (!principal) return { statusCode: 401, body: JSON.stringify({ error: 'ERR_SESSION_EXPIRED' }) };
  const [user, session] = await Promise.all([
    getUser(principal.companyId, principal.userId),
    getSession(principal.companyId, principal.userId),
  ]);
  // The token of an ended or replaced session opens no socket, however long it has to live.
  if (!user || session?.sessionId !== principal.sessionId) {
    return { statusCode: 401, body: JSON.stringify({ error: 'ERR_SESSION_EXPIRED' }) };
  }
  const now = Math.floor(Date.now() / 1000);
  await saveWsConnection({
    connectionId,
    companyId: principal.companyId,
    userId: principal.userId,
    profile: user.profile,
    isSuper: user.isSuper ?? false,
    sessionId: principal.sessionId,
    queueIds: user.queueIds ?? [],
    allTicket: user.allTicket ?? 'desabled',
    connectedAt: now,
    expiresAt: now + wsConnectionLifetimeSeconds,
  });
  return ok;
}

async function receive(connectionId: string, body: string | undefined): Promise<APIGatewayProxyResult> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body ?? '');
  } catch {
    return { statusCode: 400, body: JSON.stringify({ error: 'ERR_VALIDATION' }) };
  }
  const action = clientActionSchema.safeParse(parsed);
  if (!action.success) return { statusCode: 400, body: JSON.stringify({ error: 'ERR_VALIDATION' }) };
  const connection = await getWsConnection(connectionId);
  if (!connection) return { statusCode: 410, body: JSON.stringify({ error: 'ERR_SESSION_EXPIRED' }) };
  if (action.data.action === 'joinChatBox' && !(await mayWatchTicket(connection, action.data.ticketId))) {
    return { statusCode: 403, body: JSON.stringify({ error: 'ERR_NO_PERMISSION' }) };
  }
  // Closed since it was read ($disconnect won the race): gone, as an unknown connection is.
  if (!(await apply(action.data, connection.connectionId, connection.companyId, connection.userId)))
    return { statusCode: 410, body: JSON.stringify({ error: 'ERR_SESSION_EXPIRED' }) };
  return ok;
}

/** A chat box shows a ticket's messages, so joining one needs the right to see that ticket. */
async function mayWatchTicket(connection: WsConnection, ticketId: number): Promise<boolean> {
  const ticket = await getTicket(connection.companyId, ticketId);
  if (!ticket) return false;
  const viewer = {
    userId: connection.userId,
    isAdmin: connection.profile === 'admin' || connection.isSuper,
    queueIds: connection.queueIds ?? [],
    allTicket: connection.allTicket ?? 'desabled',
  };
  return canSeeTicket(viewer, ticket);
}

/** Carries the action out; false when the connection was gone by then. */
async function apply(action: ClientAction, connectionId: string, companyId: number, userId: number): Promise<boolean> {
  switch (action.action) {
    case 'joinChatBox':
      return changeWsRooms(connectionId, [rooms.chatBox(action.ticketId)], []);
    case 'leaveChatBox':
      return changeWsRooms(connectionId, [], [rooms.chatBox(action.ticketId)]);
    case 'joinNotification':
      return changeWsRooms(connectionId, [rooms.notification], []);
    case 'joinTickets':
      return changeWsRooms(connectionId, [rooms.ticketsTab(action.status)], []);
    case 'leaveTickets':
      return changeWsRooms(connectionId, [], [rooms.ticketsTab(action.status)]);
    case 'userStatus':
      await markUserOnline(companyId, userId, new Date());
      return true;
    case 'ping':
      return true;
  }
}
