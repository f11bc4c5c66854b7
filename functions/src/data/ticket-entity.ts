import { Entity } from 'electrodb';
import { entityConfig, exactCase, serviceName } from './electro.ts';

/**
 * A conversation with a contact on a connection. The inbox issue adds its list indexes; the
 * contactTicket claim below keeps one non-closed ticket per contact and connection.
 */
export const ticketEntity = new Entity(
  {
    model: { entity: 'ticket', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      id: { type: 'number', required: true, readOnly: true },
      uuid: { type: 'string', required: true, readOnly: true },
      status: { type: ['pending', 'open', 'closed'] as const, required: true },
      contactId: { type: 'number', required: true },
      whatsappId: { type: 'number', required: true },
      queueId: { type: 'number' },
      userId: { type: 'number' },
      lastMessage: { type: 'string', default: '' },
      lastMessageAt: { type: 'string' },
      unreadMessages: { type: 'number', default: 0 },
      isGroup: { type: 'boolean', default: false },
      chatbot: { type: 'boolean', default: false },
      useIntegration: { type: 'boolean', default: false },
      promptId: { type: 'number' },
      integrationId: { type: 'number' },
      createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
      updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}', casing: exactCase },
        sk: { field: 'sk', composite: ['id'], template: 'TICKET#${id}', casing: exactCase },
      },
    },
  },
  entityConfig,
);

/**
 * The current ticket of a contact on a connection. Created with the ticket in one conditional
 * transaction, so two messages arriving at once can never create two tickets; a closed ticket
 * stays current and is reopened as pending by the next inbound message.
 */
export const contactTicketEntity = new Entity(
  {
    model: { entity: 'contactTicket', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      whatsappId: { type: 'number', required: true, readOnly: true },
      contactId: { type: 'number', required: true, readOnly: true },
      ticketId: { type: 'number', required: true },
    },
    indexes: {
      byContact: {
        pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}', casing: exactCase },
        sk: { field: 'sk', composite: ['whatsappId', 'contactId'], template: 'CONTACTTICKET#${whatsappId}#${contactId}', casing: exactCase },
      },
    },
  },
  entityConfig,
);
