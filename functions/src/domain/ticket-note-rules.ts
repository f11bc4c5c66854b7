import { isAdmin, type Principal } from '#auth/principal';
import { AppError } from './app-error.ts';

/** A note names the ticket's own contact; any other contact is refused. */
export function assertNoteContact(contactId: number, ticket: { contactId: number }): void {
  if (contactId !== ticket.contactId) {
    throw new AppError('ERR_VALIDATION', { issues: [{ path: 'contactId', message: 'El contacto no es el del ticket' }] });
  }
}

/** A note is deleted by its author or an admin. */
export function assertMayDeleteNote(principal: Principal, note: { userId: number }): void {
  if (note.userId !== principal.userId && !isAdmin(principal)) throw new AppError('ERR_NO_PERMISSION');
}
