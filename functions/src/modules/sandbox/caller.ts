import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { Principal } from '#auth/principal';
import { getWhatsapp, getWhatsappByToken } from '#data/whatsapps';
import { AppError } from '#domain/app-error';
import { assertCompanyMayUse } from '#http/company-context';
import { bearerToken } from '#http/request-input';

/**
 * Who plays a sandbox customer: an admin's session (the access token of a signed-in admin), or
 * the connection's own token (the one its edit dialog shows, AP-WA-3). The second lets a script
 * play the customer without signing anyone in: a login would end the admin's browser session
 * (one session per user).
 */
export type SandboxCaller = { kind: 'admin'; principal: Principal } | { kind: 'connection'; token: string };

/** An access token is a JWT (three dot-separated parts); a connection token is one random word. */
const jwtShape = /^[\w-]+\.[\w-]+\.[\w-]*$/;

/** True when the request authenticates with a connection token rather than a session. */
export function usesConnectionToken(headers: APIGatewayProxyEvent['headers']): boolean {
  const lower = Object.fromEntries(
    Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const token = bearerToken(lower);
  return token !== undefined && !jwtShape.test(token);
}

/**
 * The sandbox connection the caller may drive: in the admin's company, or the one the token
 * belongs to (and no other: a token names one connection). It must use the sandbox provider, and
 * the whole module answers as an unknown route where the stage has not enabled it.
 */
export async function sandboxConnection(caller: SandboxCaller, whatsappId: number) {
  if (process.env.SANDBOX_ENABLED !== 'true') throw new AppError('ERR_ROUTE_NOT_FOUND');
  const whatsapp =
    caller.kind === 'admin'
      ? await getWhatsapp(caller.principal.companyId, whatsappId)
      : await connectionOfToken(caller.token, whatsappId);
  if (!whatsapp) throw new AppError('ERR_NO_WAPP_FOUND');
  if (whatsapp.provider !== 'sandbox') throw new AppError('ERR_WAPP_NOT_INITIALIZED');
  return whatsapp;
}

async function connectionOfToken(token: string, whatsappId: number) {
  const owner = await getWhatsappByToken(token);
  // An unknown token proves nothing: answered as a missing session, like a bad access token.
  if (!owner) throw new AppError('ERR_SESSION_EXPIRED');
  if (owner.id !== whatsappId) return undefined;
  // As for a session: an overdue or inactive company cannot use it.
  await assertCompanyMayUse(owner.companyId, {});
  // getWhatsappByToken read the connection consistently and checked it still holds the token.
  return owner;
}

/** The sandbox connection a token belongs to (GET /sandbox/connection, for a script to find its id). */
export async function connectionOfTokenOnly(token: string) {
  if (process.env.SANDBOX_ENABLED !== 'true') throw new AppError('ERR_ROUTE_NOT_FOUND');
  const owner = await getWhatsappByToken(token);
  if (!owner) throw new AppError('ERR_SESSION_EXPIRED');
  return sandboxConnection({ kind: 'connection', token }, owner.id);
}
