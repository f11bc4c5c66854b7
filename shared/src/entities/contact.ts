/** Contact with extraInfo (core §3, §5) and the /contacts routes. */
import * as z from 'zod';
import { limits } from '../constants.ts';
import {
  idParamSchema,
  idSchema,
  isoDateSchema,
  nameField,
  optionalEmailSchema,
  requiredText,
} from '../fields.ts';
import { pageNumberSchema, searchParamSchema } from '../query-params.ts';
import { validationMessages as msg } from '../validation-messages.ts';

export const contactExtraInfoSchema = z.object({
  id: idSchema.optional(),
  name: z.string(),
  value: z.string(),
});
export type ContactExtraInfo = z.infer<typeof contactExtraInfoSchema>;

export const contactSchema = z.object({
  id: idSchema,
  name: z.string(),
  number: z.string(),
  email: z.string().default(''),
  profilePicUrl: z.string().nullable().optional(),
  isGroup: z.boolean().default(false),
  /** The connection the contact was last seen on. */
  whatsappId: idSchema.nullable().optional(),
  whatsapp: z.object({ id: idSchema, name: z.string() }).nullable().optional(),
  companyId: idSchema.optional(),
  extraInfo: z.array(contactExtraInfoSchema).default([]),
  /** The person's LID (privacy id, digits) when WhatsApp used it. */
  lid: z.string().nullable().optional(),
  /** Only the LID is known: `number` holds the LID's digits, shown as "LID". */
  lidOnly: z.boolean().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type Contact = z.infer<typeof contactSchema>;

/**
 * 8..50 characters (muy corto / muy largo! / Requerido), shared with contact-list items. Only
 * digits and the signs people type between them (spaces, +, -, dots, parentheses; the API keeps
 * the digits): a number with letters is refused here, before anyone asks WhatsApp about it.
 */
export function contactNumberField() {
  return requiredText()
    .regex(/^[\d\s()+.-]*$/, msg.numberWithLetters)
    .min(limits.numberMin, msg.tooShort)
    .max(limits.numberMax, msg.tooLong);
}

/** One extra field as a form sends it. */
export const extraInfoInputSchema = z.object({
  id: idParamSchema.optional(),
  name: requiredText().max(limits.extraInfoNameMax, msg.tooLong),
  value: z.string().max(limits.extraInfoValueMax, msg.tooLong).default(''),
});
/** A contact's extra fields: at most limits.extraInfoItemsMax of them. */
const extraInfoListSchema = z.array(extraInfoInputSchema).max(limits.extraInfoItemsMax, msg.tooLong);

/** POST /contacts. */
export const contactCreateInputSchema = z.object({
  name: nameField(),
  number: contactNumberField(),
  email: optionalEmailSchema,
  extraInfo: extraInfoListSchema.default([]),
});
export type ContactCreateInput = z.infer<typeof contactCreateInputSchema>;

/** PUT /contacts/{id}: extraInfo, when present, replaces the whole list. */
export const contactUpdateInputSchema = z.object({
  name: nameField().optional(),
  number: contactNumberField().optional(),
  email: optionalEmailSchema.optional(),
  extraInfo: extraInfoListSchema.optional(),
});
export type ContactUpdateInput = z.infer<typeof contactUpdateInputSchema>;

/** GET /contacts: search, page and an optional creation-date filter. */
export const contactsQuerySchema = z.object({
  searchParam: searchParamSchema,
  pageNumber: pageNumberSchema,
  date: isoDateSchema.optional(),
  dateStart: isoDateSchema.optional(),
  dateEnd: isoDateSchema.optional(),
});
export type ContactsQuery = z.infer<typeof contactsQuerySchema>;

/** GET /contacts/list. */
export const contactsSimpleQuerySchema = z.object({
  companyId: idParamSchema.optional(),
});
export type ContactsSimpleQuery = z.infer<typeof contactsSimpleQuerySchema>;

/**
 * POST /contacts/import: a CSV like the export (`;` or `,`, header name;number;email or nome /
 * nombre, numero / número / telefone / teléfono, email / correo), as multipart field `file`. The
 * file is at most 4 MB (its base64 body must stay under Lambda's 6 MB request limit) and 10,000
 * rows.
 */
export const contactImportLimits = {
  maxBytes: 4 * 1024 * 1024,
  maxRows: 10_000,
  field: 'file',
  accept: '.csv,text/csv,text/plain',
} as const;

/** One row that was not imported: its line in the file and why. */
export const contactImportIssueSchema = z.object({
  line: z.number().int().positive(),
  reason: z.string(),
});

/** The import's answer: contacts created, rows skipped because their number exists, invalid rows. */
export const contactImportResultSchema = z.object({
  created: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  invalid: z.array(contactImportIssueSchema),
});
export type ContactImportResult = z.infer<typeof contactImportResultSchema>;
