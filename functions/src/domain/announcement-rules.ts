import { randomUUID } from 'node:crypto';
import { AppError } from './app-error.ts';
import { mediaOfUpload } from './media-rules.ts';
import { matchesSearch } from './paging.ts';

export const announcementPageSize = 20;

interface AnnouncementLike {
  id: number;
  title: string;
  text: string;
  status: boolean;
  createdAt?: string;
}

/** Who reads: super users see every announcement (they manage them); everyone else the active ones. */
export interface AnnouncementReader {
  isSuper: boolean;
}

export function mayReadAnnouncement(
  reader: AnnouncementReader,
  announcement: Pick<AnnouncementLike, 'status'>,
): boolean {
  return reader.isSuper || announcement.status === true;
}

/**
 * The list a reader gets: the ones they may read, searched on title and text, newest first (the
 * id breaks ties). Priority does not reorder: it is shown as a colour, so an old high-priority
 * notice does not sit above every newer one (docs/decisions.md, "Announcements").
 */
export function announcementsFor<T extends AnnouncementLike>(
  all: T[],
  reader: AnnouncementReader,
  search: string,
): T[] {
  return all
    .filter((item) => mayReadAnnouncement(reader, item))
    .filter((item) => matchesSearch(search, item.title, item.text))
    .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? '') || b.id - a.id);
}

/** The image types an announcement accepts (extended §5): png, jpg and jpeg. */
const announcementImageTypes = new Set(['image/png', 'image/jpeg']);

/**
 * An announcement's image: the type comes from the bytes (as every upload's, docs/security.md,
 * "Media"), and only PNG and JPEG pass, whatever the file's name or the browser's claim.
 */
export async function announcementImageOf(
  bytes: Uint8Array,
  claimedMimetype: string,
): Promise<{ mimetype: string }> {
  const { mimetype } = await mediaOfUpload(bytes, claimedMimetype);
  if (!announcementImageTypes.has(mimetype)) throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE');
  return { mimetype };
}

/** Where an image lives: platform-level, and a new key per upload so a replaced image never shadows the new one. */
export function announcementMediaKey(announcementId: number): string {
  return `platform/announcements/${announcementId}/${randomUUID()}`;
}
