/** The external message API (extended §7): POST /messages/send with a connection token. */
import * as z from 'zod';
import { requiredText } from '../fields.ts';
import { validationMessages as msg } from '../validation-messages.ts';

/** Digits only: country code, area code and number. */
export const externalNumberSchema = requiredText().regex(/^\d+$/, msg.digitsOnly);

/** JSON form: number and text. */
export const externalMessageInputSchema = z.object({
  number: externalNumberSchema,
  body: requiredText(),
});
export type ExternalMessageInput = z.infer<typeof externalMessageInputSchema>;

/** Multipart form: number plus files in "medias"; the body is an optional caption. */
export const externalMediaFormFieldsSchema = z.object({
  number: externalNumberSchema,
  body: z.string().default(''),
});
export type ExternalMediaFormFields = z.infer<typeof externalMediaFormFieldsSchema>;
