import type { EntityItem } from 'electrodb';
import { nextId } from './ids.ts';
import { ticketNoteEntity, ticketNoteRefEntity } from './ticket-note-entity.ts';
import { writeAll } from './transaction.ts';

export type TicketNoteRecord = EntityItem<typeof ticketNoteEntity>;

/** AP-TN-1: create a note with its id reference, in one transaction. */
export async function createTicketNote(
  companyId: number,
  fields: { ticketId: number; contactId: number; userId: number; note: string },
): Promise<TicketNoteRecord> {
  const id = await nextId({ companyId }, 'ticketNote');
  const record = { companyId, id, ...fields, createdAt: new Date().toISOString() };
  await writeAll(
    { note: ticketNoteEntity, ref: ticketNoteRefEntity },
    ({ note, ref }) => [note.create(record).commit(), ref.create({ companyId, id, ticketId: fields.ticketId }).commit()],
    ['ERR_INTERNAL', 'ERR_INTERNAL'],
  );
  return { ...record, updatedAt: record.createdAt };
}

/** AP-TN-2: a ticket's notes, newest first: `pk = C#<companyId>#T#<ticketId>`, `sk begins_with NOTE#`. */
export async function listTicketNotes(companyId: number, ticketId: number): Promise<TicketNoteRecord[]> {
  const { data } = await ticketNoteEntity.query.byTicket({ companyId, ticketId }).go({ pages: 'all' });
  return data.sort((a, b) => b.id - a.id);
}

/** AP-TN-3: a note by its id alone: its reference `TNOTE#<id>`, then the note. */
export async function getTicketNote(companyId: number, id: number): Promise<TicketNoteRecord | undefined> {
  const { data: ref } = await ticketNoteRefEntity.get({ companyId, id }).go({ consistent: true });
  if (!ref) return undefined;
  const { data } = await ticketNoteEntity.get({ companyId, ticketId: ref.ticketId, id }).go({ consistent: true });
  return data ?? undefined;
}

/** AP-TN-4: delete a note and its reference, in one transaction (404 if it is already gone). */
export async function deleteTicketNote(note: TicketNoteRecord): Promise<void> {
  const { companyId, ticketId, id } = note;
  await writeAll(
    { notes: ticketNoteEntity, ref: ticketNoteRefEntity },
    ({ notes, ref }) => [
      notes
        .delete({ companyId, ticketId, id })
        .where(({ id: noteId }, { exists }) => exists(noteId))
        .commit(),
      ref.delete({ companyId, id }).commit(),
    ],
    ['ERR_NOT_FOUND'],
  );
}
