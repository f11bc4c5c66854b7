import * as z from 'zod';
import { limits } from '@atende/shared/constants';
import { validationMessages as msg } from '@atende/shared/validation-messages';

/**
 * The input and answer of the external message API (POST /api/messages/send), apart from the
 * handler so the OpenAPI document (external-api-openapi.ts) is generated from them without AWS.
 */

/** A file as the multipart parser hands it over. */
export const uploadedFile = z.object({
  filename: z.string().max(limits.fileNameMax, msg.tooLong).default(''),
  mimetype: z.string().min(1).max(limits.mimeTypeMax, msg.tooLong),
  content: z.instanceof(Buffer),
});

/** Country, area and number, digits only (E.164 without the plus: at most 15 digits). */
export const apiNumberSchema = z
  .string({ error: 'Requerido' })
  .max(limits.numberMax, msg.tooLong)
  .trim()
  .regex(
    /^\d{10,15}$/,
    'El número debe tener solo dígitos: país, área y número (10 a 15 dígitos), p. ej. 5511999998888',
  );

const booleanField = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
]);

/**
 * POST /api/messages/send: JSON `{ number, body }` or multipart `{ number, body?, medias[] }`.
 * A caller-chosen key (the Idempotency-Key header or `messageId`) makes a retry send once.
 */
export const externalSendSchema = z.object({
  number: apiNumberSchema,
  body: z.string().max(limits.messageBodyMax).default(''),
  closeTicket: booleanField.optional(),
  messageId: z.string().trim().min(1).max(100).optional(),
  medias: z
    .union([uploadedFile, z.array(uploadedFile).min(1).max(10)])
    // @middy/http-multipart-body-parser prepends each repeated file (`[file].concat(current)`), so
    // the list arrives last-first: reversed, it is the caller's order again.
    .transform((files) => (Array.isArray(files) ? [...files].reverse() : [files]))
    .optional(),
});

/** What a send answers: the first stored message and its ticket, and every message id in order. */
export interface ExternalSendAnswer {
  id: string;
  ticketId: number;
  messageIds: string[];
  closed: boolean;
}
