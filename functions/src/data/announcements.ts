import type { EntityItem } from 'electrodb';
import { AppError } from '#domain/app-error';
import { announcementEntity } from './announcement-entity.ts';
import { nextId } from './ids.ts';
import { isConditionFailure } from './sessions.ts';
import { orNotFound } from './company-items.ts';

export type AnnouncementRecord = EntityItem<typeof announcementEntity>;

/** AP-AN-1: an announcement by id. */
export async function getAnnouncement(id: number): Promise<AnnouncementRecord | undefined> {
  const { data } = await announcementEntity.get({ id }).go({ consistent: true });
  return data ?? undefined;
}

/**
 * AP-AN-2: every announcement: `pk = PLATFORM`, `sk begins_with ANNOUNCEMENT#`. A small set;
 * who sees which (active only for non-super users), search, order and pages are in memory.
 */
export async function listAnnouncements(): Promise<AnnouncementRecord[]> {
  const { data } = await announcementEntity.query.byId({}).go({ pages: 'all' });
  return data;
}

/** AP-AN-3: create an announcement with the next platform id. */
export async function createAnnouncement(fields: {
  title: string;
  text: string;
  priority: number;
  status: boolean;
  userId: number;
}): Promise<AnnouncementRecord> {
  const id = await nextId('platform', 'announcement');
  const { data } = await announcementEntity.create({ id, ...fields }).go();
  return data;
}

type Changes = Partial<
  Pick<
    AnnouncementRecord,
    'title' | 'text' | 'priority' | 'status' | 'mediaKey' | 'mediaName' | 'mediaMimetype'
  >
>;

/** AP-AN-4: change an announcement that exists (404 when it is gone); `removeMedia` clears the image fields. */
export async function updateAnnouncement(
  id: number,
  changes: Changes,
  options: { removeMedia?: boolean } = {},
): Promise<AnnouncementRecord> {
  try {
    let patch = announcementEntity.patch({ id }).set({ ...changes });
    if (options.removeMedia) patch = patch.remove(['mediaKey', 'mediaName', 'mediaMimetype']);
    const { data } = await patch.go({ response: 'all_new' });
    return data as AnnouncementRecord;
  } catch (error) {
    if (isConditionFailure(error)) throw new AppError('ERR_NOT_FOUND');
    throw error;
  }
}

/** AP-AN-5: delete an announcement (404 when it is already gone). */
export async function deleteAnnouncement(id: number): Promise<void> {
  await orNotFound(() =>
    announcementEntity
      .delete({ id })
      .where(({ id: existing }, { exists }) => exists(existing))
      .go(),
  );
}
