import { getWhatsappByToken, type WhatsappRecord } from '#data/whatsapps';

/**
 * The connection a connection token belongs to, or undefined: found through the token's claim
 * and read consistently, so a token rotated in the connection modal works, and the old one stops,
 * at once. The route and the API Gateway authorizer both use this one rule.
 */
export async function connectionOfApiToken(token: string | undefined): Promise<WhatsappRecord | undefined> {
  if (!token) return undefined;
  return getWhatsappByToken(token);
}
