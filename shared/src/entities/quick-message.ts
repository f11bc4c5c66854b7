/** Quick message / quick reply (core §3, extended §3, §5) and the /quick-messages routes. */
import * as z from 'zod';
import { limits } from '../constants.ts';
import { booleanParamSchema, idParamSchema, idSchema, optionalTextField, requiredText } from '../fields.ts';
import { validationMessages as msg } from '../validation-messages.ts';
import { pagedSearchQuerySchema } from '../query-params.ts';

export const quickMessageSchema = z.object({
  id: idSchema,
  shortcode: z.string(),
  message: z.string(),
  /** Shared with the whole company rather than private to its author. */
  geral: z.boolean().default(false),
  status: z.boolean().default(true),
  isMedia: z.boolean().default(false),
  mediaPath: z.string().nullable().optional(),
  mediaName: z.string().nullable().optional(),
  userId: idSchema.nullable().optional(),
  companyId: idSchema.optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type QuickMessage = z.infer<typeof quickMessageSchema>;

/**
 * The shortcode, without a leading "/" (the chat adds it when offering the reply, so '/saludo'
 * typed in the dialog or sent to the API is stored as 'saludo'); blank or only slashes: Requerido.
 */
const shortcodeField = () =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().replace(/^\/+/, '') : value),
    requiredText().max(limits.quickMessageShortcodeMax, msg.tooLong),
  );
const quickMessageText = optionalTextField(limits.quickMessageMax);

/** POST /quick-messages: the shortcode is required (Requerido). Media is uploaded afterwards. */
export const quickMessageCreateInputSchema = z.object({
  shortcode: shortcodeField(),
  message: quickMessageText,
  geral: booleanParamSchema.default(false),
  status: booleanParamSchema.default(true),
});
export type QuickMessageCreateInput = z.infer<typeof quickMessageCreateInputSchema>;

/** PUT /quick-messages/{id}. */
export const quickMessageUpdateInputSchema = z.object({
  shortcode: shortcodeField().optional(),
  message: quickMessageText.optional(),
  geral: booleanParamSchema.optional(),
  status: booleanParamSchema.optional(),
});
export type QuickMessageUpdateInput = z.infer<typeof quickMessageUpdateInputSchema>;

/** GET /quick-messages. */
export const quickMessageListQuerySchema = pagedSearchQuerySchema.extend({
  userId: idParamSchema.optional(),
});
export type QuickMessageListQuery = z.infer<typeof quickMessageListQuerySchema>;

/** GET /quick-messages/list. */
export const quickMessageSimpleListQuerySchema = z.object({
  companyId: idParamSchema.optional(),
  userId: idParamSchema.optional(),
});
export type QuickMessageSimpleListQuery = z.infer<typeof quickMessageSimpleListQuerySchema>;
