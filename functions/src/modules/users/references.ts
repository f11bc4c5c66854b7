import { validationMessages as msg } from '@atende/shared/validation-messages';
import { getQueuesByIds } from '#data/queues';
import { getWhatsapp } from '#data/whatsapps';
import { AppError } from '#domain/app-error';

/**
 * A user's queues and connection must be the company's own records: an id that does not exist
 * (or is another company's) is refused with 400 on the field, never stored (a stored one would
 * give the user a queue nobody can see or a connection that is not there).
 */
export async function assertUserReferencesExist(
  companyId: number,
  references: { queueIds?: number[]; whatsappId?: number | null },
): Promise<void> {
  const queueIds = [...new Set(references.queueIds ?? [])];
  const [queues, whatsapp] = await Promise.all([
    queueIds.length > 0 ? getQueuesByIds(companyId, queueIds) : Promise.resolve([]),
    references.whatsappId ? getWhatsapp(companyId, references.whatsappId) : Promise.resolve(undefined),
  ]);
  const found = new Set(queues.map((queue) => queue.id));
  const issues = [
    ...(queueIds.some((id) => !found.has(id)) ? [{ path: 'queueIds', message: msg.referenceNotFound }] : []),
    ...(references.whatsappId && !whatsapp ? [{ path: 'whatsappId', message: msg.referenceNotFound }] : []),
  ];
  if (issues.length > 0) throw new AppError('ERR_VALIDATION', { issues });
}
