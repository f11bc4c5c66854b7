import { getWhatsapp, getWhatsappByToken, type WhatsappRecord } from '#data/whatsapps';

/**
 * The connection a connection token belongs to, or undefined. The token index (gsi1) is
 * eventually consistent, so the connection is read again by its key (consistent) and must still
 * hold the token: a token rotated in the connection modal stops working at once. The route and
 * the API Gateway authorizer both use this one rule.
 */
export async function connectionOfApiToken(token: string | undefined): Promise<WhatsappRecord | undefined> {
  if (!token) return undefined;
  const indexed = await getWhatsappByToken(token);
  const current = indexed ? await getWhatsapp(indexed.companyId, indexed.id) : undefined;
  return current && current.token === token ? current : undefined;
}
