import { defineEntity, fixedNumber, key } from './electro.ts';

/**
 * A ticket's creation instant, one item per ticket in one partition per company, sorted by that
 * instant: "tickets created on a day" is then a key range (the day's first instant in the
 * company's time zone to the next day's), whatever the zone, never a scan. Written in the same
 * transaction as the ticket (data/tickets.ts createTicket) and deleted with it.
 */
export const ticketCreatedEntity = defineEntity(
  'ticketCreated',
  {
    companyId: fixedNumber,
    createdAt: { type: 'string', required: true, readOnly: true },
    ticketId: fixedNumber,
  },
  {
    byCreation: {
      pk: key('pk', ['companyId'], 'C#${companyId}#TCREATED'),
      sk: key('sk', ['createdAt', 'ticketId'], '${createdAt}#${ticketId}'),
    },
  },
);
