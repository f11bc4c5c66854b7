import { ticketNoteCreateInputSchema } from '@atende/shared/entities/ticket-note';
import { validateForm, type FormCheck } from '../../lib/form-validation.ts';

/** core §5 Ticket note: required, at least 2 characters. Returns the POST /ticket-notes payload. */
export function checkNoteForm(
  note: string,
  ticketId: number,
  contactId: number,
): FormCheck<{ note: string; ticketId: number; contactId: number }> {
  return validateForm(ticketNoteCreateInputSchema, { note, ticketId, contactId });
}

/** Newest first, as the drawer lists them. */
export function sortNotes<T extends { id: number; createdAt: string }>(notes: readonly T[]): T[] {
  return [...notes].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}
