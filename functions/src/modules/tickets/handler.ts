import * as z from 'zod';
import { ticketListQuerySchema } from '@atende/shared/entities/ticket-list-query';
import { ticketUpdateInputSchema, ticketUuidPathSchema } from '@atende/shared/entities/ticket';
import { isAdmin, type Principal } from '#auth/principal';
import { getQueue } from '#data/queues';
import { getContact } from '#data/contacts';
import { changeTicketTags } from '#data/tags';
import { changeTicketState, createTicket, deleteTicket } from '#data/tickets';
import { contactSnapshotOf } from '#data/ticket-contact';
import { getUser } from '#data/users';
import { getWhatsapp } from '#data/whatsapps';
import { AppError } from '#domain/app-error';
import { assertMayCreateInQueue, otherOpenTicketError } from '#domain/ticket-creation-rules';
import { planTicketChange } from '#domain/ticket-transitions';
import { restModule } from '#http/rest-module';
import { onRecord, route } from '#http/route';
import { HttpAnswer } from '#http/types';
import { visibleTicket, visibleTicketByUuid } from '../messages/visible-ticket.ts';
import { afterTicketChange } from '../timers/after-ticket-change.ts';
import { connectionForNewTicket } from './new-ticket-connection.ts';
import { withRelated } from './related.ts';
import { ticketListPage, viewerOf } from './list-page.ts';

async function oneWithRelated(principal: Principal, ticket: Parameters<typeof withRelated>[1][number]) {
  return (await withRelated(principal.companyId, [ticket]))[0]!;
}

/**
 * /api/tickets: the inbox lists, one ticket, creating one for a contact, and the transitions of
 * core §4, each a conditional write (a lost race answers ERR_TICKET_CONFLICT).
 */
export const handler = restModule([
  route({
    method: 'GET',
    path: '/tickets',
    access: 'user',
    query: ticketListQuerySchema,
    handler: async ({ principal, query }) => ticketListPage(principal, query),
  }),
  route({
    method: 'GET',
    path: '/tickets/u/{uuid}',
    access: 'user',
    params: ticketUuidPathSchema,
    handler: async ({ principal, params }) => oneWithRelated(principal, await visibleTicketByUuid(principal, params.uuid)),
  }),
  route({
    ...onRecord('GET', '/tickets/{id}', 'user'),
    handler: async ({ principal, params }) => oneWithRelated(principal, await visibleTicket(principal, params.id)),
  }),
  route({
    method: 'POST',
    path: '/tickets',
    access: 'user',
    body: z.object({
      contactId: z.coerce.number().int().positive(),
      queueId: z.coerce.number().int().positive().nullable().optional(),
      whatsappId: z.coerce.number().int().positive().nullable().optional(),
      userId: z.coerce.number().int().positive().nullable().optional(),
      status: z.enum(['open', 'pending']).default('open'),
    }),
    handler: async ({ principal, body }) => {
      const creator = await viewerOf(principal);
      assertMayCreateInQueue(creator, body.queueId);
      const contact = await getContact(principal.companyId, body.contactId);
      if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
      const whatsapp = await connectionForNewTicket(principal, body.whatsappId);
      if (body.queueId && !(await getQueue(principal.companyId, body.queueId))) throw new AppError('ERR_NOT_FOUND');
      // An agent opens tickets for themselves; only admins assign them to someone else.
      const userId = isAdmin(principal) && body.userId ? body.userId : principal.userId;
      const result = await createTicket(
        {
          companyId: principal.companyId,
          whatsappId: whatsapp.id,
          contact,
          isGroup: contact.isGroup ?? false,
          status: body.status,
          contactSnapshot: contactSnapshotOf(contact),
          ...(body.status === 'open' ? { userId } : {}),
          ...(body.queueId ? { queueId: body.queueId } : {}),
        },
        principal.userId,
      );
      if (result.outcome === 'taken') {
        const holder = result.ticket.userId ? await getUser(principal.companyId, result.ticket.userId) : undefined;
        const holderQueue = result.ticket.queueId ? await getQueue(principal.companyId, result.ticket.queueId) : undefined;
        throw otherOpenTicketError(creator, result.ticket, { userName: holder?.name ?? null, queueName: holderQueue?.name ?? null });
      }
      return new HttpAnswer(201, await oneWithRelated(principal, result.ticket));
    },
  }),
  route({
    ...onRecord('PUT', '/tickets/{id}', 'user'),
    body: ticketUpdateInputSchema,
    handler: async ({ principal, params, body }) => {
      const current = await visibleTicket(principal, params.id);
      const admin = isAdmin(principal);
      // Working an assigned ticket (return, resolve, transfer) is for its agent or an admin.
      if (current.status === 'open' && current.userId !== principal.userId && !admin) throw new AppError('ERR_NO_PERMISSION');
      const { action, next } = planTicketChange(
        { status: current.status, userId: current.userId ?? null, queueId: current.queueId ?? null, whatsappId: current.whatsappId },
        body,
        { userId: principal.userId, isAdmin: admin },
      );
      if (next.userId && next.userId !== principal.userId && !(await getUser(principal.companyId, next.userId))) {
        throw new AppError('ERR_NO_USER_FOUND');
      }
      if (next.whatsappId !== current.whatsappId && !(await getWhatsapp(principal.companyId, next.whatsappId))) {
        throw new AppError('ERR_NO_WAPP_FOUND');
      }
      if (next.queueId && next.queueId !== current.queueId && !(await getQueue(principal.companyId, next.queueId))) {
        throw new AppError('ERR_NOT_FOUND');
      }
      const moved = await changeTicketState(current, next, action, principal.userId, { clearIntegration: action === 'resolve' });
      // Greeting, transfer notice, rating or completion message; bot state and timers (docs/chatbot.md).
      const changed = await afterTicketChange(current, moved, action, principal.userId);
      return oneWithRelated(principal, changed);
    },
  }),
  route({
    ...onRecord('DELETE', '/tickets/{id}', 'admin'),
    handler: async ({ principal, params }) => {
      const ticket = await visibleTicket(principal, params.id);
      // Its tag links (and the tags' counts) go first, then the ticket.
      await changeTicketTags(principal.companyId, ticket.id, () => [], { touchTicket: false });
      await deleteTicket(ticket);
      return new HttpAnswer(204);
    },
  }),
]);
