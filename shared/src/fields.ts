/**
 * Field schemas reused by the entity files, so every name, e-mail, id and date is validated
 * the same way everywhere.
 */
import * as z from 'zod';
import { limits } from './constants.ts';
import { validationMessages as msg } from './validation-messages.ts';

/**
 * A number typed in a form or sent in JSON, checked by `inner`: a blank or non-numeric text is
 * NaN, which `inner` refuses with its own text (z.number({ error })), instead of coercing '' to 0.
 */
export function numberInput<T extends z.ZodType<number>>(inner: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? (value.trim() === '' ? Number.NaN : Number(value)) : value),
    inner,
  );
}

/** A stored id (companies, users, tickets, contacts, queues, tags, whatsapps…). */
export const idSchema = z.number().int().positive();

/** An id arriving as a path or query parameter (a string on the wire). */
export const idParamSchema = z.coerce.number().int().positive();

/**
 * A required reference in a form payload: missing, null, '' or a non-positive value all
 * report `required` (the form's select was left empty).
 */
export function requiredIdSchema(required: string = msg.required) {
  return z.coerce.number({ error: required }).int(required).positive(required);
}

/** Whether a form value counts as "not filled in". */
function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** One of fixed values: blank reports `required`, anything else outside the set `invalidValue`. */
export function requiredEnum<const T extends readonly [string, ...string[]]>(
  values: T,
  required: string = msg.required,
) {
  return z.enum(values, {
    error: (issue) => (isBlank(issue.input) ? required : msg.invalidValue),
  });
}

/** `{ id }` of a path such as /tickets/{id}. */
export const idPathSchema = z.object({ id: idParamSchema });

/** A nullable reference in a JSON body; '' (an empty form value) reads as null. */
export const nullableIdSchema = z.preprocess(
  (value) => (value === '' ? null : value),
  idParamSchema.nullable(),
);

/**
 * A required, trimmed text. Missing, null or blank yields `required`; only then are the
 * length rules checked, so one field reports one message, as the product's forms do.
 */
export function requiredText(required: string = msg.required) {
  return z.string({ error: required }).trim().min(1, { error: required, abort: true });
}

/** A required name within the usual 2..50 characters (muy corto / muy largo! / Requerido). */
export function nameField(min: number = limits.nameMin, max: number = limits.nameMax) {
  return requiredText().min(min, msg.tooShort).max(max, msg.tooLong);
}

/** Optional free text of at most limits.longTextMax characters: absent, null or '' become ''. */
export const optionalTextSchema = z.preprocess(
  (value) => (value === null || value === undefined ? '' : value),
  z.string().max(limits.longTextMax, msg.tooLong),
);

/** Optional free text of at most `max` characters: absent, null or '' become ''. */
export function optionalTextField(max: number) {
  return z.preprocess(
    (value) => (value === null || value === undefined ? '' : value),
    z.string().max(max, msg.tooLong),
  );
}

/** Optional free text that is stored as null when empty. */
export const nullableTextSchema = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  z.string().max(limits.longTextMax, msg.tooLong).nullable(),
);

/** A required, valid e-mail with the given texts. */
export function requiredEmail(invalid: string = msg.invalidEmail, required: string = msg.required) {
  return requiredText(required).max(limits.emailMax, msg.tooLong).regex(z.regexes.email, invalid);
}

/** An e-mail that may be left empty (contacts): '' and absent stay ''. */
export const optionalEmailSchema = z.preprocess(
  (value) => (value === null || value === undefined ? '' : value),
  z
    .string()
    .trim()
    .max(limits.emailMax, msg.tooLong)
    .refine((value) => value === '' || z.regexes.email.test(value), msg.invalidEmail),
);

/** A password within 5..50 characters; never trimmed. */
export function passwordField() {
  return z
    .string({ error: msg.required })
    .min(1, { error: msg.required, abort: true })
    .min(limits.passwordMin, msg.tooShort)
    .max(limits.passwordMax, msg.tooLong);
}

/** An ISO-8601 date-time with Z or an offset, as every API payload carries. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true, error: msg.invalidDate });

/** A calendar day, yyyy-MM-dd. */
export const isoDateSchema = z.iso.date({ error: msg.invalidDate });

/** A day or a full date-time (due dates are stored either way). */
export const isoDateOrDateTimeSchema = z.union([isoDateSchema, isoDateTimeSchema], {
  error: msg.invalidDate,
});

/** HH:MM on a 24-hour clock. */
export const timeOfDaySchema = z
  .string()
  .max(5, msg.invalidTime)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, msg.invalidTime);

/** A boolean from JSON or a query string ('true', 'false', '1', '0', …). */
export const booleanParamSchema = z.union([z.boolean(), z.stringbool()]);

/**
 * A message id as the WhatsApp network carries it: letters and digits (Baileys' 3EB0 + hex, a
 * phone's 32 hex digits, the sandbox's 3EB0 + hex), hyphens for the product's own call replies,
 * at most limits.messageIdMax. These ids become S3 and table keys: a slash, dot or `#` from a
 * stranger's message must never reach one (docs/decisions.md, Security: inputs).
 */
export const whatsappMessageIdPattern = /^[A-Za-z0-9][A-Za-z0-9-]*$/;

export function isWhatsappMessageId(id: unknown): id is string {
  return typeof id === 'string' && id.length <= limits.messageIdMax && whatsappMessageIdPattern.test(id);
}

/** A WhatsApp message id from the network (inbound events). */
export const whatsappMessageIdSchema = z
  .string()
  .max(limits.messageIdMax, msg.tooLong)
  .regex(whatsappMessageIdPattern, msg.invalidValue);

/** A stored message id: a WhatsApp one, or one the product derived from it (call-<callId>). */
export const messageIdSchema = z
  .string()
  .max(128, msg.tooLong)
  .regex(whatsappMessageIdPattern, msg.invalidValue);
