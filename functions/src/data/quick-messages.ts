import type { EntityItem } from 'electrodb';
import { companyItemReads, createCompanyItem, orNotFound } from './company-items.ts';
import { quickMessageEntity } from './quick-message-entity.ts';

export type QuickMessageRecord = EntityItem<typeof quickMessageEntity>;

const quickMessageReads = companyItemReads(quickMessageEntity);

/** AP-QM-1: a quick message by id. */
export const getQuickMessage = quickMessageReads.get;

/**
 * AP-QM-2: every quick message of a company: `pk = C#<companyId>`, `sk begins_with QUICKMSG#`.
 * A bounded set (tens to a few hundred); visibility, search and pages are applied in memory.
 */
export const listQuickMessages = quickMessageReads.list;

/** AP-QM-3: create a quick message. */
export async function createQuickMessage(
  companyId: number,
  fields: { shortcode: string; message: string; geral: boolean; status: boolean; userId: number },
): Promise<QuickMessageRecord> {
  return createCompanyItem(quickMessageEntity, 'quickMessage', companyId, fields);
}

type Changes = Partial<Pick<QuickMessageRecord, 'shortcode' | 'message' | 'geral' | 'status' | 'mediaKey' | 'mediaName' | 'mediaMimetype'>>;

/**
 * AP-QM-4: change a quick message that exists (404 when it is gone). `removeMedia` clears the
 * attachment fields.
 */
export async function updateQuickMessage(
  companyId: number,
  id: number,
  changes: Changes,
  options: { removeMedia?: boolean } = {},
): Promise<QuickMessageRecord> {
  let patch = quickMessageEntity.patch({ companyId, id }).set({ ...changes });
  if (options.removeMedia) patch = patch.remove(['mediaKey', 'mediaName', 'mediaMimetype']);
  const { data } = await orNotFound(() => patch.go({ response: 'all_new' }));
  return data as QuickMessageRecord;
}

/** AP-QM-5: delete a quick message (404 when it is already gone). */
export async function deleteQuickMessage(companyId: number, id: number): Promise<void> {
  await orNotFound(() =>
    quickMessageEntity
      .delete({ companyId, id })
      .where(({ id: existing }, { exists }) => exists(existing))
      .go(),
  );
}
