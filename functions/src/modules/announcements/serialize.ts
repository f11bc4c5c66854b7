import type { AnnouncementRecord } from '#data/announcements';
import { publicAttachment } from '../media/public-attachment.ts';

/**
 * An announcement as the API and the live channel show it (extended §3). `mediaPath` is a
 * short-lived signed URL of the image where the caller had one made (REST answers); in live
 * events it is null and `isMedia` says there is an image (the SPA reloads the list for its URL).
 */
export function publicAnnouncement(announcement: AnnouncementRecord, mediaUrl: string | null = null) {
  return {
    id: announcement.id,
    title: announcement.title,
    text: announcement.text,
    priority: announcement.priority,
    status: announcement.status,
    ...publicAttachment(announcement, mediaUrl),
    createdAt: announcement.createdAt,
    updatedAt: announcement.updatedAt,
  };
}
