import * as z from 'zod';
import {
  announcementCreateInputSchema,
  announcementListQuerySchema,
  announcementUpdateInputSchema,
} from '@atende/shared/entities/announcement';
import { removeMediaQuietly } from '#aws/s3';
import {
  createAnnouncement,
  deleteAnnouncement,
  getAnnouncement,
  listAnnouncements,
  updateAnnouncement,
  type AnnouncementRecord,
} from '#data/announcements';
import type { Principal } from '#auth/principal';
import { AppError, foundOr } from '#domain/app-error';
import {
  announcementImageOf,
  announcementMediaKey,
  announcementPageSize,
  announcementsFor,
  mayReadAnnouncement,
} from '#domain/announcement-rules';
import { pageAnswer, pageOf } from '#domain/paging';
import { restModule } from '#http/rest-module';
import { oneFile, uploadedFileSchema } from '#http/uploaded-file';
import { onRecord, route } from '#http/route';
import { HttpAnswer } from '#http/types';
import { publicAnnouncement } from './serialize.ts';
import { attachmentUrl, replaceAttachment } from '../media/replace-attachment.ts';

/** POST /announcements/{id}/media-upload: multipart `file` (one). */
const mediaUploadSchema = z.object({
  file: oneFile(uploadedFileSchema),
});

async function withMediaUrl(announcement: AnnouncementRecord) {
  return publicAnnouncement(announcement, await attachmentUrl(announcement));
}

/** The announcement if the caller may read it: an inactive one is not found for non-super users. */
async function readableOrFail(principal: Principal, id: number) {
  const announcement = await getAnnouncement(id);
  if (!announcement || !mayReadAnnouncement(principal, announcement)) throw new AppError('ERR_NOT_FOUND');
  return announcement;
}

async function existingOrFail(id: number) {
  return foundOr(getAnnouncement(id));
}

/**
 * /api/announcements: platform-wide announcements (extended §2.7, §7). Every signed-in user
 * reads the active ones (the top bar's popover); super users read all and are the only writers.
 */
export const handler = restModule([
  route({
    method: 'GET',
    path: '/announcements',
    access: 'user',
    query: announcementListQuerySchema,
    handler: async ({ principal, query }) => {
      const visible = announcementsFor(await listAnnouncements(), principal, query.searchParam);
      const page = pageOf(visible, query.pageNumber, announcementPageSize);
      return pageAnswer('records', await Promise.all(page.items.map(withMediaUrl)), page);
    },
  }),
  route({
    ...onRecord('GET', '/announcements/{id}', 'user'),
    handler: async ({ principal, params }) => withMediaUrl(await readableOrFail(principal, params.id)),
  }),
  route({
    method: 'POST',
    path: '/announcements',
    access: 'super',
    body: announcementCreateInputSchema,
    handler: async ({ principal, body }) => {
      const created = await createAnnouncement({ ...body, userId: principal.userId });
      return new HttpAnswer(201, publicAnnouncement(created));
    },
  }),
  route({
    ...onRecord('PUT', '/announcements/{id}', 'super'),
    body: announcementUpdateInputSchema,
    handler: async ({ params, body }) => {
      await existingOrFail(params.id);
      return withMediaUrl(await updateAnnouncement(params.id, body));
    },
  }),
  route({
    ...onRecord('DELETE', '/announcements/{id}', 'super'),
    handler: async ({ params }) => {
      const current = await existingOrFail(params.id);
      await deleteAnnouncement(current.id);
      await removeMediaQuietly(current.mediaKey, 'announcement media');
      return new HttpAnswer(204);
    },
  }),
  route({
    ...onRecord('POST', '/announcements/{id}/media-upload', 'super'),
    multipart: true,
    body: mediaUploadSchema,
    handler: async ({ params, body }) => {
      const current = await existingOrFail(params.id);
      const file = body.file;
      // The type comes from the bytes (docs/security.md, "Media"): PNG or JPEG only.
      const { mimetype } = await announcementImageOf(file.content, file.mimetype);
      const updated = await replaceAttachment(
        {
          key: announcementMediaKey(current.id),
          file,
          mimetype,
          defaultName: 'imagen',
          previousKey: current.mediaKey,
          what: 'announcement media',
        },
        ({ mediaSize: _size, ...media }) => updateAnnouncement(current.id, media),
      );
      return withMediaUrl(updated);
    },
  }),
  route({
    ...onRecord('DELETE', '/announcements/{id}/media-upload', 'super'),
    handler: async ({ params }) => {
      const current = await existingOrFail(params.id);
      if (!current.mediaKey) return publicAnnouncement(current);
      const updated = await updateAnnouncement(current.id, {}, { removeMedia: true });
      await removeMediaQuietly(current.mediaKey, 'announcement media');
      return publicAnnouncement(updated);
    },
  }),
]);
