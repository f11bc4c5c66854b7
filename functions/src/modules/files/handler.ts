import {
  fileListCreateInputSchema,
  fileListQuerySchema,
  fileListUpdateInputSchema,
  fileListUploadFieldsSchema,
} from '@atende/shared/entities/file-list';
import { validationMessages as msg } from '@atende/shared/validation-messages';
import { putMedia, signedMediaUrl } from '#aws/s3';
import {
  changeFileList,
  createFileList,
  deleteFileList,
  getFileList,
  listFileLists,
  type FileListRecord,
} from '#data/file-lists';
import { AppError, foundOr } from '#domain/app-error';
import {
  assertHasOption,
  attachFile,
  fileListMediaKey,
  fileListPageSize,
  fileListsFor,
  mediaKeysOf,
  replaceOptions,
} from '#domain/file-list-rules';
import { mediaOfUpload } from '#domain/media-rules';
import { pageAnswer, pageOf } from '#domain/paging';
import { restModule } from '#http/rest-module';
import { oneFile, uploadedFileSchema } from '#http/uploaded-file';
import { onRecord, route } from '#http/route';
import { HttpAnswer } from '#http/types';
import { removeFileListObjects } from './media.ts';
import { publicFileList } from './serialize.ts';

/** POST /files/uploadList/{id}: the spec's fields, with one option's file in `files`. */
const uploadSchema = fileListUploadFieldsSchema.extend({
  files: oneFile(uploadedFileSchema),
});

async function fileListOrFail(companyId: number, id: number) {
  return foundOr(getFileList(companyId, id));
}

/** The list with a signed URL of each uploaded file, for the dialog's links. */
async function withFileUrls(list: FileListRecord) {
  const urls = new Map<number, string>();
  for (const option of list.options ?? []) {
    if (option.mediaKey)
      urls.set(option.id, await signedMediaUrl(option.mediaKey, option.mediaName, option.mediaMimetype));
  }
  return publicFileList(list, urls);
}

/**
 * /api/files: file lists (extended §2.10, §7). An administration screen (core §2 puts "files"
 * in the admin menu group), so every route is for admins; no plan flag gates it (docs/decisions.md,
 * "File lists").
 */
export const handler = restModule([
  route({
    method: 'GET',
    path: '/files',
    access: 'admin',
    query: fileListQuerySchema,
    handler: async ({ principal, query }) => {
      const matching = fileListsFor(await listFileLists(principal.companyId), query.searchParam);
      const page = pageOf(matching, query.pageNumber, fileListPageSize);
      return pageAnswer('files', page.items.map((list) => publicFileList(list)), page);
    },
  }),
  route({
    ...onRecord('GET', '/files/{id}', 'admin'),
    handler: async ({ principal, params }) =>
      withFileUrls(await fileListOrFail(principal.companyId, params.id)),
  }),
  route({
    method: 'POST',
    path: '/files',
    access: 'admin',
    body: fileListCreateInputSchema,
    handler: async ({ principal, body }) => {
      const created = await createFileList(principal.companyId, {
        name: body.name,
        message: body.message,
        userId: principal.userId,
        options: body.options.map((option) => ({ name: option.name })),
      });
      return new HttpAnswer(201, publicFileList(created));
    },
  }),
  route({
    ...onRecord('PUT', '/files/{id}', 'admin'),
    body: fileListUpdateInputSchema,
    handler: async ({ principal, params, body }) => {
      let removedKeys: string[] = [];
      const { after } = await changeFileList(principal.companyId, params.id, (current) => {
        removedKeys = [];
        const changes = {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.message !== undefined ? { message: body.message } : {}),
          userId: principal.userId,
        };
        if (!body.options) return changes;
        const replaced = replaceOptions(current.options ?? [], body.options, current.nextOptionId ?? 1);
        removedKeys = replaced.removedKeys;
        return { ...changes, options: replaced.options, nextOptionId: replaced.nextOptionId };
      });
      await removeFileListObjects(removedKeys);
      return publicFileList(after);
    },
  }),
  route({
    ...onRecord('POST', '/files/uploadList/{id}', 'admin'),
    multipart: true,
    body: uploadSchema,
    handler: async ({ principal, params, body }) => {
      if (body.fileId !== undefined && body.fileId !== params.id) {
        throw new AppError('ERR_VALIDATION', { issues: [{ path: 'fileId', message: msg.invalidValue }] });
      }
      const current = await fileListOrFail(principal.companyId, params.id);
      // Refuse before storing anything when the option is not in the list.
      assertHasOption(current.options ?? [], body.id);
      const file = body.files;
      // The type comes from the bytes (docs/security.md, "Media"), not the browser's claim.
      const { mimetype } = await mediaOfUpload(file.content, body.mediaType || file.mimetype);
      const key = fileListMediaKey(principal.companyId, current.id);
      await putMedia(key, file.content, mimetype, file.filename);
      let replacedKey: string | undefined;
      let updated;
      try {
        ({ after: updated } = await changeFileList(principal.companyId, current.id, (latest) => {
          const attached = attachFile(latest.options ?? [], body.id, {
            mediaKey: key,
            mediaName: file.filename || 'archivo',
            mediaMimetype: mimetype,
          });
          replacedKey = attached.replacedKey;
          return { options: attached.options };
        }));
      } catch (error) {
        await removeFileListObjects([key]);
        throw error;
      }
      if (replacedKey) await removeFileListObjects([replacedKey]);
      return publicFileList(updated);
    },
  }),
  route({
    ...onRecord('DELETE', '/files/{id}', 'admin'),
    handler: async ({ principal, params }) => {
      const deleted = await deleteFileList(principal.companyId, params.id);
      await removeFileListObjects(mediaKeysOf(deleted.options));
      return new HttpAnswer(204);
    },
  }),
]);
