import type { Principal } from '#auth/principal';
import { getUser } from '#data/users';
import { getWhatsapp, listWhatsapps } from '#data/whatsapps';
import { AppError } from '#domain/app-error';

/**
 * The connection of a ticket someone starts: the one the request names; else the starter's own
 * connection (core §3 User.whatsappId) while it exists; else the company's default. A user's
 * connection deleted since it was set falls back to the default rather than failing.
 */
export async function connectionForNewTicket(principal: Principal, namedId: number | null | undefined) {
  if (namedId) {
    const named = await getWhatsapp(principal.companyId, namedId);
    if (!named) throw new AppError('ERR_NO_WAPP_FOUND');
    return named;
  }
  const starter = await getUser(principal.companyId, principal.userId);
  const own = starter?.whatsappId ? await getWhatsapp(principal.companyId, starter.whatsappId) : undefined;
  const chosen = own ?? (await listWhatsapps(principal.companyId)).find((whatsapp) => whatsapp.isDefault);
  if (!chosen) throw new AppError('ERR_NO_DEF_WAPP_FOUND');
  return chosen;
}
