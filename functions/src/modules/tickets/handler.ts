import * as z from 'zod';
import { ticketListQuerySchema } from '@atende/shared/entities/ticket-list-query';
import { ticketUpdateInputSchema, ticketUuidPathSchema } from '@atende/shared/entities/ticket';
import { idPathSchema } from '@atende/shared/fields';
import { isAdmin, type Principal } from '#auth/principal';
import { listScopeOf } from '#auth/session-check';
import { getQueue } from '#data/queues';
import { getContact } from '#data/contacts';
import { changeTicketTags } from '#data/tags';
import { changeTicketState, countTicketPartition, createTicket, deleteTicket, queryTicketPartition } from '#data/tickets';
import { contactSnapshotOf } from '#data/ticket-contact';
import { getUser } from '#data/users';
import { getWhatsapp } from '#data/whatsapps';
import { AppError } from '#domain/app-error';
import { mergeNewestFirst, ticketListPartitions, type TicketListViewer } from '#domain/ticket-lists';
import { listCount } from '#domain/ticket-list-counts';
import { assertMayCreateInQueue, otherOpenTicketError } from '#domain/ticket-creation-rules';
import { planTicketChange } from '#domain/ticket-transitions';
import { restModule } from '#http/rest-module';
import { route } from '#http/route';
import { HttpAnswer } from '#http/types';
import { visibleTicket, visibleTicketByUuid } from '../messages/visible-ticket.ts';
import { afterTicketChange } from '../timers/after-ticket-change.ts';
import { connectionForNewTicket } from './new-ticket-connection.ts';
import { matchesDates, ticketDateFilter, ticketsCreatedInList } from './date-filters.ts';
import { pageHead, relatedPage, withRelated } from './related.ts';
import { searchTickets } from './search.ts';

const pageSize = 40;

/**
 * Who is listing: admins from the token; agents with their queues and allTicket from their user
 * record as the session check read it, which only the lists that depend on them use (an agent's open tab is their own
 * partition whatever their queues: no read).
 */
async function viewerOf(principal: Principal, needsQueues = true): Promise<TicketListViewer> {
  if (isAdmin(principal)) return { userId: principal.userId, isAdmin: true, queueIds: [], allTicket: 'enabled' };
  if (!needsQueues) return { userId: principal.userId, isAdmin: false, queueIds: [], allTicket: 'desabled' };
  // Read with the session by the session check every request runs first: no read here.
  const scope = await listScopeOf(principal);
  return { userId: principal.userId, isAdmin: false, queueIds: scope.queueIds, allTicket: scope.allTicket };
}

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
    handler: async ({ principal, query }) => {
      // date: created on that day; updatedAt: activity since that day or instant (company's time zone).
      const searching = Boolean(query.searchParam) || query.tags.length > 0;
      const ownOpenTab = !searching && (query.status ?? 'open') === 'open';
      const [viewer, dates] = await Promise.all([viewerOf(principal, !ownOpenTab), ticketDateFilter(principal.companyId, query)]);
      if (searching) {
        const found = await searchTickets(
          principal,
          viewer,
          {
            text: query.searchParam,
            tagIds: query.tags,
            status: query.status,
            // core §2: the user filter of the search tab is for admins only.
            userIds: viewer.isAdmin ? query.users : [],
            keep: (hit) => matchesDates(hit, dates),
          },
          { number: query.pageNumber, size: pageSize },
        );
        // The hits are the whole tickets, read once by the search. `searchMatch`: the text of the
        // message a ticket matched by (an older one too), for the list to show with its words marked.
        const tickets = (await withRelated(principal.companyId, found.hits)).map((ticket) => {
          const searchMatch = found.snippets.get(ticket.id);
          return searchMatch === undefined ? ticket : { ...ticket, searchMatch };
        });
        return { tickets, count: found.count, hasMore: found.hasMore };
      }
      const status = query.status ?? 'open';
      const partitions = ticketListPartitions(
        principal.companyId,
        { status, showAll: query.showAll, queueIds: query.queueIds, userIds: viewer.isAdmin ? query.users : [] },
        viewer,
      );
      const wanted = query.pageNumber * pageSize;
      if (dates?.created) {
        const found = await ticketsCreatedInList(principal.companyId, { ...dates, created: dates.created }, partitions, { unreadOnly: query.withUnreadMessages });
        return { tickets: await withRelated(principal.companyId, found.slice(wanted - pageSize, wanted)), count: found.length, hasMore: found.length > wanted };
      }
      const since = dates?.since;
      // Open and pending tabs show a count: from the page itself when it read every partition
      // whole, else from the partitions' counters (kept from the stream; counted when `since`
      // narrows them). The counters and the directory version are read alongside the query
      // (a few small items, read even when the page turns out whole), so a page whose tickets
      // carry their contact costs one round trip.
      const counted = status !== 'closed' && !query.withUnreadMessages;
      const head = pageHead(principal.companyId, counted && !since ? partitions.map((p) => p.partition) : []);
      head.catch(() => undefined);
      const pages = await Promise.all(partitions.map((p) => queryTicketPartition(p.index, p.partition, { limit: wanted + 1, unreadOnly: query.withUnreadMessages, since })));
      const merged = mergeNewestFirst(pages);
      const complete = pages.every((page) => page.length <= wanted);
      const page = merged.slice(wanted - pageSize, wanted);
      const needsCounters = counted && !complete;
      const [{ tickets }, narrowed] = await Promise.all([
        relatedPage(principal.companyId, page, { head }),
        needsCounters && since ? Promise.all(partitions.map((p) => countTicketPartition(p.index, p.partition, since))) : Promise.resolve([]),
      ]);
      const counters = since ? narrowed : (await head).counters;
      return {
        tickets,
        count: counted ? listCount({ merged: merged.length, complete }, counters) : merged.length,
        hasMore: merged.length > wanted,
      };
    },
  }),
  route({
    method: 'GET',
    path: '/tickets/u/{uuid}',
    access: 'user',
    params: ticketUuidPathSchema,
    handler: async ({ principal, params }) => oneWithRelated(principal, await visibleTicketByUuid(principal, params.uuid)),
  }),
  route({
    method: 'GET',
    path: '/tickets/{id}',
    access: 'user',
    params: idPathSchema,
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
    method: 'PUT',
    path: '/tickets/{id}',
    access: 'user',
    params: idPathSchema,
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
    method: 'DELETE',
    path: '/tickets/{id}',
    access: 'admin',
    params: idPathSchema,
    handler: async ({ principal, params }) => {
      const ticket = await visibleTicket(principal, params.id);
      // Its tag links (and the tags' counts) go first, then the ticket.
      await changeTicketTags(principal.companyId, ticket.id, () => [], { touchTicket: false });
      await deleteTicket(ticket);
      return new HttpAnswer(204);
    },
  }),
]);
