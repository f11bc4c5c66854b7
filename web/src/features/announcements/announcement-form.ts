import { announcementCreateInputSchema } from '@atende/shared/entities/announcement';
import { announcementDefaults, imageAttachmentExtensions } from '@atende/shared/constants';
import { validateForm, type FormCheck } from '../../lib/form-validation.ts';
import { parseRecordEvent, type RecordLiveEvent } from '../../lib/live-records.ts';
import type { Announcement, AnnouncementPayload } from './api/types.ts';

/** The dialog's values; priority and status as the selects hold them. */
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

/** extended §5 Announcement: title and text required (Requerido). */
export function checkAnnouncementForm(values: AnnouncementFormValues): FormCheck<AnnouncementPayload> {
  const checked = validateForm(announcementCreateInputSchema, values);
  if (!checked.ok) return checked;
  const { title, text, priority, status } = checked.data;
  return { ok: true, data: { title, text, priority, status } };
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
