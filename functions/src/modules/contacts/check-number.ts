import { listWhatsapps } from '#data/whatsapps';
import { AppError } from '#domain/app-error';
import { askConnector } from '#modules/connector-commands/ask';

/**
 * Asks a connected connection (the default one first) whether a number is on WhatsApp. With no
 * connected connection there is nobody to ask, and the number is taken as given.
 */
export async function assertNumberOnWhatsapp(companyId: number, number: string): Promise<void> {
  const connected = (await listWhatsapps(companyId))
    .filter((w) => w.status === 'CONNECTED')
    .sort((a, b) => Number(b.isDefault ?? false) - Number(a.isDefault ?? false))[0];
  if (!connected) return;
  const reply = await askConnector({ type: 'checkNumber', companyId, whatsappId: connected.id, number });
  if (!reply || reply.type === 'error') throw new AppError('ERR_WAPP_CHECK_CONTACT');
  if (reply.type === 'checkNumber' && !reply.exists) throw new AppError('ERR_WAPP_INVALID_CONTACT');
}
