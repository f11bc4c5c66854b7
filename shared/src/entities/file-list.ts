/** File list and its options (extended §3, §5, §7): named sets of attachments with a message. */
import * as z from 'zod';
import { limits } from '../constants.ts';
import { idParamSchema, idSchema, requiredText } from '../fields.ts';
import { pagedSearchQuerySchema } from '../query-params.ts';
import { validationMessages as msg } from '../validation-messages.ts';

export const fileListOptionSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** The uploaded file's name; null until a file is uploaded (the object key never leaves the server). */
  path: z.string().nullable().optional(),
  /** The file's type, decided from its bytes. */
  mediaType: z.string().nullable().optional(),
  /** The list the option belongs to. */
  fileId: idSchema.optional(),
});
export type FileListOption = z.infer<typeof fileListOptionSchema>;

export const fileListSchema = z.object({
  id: idSchema,
  name: z.string(),
  message: z.string(),
  userId: idSchema.nullable().optional(),
  companyId: idSchema.optional(),
  options: z.array(fileListOptionSchema).default([]),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
/** Named FileListRecord so it does not shadow the DOM's FileList in the SPA. */
export type FileListRecord = z.infer<typeof fileListSchema>;

/**
 * An option in a create or update payload: the id of a stored option keeps that one's file; no
 * id (or an unknown one) makes a new option. Files are uploaded afterwards (uploadList).
 */
const fileListOptionInputSchema = z.object({
  id: idParamSchema
    .nullable()
    .optional()
    .transform((id) => id ?? undefined),
  name: requiredText().max(limits.fileListOptionNameMax, msg.tooLong),
  // The SPA's form carries these along; the server keeps the stored file and ignores them.
  path: z.string().max(limits.urlMax, msg.tooLong).nullable().optional(),
  mediaType: z.string().max(limits.mimeTypeMax, msg.tooLong).nullable().optional(),
});

/** Name at least 3 characters (nombre muy corto), message required (Requerido). */
const fileListNameSchema = requiredText()
  .min(limits.fileListNameMin, msg.fileListNameTooShort)
  .max(limits.fileListNameMax, msg.tooLong);
const fileListMessageSchema = requiredText().max(limits.fileListMessageMax, msg.tooLong);
const fileListOptionsSchema = z
  .array(fileListOptionInputSchema)
  .max(limits.fileListOptionsMax, msg.invalidValue);

/** POST /files. */
export const fileListCreateInputSchema = z.object({
  name: fileListNameSchema,
  message: fileListMessageSchema,
  options: fileListOptionsSchema.default([]),
});
export type FileListCreateInput = z.infer<typeof fileListCreateInputSchema>;

/** PUT /files/{id}: options, when present, replace the stored set. */
export const fileListUpdateInputSchema = z.object({
  name: fileListNameSchema.optional(),
  message: fileListMessageSchema.optional(),
  options: fileListOptionsSchema.optional(),
  /** The SPA sends the saving user's id; the server takes the caller from the token instead. */
  userId: idParamSchema.optional(),
});
export type FileListUpdateInput = z.infer<typeof fileListUpdateInputSchema>;

export const fileListQuerySchema = pagedSearchQuerySchema;
export type FileListQuery = z.infer<typeof fileListQuerySchema>;

/**
 * The text fields of the multipart POST /files/uploadList/{id}; the file goes in `files`. One
 * option's file per request (`id` is the option): API Gateway carries 10 MB per request, so
 * several files together would not fit, and the SPA sends one request per option.
 */
export const fileListUploadFieldsSchema = z.object({
  fileId: idParamSchema.optional(),
  typeArch: z.literal('fileList').optional(),
  mediaType: z.string().max(255, msg.tooLong).optional(),
  name: z.string().max(limits.fileListOptionNameMax, msg.tooLong).optional(),
  id: idParamSchema,
});
export type FileListUploadFields = z.infer<typeof fileListUploadFieldsSchema>;
