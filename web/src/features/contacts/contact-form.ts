import * as z from 'zod';
import { contactCreateInputSchema, extraInfoInputSchema } from '@atende/shared/entities/contact';
import { validateForm, type FormCheck } from '../../lib/form-validation.ts';
import type { Contact, ContactPayload } from './api/types.ts';

/** One extra-information row of the contact form; `key` keeps React rows stable while editing. */
export interface ExtraInfoRow {
  key: string;
  id?: number;
  name: string;
  value: string;
}

/** The contact modal's (and the drawer's inline form's) fields as the inputs hold them. */
export interface ContactFormValues {
  name: string;
  number: string;
  email: string;
  extraInfo: ExtraInfoRow[];
}

let rowSeq = 0;
const nextRowKey = () => `row-${++rowSeq}`;

export function emptyExtraInfoRow(): ExtraInfoRow {
  return { key: nextRowKey(), name: '', value: '' };
}

export function emptyContactForm(): ContactFormValues {
  return { name: '', number: '', email: '', extraInfo: [] };
}

export function contactFormOf(contact: Partial<Contact>): ContactFormValues {
  return {
    name: contact.name ?? '',
    number: contact.number ?? '',
    email: contact.email ?? '',
    extraInfo: (contact.extraInfo ?? []).map((info) => ({
      key: nextRowKey(),
      ...(info.id !== undefined ? { id: info.id } : {}),
      name: info.name,
      value: info.value,
    })),
  };
}

/** Rows left completely blank are dropped rather than reported: an added row nobody filled in. */
const isBlankRow = (row: ExtraInfoRow) => row.name.trim() === '' && row.value.trim() === '';

/**
 * The rows as shown, checked by the route's item schema where filled in (blank ones are dropped),
 * so a message keeps the position of its row (`extraInfo.<index>.name`); then the route's list rule.
 */
const shownRowsSchema = z
  .array(
    z.preprocess(
      (row) => (isBlankRow(row as ExtraInfoRow) ? undefined : rowInput(row as ExtraInfoRow)),
      extraInfoInputSchema.optional(),
    ),
  )
  .transform((rows) => rows.filter((row) => row !== undefined))
  .pipe(contactCreateInputSchema.shape.extraInfo.unwrap() as unknown as z.ZodType<ExtraInfoInput[], ExtraInfoInput[]>);

type ExtraInfoInput = z.output<typeof extraInfoInputSchema>;

const rowInput = (row: ExtraInfoRow) => ({
  ...(row.id !== undefined ? { id: row.id } : {}),
  name: row.name,
  value: row.value,
});

/**
 * core §5 Contact: name required, 2 to 50 (muy corto / muy largo! / Requerido); number 8 to 50;
 * e-mail valid when given (Email no valido); each extra-info row needs a name: the route's body
 * schema over the form's values, giving the POST/PUT payload.
 */
export const contactFormSchema = z
  .preprocess((values) => {
    const { name, number, email, extraInfo } = values as ContactFormValues;
    return { name, number, email, extraInfo };
  }, contactCreateInputSchema.extend({ extraInfo: shownRowsSchema }))
  .transform(({ name, number, email, extraInfo }): ContactPayload => ({
    name,
    number,
    email,
    extraInfo: extraInfo.map((info) => ({
      ...(info.id !== undefined ? { id: info.id } : {}),
      name: info.name,
      value: info.value.trim(),
    })),
  })) as unknown as z.ZodType<ContactPayload, ContactFormValues>;

/** The contact form's check outside the dialog (the unit tests): the payload, or the messages by field. */
export function checkContactForm(values: ContactFormValues): FormCheck<ContactPayload> {
  return validateForm(contactFormSchema, values);
}
