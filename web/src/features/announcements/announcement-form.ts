import { announcementDefaults, imageAttachmentExtensions } from '@atende/shared/constants';
import { parseRecordEvent, type RecordLiveEvent } from '../../lib/live-records.ts';
import type { Announcement } from './api/types.ts';

/**
 * The dialog's values; priority and status as the selects hold them. announcementCreateInputSchema
 * (the route's body schema) checks them: title and text required (extended §5, Requerido).
 */
export interface AnnouncementFormValues {
  title: string;
  text: string;
  priority: string;
  status: string;
}

export function emptyAnnouncementForm(): AnnouncementFormValues {
  return { title: '', text: '', priority: String(announcementDefaults.priority), status: 'true' };
}

export function announcementFormOf(record: Partial<Announcement>): AnnouncementFormValues {
  return {
    title: record.title ?? '',
    text: record.text ?? '',
    priority: String(record.priority ?? announcementDefaults.priority),
    status: String(record.status ?? announcementDefaults.status),
  };
}

/** extended §5: only .png, .jpg and .jpeg attach (the server decides again from the bytes). */
export function isAnnouncementImageName(name: string): boolean {
  const extension = name.toLowerCase().split('.').pop() ?? '';
  return name.includes('.') && (imageAttachmentExtensions as readonly string[]).includes(extension);
}

/** The `accept` of the image input. */
export const announcementImageAccept = imageAttachmentExtensions
  .map((extension) => `.${extension}`)
  .join(',');

export { priorityTone } from './priority-tone.ts';

/** The live `announcement` event: `{ action, record }`, delete with an id. */
export function parseAnnouncementEvent(data: unknown): RecordLiveEvent<Announcement> | undefined {
  return parseRecordEvent<Announcement>(data, {
    record: ['record', 'announcement'],
    id: ['id', 'announcementId'],
  });
}
