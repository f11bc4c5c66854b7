/** Message (core §3, §7) and the /messages routes. */
import * as z from 'zod';
import { ackValues, messageMediaTypes } from '../constants.ts';
import { booleanParamSchema, idParamSchema, idSchema, messageIdSchema } from '../fields.ts';
import { pageNumberSchema } from '../query-params.ts';
import { validationMessages as msg } from '../validation-messages.ts';
import { chatMenuSchema } from './chat-menu.ts';
import { contactSchema } from './contact.ts';

export const messageMediaTypeSchema = z.enum(messageMediaTypes);
export type MessageMediaType = z.infer<typeof messageMediaTypeSchema>;

/** 1 sent, 2 delivered, 3 read, 4 and 5 read (shown in colour). */
export const ackSchema = z.literal(ackValues);
export type Ack = z.infer<typeof ackSchema>;

/** The quoted message as embedded in a reply. */
export const quotedMessageSchema = z.object({
  id: messageIdSchema,
  body: z.string(),
  fromMe: z.boolean(),
  mediaType: messageMediaTypeSchema.nullable().optional(),
  mediaUrl: z.string().nullable().optional(),
  contact: z.object({ name: z.string() }).nullable().optional(),
});
export type QuotedMessage = z.infer<typeof quotedMessageSchema>;

export const messageSchema = z.object({
  /** The WhatsApp message id. */
  id: messageIdSchema,
  ticketId: idSchema,
  contactId: idSchema.nullable().optional(),
  companyId: idSchema.optional(),
  body: z.string(),
  fromMe: z.boolean(),
  /** null for plain text. */
  mediaType: messageMediaTypeSchema.nullable().optional(),
  mediaUrl: z.string().nullable().optional(),
  isDeleted: z.boolean().default(false),
  isEdited: z.boolean().default(false),
  ack: ackSchema,
  read: z.boolean().default(false),
  quotedMsgId: messageIdSchema.nullable().optional(),
  quotedMsg: quotedMessageSchema.nullable().optional(),
  contact: contactSchema
    .pick({ id: true, name: true, number: true, profilePicUrl: true })
    .nullable()
    .optional(),
  /** Group messages: who in the group sent it. */
  participant: z.string().nullable().optional(),
  /** A chatbot menu sent as a list or buttons (the body holds it as numbered text too). */
  menu: chatMenuSchema.nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
});
export type Message = z.infer<typeof messageSchema>;

/** POST /messages/{ticketId} as JSON. Empty messages are not sent unless they carry media. */
export const messageCreateInputSchema = z
  .object({
    body: z.string().default(''),
    fromMe: booleanParamSchema.default(true),
    read: booleanParamSchema.default(true),
    mediaUrl: z.string().nullable().optional(),
    /** A quoted message, or its id. */
    quotedMsg: z
      .union([
        messageIdSchema,
        z
          .object({ id: messageIdSchema })
          .loose()
          .transform((quoted) => quoted.id),
      ])
      .nullable()
      .optional(),
  })
  .refine((input) => input.body.trim() !== '' || Boolean(input.mediaUrl), {
    error: msg.emptyMessage,
    path: ['body'],
  });
export type MessageCreateInput = z.infer<typeof messageCreateInputSchema>;

/** Multipart forms carry the quoted message as JSON text; text that is not JSON stays as it is. */
function parsedQuote(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '' || text === 'null') return null;
  if (!text.startsWith('{')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Not JSON: left as text, which no message id matches (ERR_VALIDATION, never a 500).
    return text;
  }
}

/**
 * `quotedMsg` of POST /messages/{ticketId}: the quoted message (`{ id, … }`, as JSON text in a
 * multipart form) or its bare id; null, '' or absent for none. Always `{ id }` once parsed.
 */
export const quotedMessageInputSchema = z.preprocess(
  parsedQuote,
  z
    .union(
      [
        messageIdSchema.transform((id) => ({ id })),
        z.object({ id: messageIdSchema }).transform(({ id }) => ({ id })),
      ],
      {
        error: msg.invalidValue,
      },
    )
    .nullable()
    .optional(),
);

/** The text fields of the multipart form of POST /messages/{ticketId} (files go in "medias"). */
export const messageMediaFormFieldsSchema = z.object({
  body: z.string().default(''),
  fromMe: booleanParamSchema.default(true),
});
export type MessageMediaFormFields = z.infer<typeof messageMediaFormFieldsSchema>;

/** GET /messages/{ticketId}. */
export const messageListPathSchema = z.object({ ticketId: idParamSchema });
export const messageListQuerySchema = z.object({ pageNumber: pageNumberSchema });
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

/** DELETE /messages/{id}: the WhatsApp message id. */
export const messageIdPathSchema = z.object({ id: messageIdSchema });
