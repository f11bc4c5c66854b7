import { Entity } from 'electrodb';
import { entityConfig, exactCase, serviceName } from './electro.ts';

/**
 * A note an agent left on a ticket (core §3). Kept under the ticket's own partition, next to its
 * timeline (`EV#…`), with the distinct prefix `NOTE#`: a ticket's notes are one query.
 */
export const ticketNoteEntity = new Entity(
  {
    model: { entity: 'ticketNote', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      ticketId: { type: 'number', required: true, readOnly: true },
      id: { type: 'number', required: true, readOnly: true },
      contactId: { type: 'number', required: true, readOnly: true },
      /** The agent who wrote it; 0 for a note of the bot (`author` bot). */
      userId: { type: 'number', required: true, readOnly: true },
      /** `bot`: left by the bot turn when it hands the ticket to a person (modules/bot-turn). Absent: an agent's. */
      author: { type: ['bot'] as const, readOnly: true },
      note: { type: 'string', required: true },
      createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
      updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
    },
    indexes: {
      byTicket: {
        pk: { field: 'pk', composite: ['companyId', 'ticketId'], template: 'C#${companyId}#T#${ticketId}', casing: exactCase },
        sk: { field: 'sk', composite: ['id'], template: 'NOTE#${id}', casing: exactCase },
      },
    },
  },
  entityConfig,
);

/**
 * Where a note lives, by its id alone (DELETE /ticket-notes/{id} knows only the id). Written and
 * deleted in the same transaction as the note, so it is read consistently.
 */
export const ticketNoteRefEntity = new Entity(
  {
    model: { entity: 'ticketNoteRef', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      id: { type: 'number', required: true, readOnly: true },
      ticketId: { type: 'number', required: true, readOnly: true },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}', casing: exactCase },
        sk: { field: 'sk', composite: ['id'], template: 'TNOTE#${id}', casing: exactCase },
      },
    },
  },
  entityConfig,
);
