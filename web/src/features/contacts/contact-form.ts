import { contactCreateInputSchema } from '@atende/shared/entities/contact';
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
 * core §5 Contact: name required, 2 to 50 (muy corto / muy largo! / Requerido); number 8 to 50;
 * e-mail valid when given (Email no valido); each extra-info row needs a name. Errors are keyed
 * by field, rows as `extraInfo.<index>.name` of the rows shown. Returns the POST/PUT payload.
 */
export function checkContactForm(values: ContactFormValues): FormCheck<ContactPayload> {
  const rows = values.extraInfo.map((row, index) => ({ row, index })).filter(({ row }) => !isBlankRow(row));
  const checked = validateForm(contactCreateInputSchema, {
    name: values.name,
    number: values.number,
    email: values.email,
    extraInfo: rows.map(({ row }) => ({
      ...(row.id !== undefined ? { id: row.id } : {}),
      name: row.name,
      value: row.value,
    })),
  });
  if (!checked.ok) {
    // Map the rows' errors back to the positions the form shows (blank rows were skipped).
    const errors: Record<string, string | undefined> = {};
    for (const [field, message] of Object.entries(checked.errors)) {
      const match = /^extraInfo\.(\d+)\.(.+)$/.exec(field);
      const shown = match ? rows[Number(match[1])]?.index : undefined;
      errors[match && shown !== undefined ? `extraInfo.${shown}.${match[2]}` : field] = message;
    }
    return { ok: false, errors };
  }
  const { name, number, email, extraInfo } = checked.data;
  return {
    ok: true,
    data: {
      name,
      number,
      email,
      extraInfo: extraInfo.map((info) => ({
        ...(info.id !== undefined ? { id: info.id } : {}),
        name: info.name,
        value: info.value.trim(),
      })),
    },
  };
}
