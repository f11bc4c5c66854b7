import { Entity } from 'electrodb';
import { entityConfig, exactCase, serviceName } from './electro.ts';

/**
 * A ticket's creation instant, one item per ticket in one partition per company, sorted by that
 * instant: "tickets created on a day" is then a key range (the day's first instant in the
 * company's time zone to the next day's), whatever the zone, never a scan. Written in the same
 * transaction as the ticket (data/tickets.ts createTicket) and deleted with it.
 */
export const ticketCreatedEntity = new Entity(
  {
    model: { entity: 'ticketCreated', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      createdAt: { type: 'string', required: true, readOnly: true },
      ticketId: { type: 'number', required: true, readOnly: true },
    },
    indexes: {
      byCreation: {
        pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}#TCREATED', casing: exactCase },
        sk: {
          field: 'sk',
          composite: ['createdAt', 'ticketId'],
          template: '${createdAt}#${ticketId}',
          casing: exactCase,
        },
      },
    },
  },
  entityConfig,
);
