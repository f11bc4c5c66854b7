import { ticketNoteCreateInputSchema, ticketNoteListQuerySchema } from '@atende/shared/entities/ticket-note';
import { createTicketNote, deleteTicketNote, getTicketNote, listTicketNotes, type TicketNoteRecord } from '#data/ticket-notes';
import { listCompanyUsers } from '#data/users';
import { AppError } from '#domain/app-error';
import { assertMayDeleteNote, assertNoteContact } from '#domain/ticket-note-rules';
import { restModule } from '#http/rest-module';
import { onRecord, route } from '#http/route';
import { HttpAnswer } from '#http/types';
import { visibleTicket } from '../messages/visible-ticket.ts';

/** The name a note of the bot shows as its author (it has no user). */
export const botAuthorName = 'Bot';

function publicNote(note: TicketNoteRecord, userName: string | undefined) {
  const byBot = note.author === 'bot';
  return {
    id: note.id,
    note: note.note,
    ticketId: note.ticketId,
    contactId: note.contactId,
    author: byBot ? ('bot' as const) : ('user' as const),
    ...(byBot ? { userId: null, user: { id: null, name: botAuthorName } } : { userId: note.userId, user: { id: note.userId, name: userName ?? '' } }),
    createdAt: note.createdAt,
    updatedAt: note.updatedAt,
  };
}

/** Notes with their authors' names (the company's users, a plan-bounded set, read once). */
async function withAuthors(companyId: number, notes: TicketNoteRecord[]) {
  if (notes.length === 0) return [];
  const names = new Map((await listCompanyUsers(companyId)).map((user) => [user.id, user.name]));
  return notes.map((note) => publicNote(note, names.get(note.userId)));
}

/**
 * /api/ticket-notes: notes agents leave on a ticket (core §3, §5, §7). Writing and reading need
 * the right to see the ticket; a note is deleted by its author or an admin.
 */
export const handler = restModule([
  route({
    method: 'POST',
    path: '/ticket-notes',
    access: 'user',
    body: ticketNoteCreateInputSchema,
    handler: async ({ principal, body }) => {
      const ticket = await visibleTicket(principal, body.ticketId);
      assertNoteContact(body.contactId, ticket);
      const note = await createTicketNote(principal.companyId, {
        ticketId: ticket.id,
        contactId: ticket.contactId,
        userId: principal.userId,
        note: body.note,
      });
      const [created] = await withAuthors(principal.companyId, [note]);
      return new HttpAnswer(201, created);
    },
  }),
  route({
    method: 'GET',
    path: '/ticket-notes/list',
    access: 'user',
    query: ticketNoteListQuerySchema,
    handler: async ({ principal, query }) => {
      const ticket = await visibleTicket(principal, query.ticketId);
      const notes = (await listTicketNotes(principal.companyId, ticket.id)).filter((note) => note.contactId === query.contactId);
      return withAuthors(principal.companyId, notes);
    },
  }),
  route({
    ...onRecord('DELETE', '/ticket-notes/{id}', 'user'),
    handler: async ({ principal, params }) => {
      const note = await getTicketNote(principal.companyId, params.id);
      if (!note) throw new AppError('ERR_NOT_FOUND');
      assertMayDeleteNote(principal, note);
      await deleteTicketNote(note);
      return new HttpAnswer(204);
    },
  }),
]);
