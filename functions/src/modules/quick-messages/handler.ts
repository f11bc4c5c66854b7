import * as z from 'zod';
import {
  quickMessageCreateInputSchema,
  quickMessageListQuerySchema,
  quickMessageSimpleListQuerySchema,
  quickMessageUpdateInputSchema,
} from '@atende/shared/entities/quick-message';
import { mediaUrlSeconds, removeMediaQuietly, signedMediaUrl } from '#aws/s3';
import {
  createQuickMessage,
  deleteQuickMessage,
  getQuickMessage,
  listQuickMessages,
  updateQuickMessage,
  type QuickMessageRecord,
} from '#data/quick-messages';
import type { Principal } from '#auth/principal';
import { AppError } from '#domain/app-error';
import { mediaOfUpload } from '#domain/media-rules';
import { pageAnswer, pageOf } from '#domain/paging';
import {
  assertMayChangeQuickMessage,
  mayReadQuickMessage,
  quickMessageMediaKey,
  quickMessagePageSize,
  quickMessagesFor,
  quickMessageViewer,
} from '#domain/quick-message-rules';
import { restModule } from '#http/rest-module';
import { oneFile, uploadedFileSchema } from '#http/uploaded-file';
import { onRecord, route } from '#http/route';
import { HttpAnswer } from '#http/types';
import { limits } from '@atende/shared/constants';
import { validationMessages as msg } from '@atende/shared/validation-messages';
import { publicQuickMessage } from './serialize.ts';
import { attachmentUrl, replaceAttachment } from '../media/replace-attachment.ts';

/** POST /quick-messages/{id}/media-upload: multipart `file` (one), and the SPA's `typeArch`, unused. */
const mediaUploadSchema = z.object({
  file: oneFile(uploadedFileSchema),
  typeArch: z.string().max(limits.shortTextMax, msg.tooLong).optional(),
});

async function withMediaUrl(quickMessage: QuickMessageRecord) {
  return publicQuickMessage(quickMessage, await attachmentUrl(quickMessage));
}

/** The quick message if the caller may read it; another user's private one is not found. */
async function readableOrFail(principal: Principal, id: number) {
  const quickMessage = await getQuickMessage(principal.companyId, id);
  if (!quickMessage || !mayReadQuickMessage(principal, quickMessage)) throw new AppError('ERR_NOT_FOUND');
  return quickMessage;
}

async function changeableOrFail(principal: Principal, id: number) {
  const quickMessage = await readableOrFail(principal, id);
  assertMayChangeQuickMessage(principal, quickMessage);
  return quickMessage;
}

/**
 * /api/quick-messages: quick replies (core §7, extended §2.15, §7). Everyone sees the company's
 * general ones and their own; admins see and change all. Only the author or an admin changes one.
 */
export const handler = restModule([
  route({
    method: 'GET',
    path: '/quick-messages',
    access: 'user',
    query: quickMessageListQuerySchema,
    handler: async ({ principal, query }) => {
      const visible = quickMessagesFor(
        await listQuickMessages(principal.companyId),
        quickMessageViewer(principal, query.userId),
        query.searchParam,
      );
      const page = pageOf(visible, query.pageNumber, quickMessagePageSize);
      return pageAnswer('records', await Promise.all(page.items.map(withMediaUrl)), page);
    },
  }),
  route({
    method: 'GET',
    path: '/quick-messages/list',
    access: 'user',
    query: quickMessageSimpleListQuerySchema,
    handler: async ({ principal, query }) => {
      const visible = quickMessagesFor(
        await listQuickMessages(principal.companyId),
        quickMessageViewer(principal, query.userId),
        '',
      );
      return Promise.all(visible.map(withMediaUrl));
    },
  }),
  route({
    ...onRecord('GET', '/quick-messages/{id}', 'user'),
    handler: async ({ principal, params }) => withMediaUrl(await readableOrFail(principal, params.id)),
  }),
  route({
    ...onRecord('GET', '/quick-messages/{id}/media', 'user'),
    handler: async ({ principal, params }) => {
      const quickMessage = await readableOrFail(principal, params.id);
      if (!quickMessage.mediaKey) throw new AppError('ERR_NOT_FOUND');
      return {
        url: await signedMediaUrl(quickMessage.mediaKey, quickMessage.mediaName, quickMessage.mediaMimetype),
        expiresInSeconds: mediaUrlSeconds,
      };
    },
  }),
  route({
    method: 'POST',
    path: '/quick-messages',
    access: 'user',
    body: quickMessageCreateInputSchema,
    handler: async ({ principal, body }) => {
      const created = await createQuickMessage(principal.companyId, { ...body, userId: principal.userId });
      return new HttpAnswer(201, publicQuickMessage(created));
    },
  }),
  route({
    ...onRecord('PUT', '/quick-messages/{id}', 'user'),
    body: quickMessageUpdateInputSchema,
    handler: async ({ principal, params, body }) => {
      const current = await changeableOrFail(principal, params.id);
      return withMediaUrl(await updateQuickMessage(principal.companyId, current.id, body));
    },
  }),
  route({
    ...onRecord('DELETE', '/quick-messages/{id}', 'user'),
    handler: async ({ principal, params }) => {
      const current = await changeableOrFail(principal, params.id);
      await deleteQuickMessage(principal.companyId, current.id);
      await removeMediaQuietly(current.mediaKey, 'quick message media');
      return new HttpAnswer(204);
    },
  }),
  route({
    ...onRecord('POST', '/quick-messages/{id}/media-upload', 'user'),
    multipart: true,
    body: mediaUploadSchema,
    handler: async ({ principal, params, body }) => {
      const current = await changeableOrFail(principal, params.id);
      const file = body.file;
      // The type comes from the bytes (docs/security.md, "Media"), not the browser's claim.
      const { mimetype } = await mediaOfUpload(file.content, file.mimetype);
      const updated = await replaceAttachment(
        {
          key: quickMessageMediaKey(principal.companyId, current.id),
          file,
          mimetype,
          defaultName: 'archivo',
          previousKey: current.mediaKey,
          what: 'quick message media',
        },
        ({ mediaSize: _size, ...media }) => updateQuickMessage(principal.companyId, current.id, media),
      );
      return withMediaUrl(updated);
    },
  }),
  route({
    ...onRecord('DELETE', '/quick-messages/{id}/media-upload', 'user'),
    handler: async ({ principal, params }) => {
      const current = await changeableOrFail(principal, params.id);
      if (!current.mediaKey) return publicQuickMessage(current);
      const updated = await updateQuickMessage(principal.companyId, current.id, {}, { removeMedia: true });
      await removeMediaQuietly(current.mediaKey, 'quick message media');
      return publicQuickMessage(updated);
    },
  }),
]);
