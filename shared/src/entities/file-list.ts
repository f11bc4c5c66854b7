/** File list and its options (extended §3, §5, §7): named sets of attachments with a message. */
import * as z from 'zod';
import { limits } from '../constants.ts';
import { idParamSchema, idSchema, requiredText } from '../fields.ts';
import { pagedSearchQuerySchema } from '../query-params.ts';
import { validationMessages as msg } from '../validation-messages.ts';

export const fileListOptionSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** Storage key of the uploaded file; empty until uploaded. */
  path: z.string().nullable().optional(),
  mediaType: z.string().nullable().optional(),
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

/** An option in a create or update payload; an id means "keep and update this one". */
const fileListOptionInputSchema = z.object({
  id: idParamSchema.optional(),
  name: requiredText(),
  path: z.string().nullable().optional(),
  mediaType: z.string().nullable().optional(),
});

/** Name at least 3 characters (nome muito curto), message required (Requerido). */
const fileListNameSchema = requiredText().min(limits.fileListNameMin, msg.fileListNameTooShort);

/** POST /files. */
export const fileListCreateInputSchema = z.object({
  name: fileListNameSchema,
  message: requiredText(),
  options: z.array(fileListOptionInputSchema).default([]),
});
export type FileListCreateInput = z.infer<typeof fileListCreateInputSchema>;

/** PUT /files/{id}: options, when present, replace the stored set. */
export const fileListUpdateInputSchema = z.object({
  name: fileListNameSchema.optional(),
  message: requiredText().optional(),
  options: z.array(fileListOptionInputSchema).optional(),
  userId: idParamSchema.optional(),
});
export type FileListUpdateInput = z.infer<typeof fileListUpdateInputSchema>;

export const fileListQuerySchema = pagedSearchQuerySchema;
export type FileListQuery = z.infer<typeof fileListQuerySchema>;

/** The text fields of the multipart POST /files/uploadList/{id} (files go in "files"). */
export const fileListUploadFieldsSchema = z.object({
  fileId: idParamSchema,
  typeArch: z.literal('fileList'),
  mediaType: z.string().optional(),
  name: z.string().optional(),
  id: idParamSchema.optional(),
});
export type FileListUploadFields = z.infer<typeof fileListUploadFieldsSchema>;
