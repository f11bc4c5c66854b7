import type { EntityItem } from 'electrodb';
import { AppError } from '#domain/app-error';
import { nameKey } from '#domain/company-rules';
import { nextId } from './ids.ts';
import { queueIntegrationEntity } from './queue-integration-entity.ts';
import { isConditionFailure } from './sessions.ts';
import { getCompanyItem } from './company-items.ts';

export type QueueIntegrationRecord = EntityItem<typeof queueIntegrationEntity>;

/** The fields a create or change sets (the key and timestamps are the data layer's). */
export type QueueIntegrationFields = Omit<
  QueueIntegrationRecord,
  'companyId' | 'id' | 'nameKey' | 'createdAt' | 'updatedAt'
>;
export type ClearableIntegrationField = Exclude<
  keyof QueueIntegrationFields,
  'type' | 'name' | 'typebotDelayMessage' | 'typebotExpires'
>;

/** AP-QI-1: a queue integration by id (the bot turn reads it for every answered message). */
export async function getQueueIntegration(
  companyId: number,
  id: number,
): Promise<QueueIntegrationRecord | undefined> {
  return getCompanyItem(queueIntegrationEntity, companyId, id);
}

/**
 * AP-QI-2: every queue integration of a company: `pk = C#<companyId>`, `sk begins_with QINT#`.
 * A company keeps a handful; search and pages are applied in memory.
 */
export async function listQueueIntegrations(companyId: number): Promise<QueueIntegrationRecord[]> {
  const { data } = await queueIntegrationEntity.query.byId({ companyId }).go({ pages: 'all' });
  return data.sort((a, b) => a.nameKey.localeCompare(b.nameKey) || a.id - b.id);
}

/** AP-QI-3: create an integration (AP-SEQ-1 for its id). */
export async function createQueueIntegration(
  companyId: number,
  fields: QueueIntegrationFields,
): Promise<QueueIntegrationRecord> {
  const id = await nextId({ companyId }, 'queueIntegration');
  const { data } = await queueIntegrationEntity
    .create({ ...fields, companyId, id, nameKey: nameKey(fields.name) })
    .go();
  return data;
}

/** AP-QI-4: change an integration that exists (404 when it is gone); `clear` removes fields emptied in the form. */
export async function updateQueueIntegration(
  companyId: number,
  id: number,
  changes: Partial<QueueIntegrationFields>,
  clear: ClearableIntegrationField[],
): Promise<QueueIntegrationRecord> {
  try {
    let patch = queueIntegrationEntity
      .patch({ companyId, id })
      .set({ ...changes, ...(changes.name !== undefined ? { nameKey: nameKey(changes.name) } : {}) });
    if (clear.length > 0) patch = patch.remove(clear);
    const { data } = await patch.go({ response: 'all_new' });
    return data as QueueIntegrationRecord;
  } catch (error) {
    if (isConditionFailure(error)) throw new AppError('ERR_NOT_FOUND');
    throw error;
  }
}

/** AP-QI-5: delete an integration (404 when it is gone). Queues naming it fall back to no integration. */
export async function deleteQueueIntegration(companyId: number, id: number): Promise<void> {
  try {
    const { data } = await queueIntegrationEntity
      .delete({ companyId, id })
      .where(({ id: existing }, { exists }) => exists(existing))
      .go({ response: 'all_old' });
    if (!data) throw new AppError('ERR_NOT_FOUND');
  } catch (error) {
    if (isConditionFailure(error)) throw new AppError('ERR_NOT_FOUND');
    throw error;
  }
}
