import { companyPk, defineEntity, fixedNumber, key, timestamps } from './electro.ts';

/**
 * A note an agent left on a ticket (core §3). Kept under the ticket's own partition, next to its
 * timeline (`EV#…`), with the distinct prefix `NOTE#`: a ticket's notes are one query.
 */
export const ticketNoteEntity = defineEntity(
  'ticketNote',
  {
    companyId: fixedNumber,
    ticketId: fixedNumber,
    id: fixedNumber,
    contactId: fixedNumber,
    /** The agent who wrote it; 0 for a note of the bot (`author` bot). */
    userId: fixedNumber,
    /** `bot`: left by the bot turn when it hands the ticket to a person (modules/bot-turn). Absent: an agent's. */
    author: { type: ['bot'] as const, readOnly: true },
    note: { type: 'string', required: true },
    ...timestamps,
  },
  {
    byTicket: {
      pk: key('pk', ['companyId', 'ticketId'], 'C#${companyId}#T#${ticketId}'),
      sk: key('sk', ['id'], 'NOTE#${id}'),
    },
  },
);

/**
 * Where a note lives, by its id alone (DELETE /ticket-notes/{id} knows only the id). Written and
 * deleted in the same transaction as the note, so it is read consistently.
 */
export const ticketNoteRefEntity = defineEntity(
  'ticketNoteRef',
  {
    companyId: fixedNumber,
    id: fixedNumber,
    ticketId: fixedNumber,
  },
  {
    byId: { pk: companyPk, sk: key('sk', ['id'], 'TNOTE#${id}') },
  },
);
