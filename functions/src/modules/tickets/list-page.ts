import type { TicketListQuery } from '@atende/shared/entities/ticket-list-query';
import { isAdmin, type Principal } from '#auth/principal';
import { listScopeOf } from '#auth/session-check';
import { countTicketPartition, queryTicketPartition } from '#data/tickets';
import { mergeNewestFirst, ticketListPartitions, type TicketListViewer } from '#domain/ticket-lists';
import { listCount } from '#domain/ticket-list-counts';
import { matchesDates, ticketDateFilter, ticketsCreatedInList } from './date-filters.ts';
import { pageHead, relatedPage, withRelated } from './related.ts';
import { searchTickets } from './search.ts';

const pageSize = 40;

/**
 * Who is listing: admins from the token; agents with their queues and allTicket from their user
 * record as the session check read it, which only the lists that depend on them use (an agent's open tab is their own
 * partition whatever their queues: no read).
 */
export async function viewerOf(principal: Principal, needsQueues = true): Promise<TicketListViewer> {
  if (isAdmin(principal)) return { userId: principal.userId, isAdmin: true, queueIds: [], allTicket: 'enabled' };
  if (!needsQueues) return { userId: principal.userId, isAdmin: false, queueIds: [], allTicket: 'desabled' };
  // Read with the session by the session check every request runs first: no read here.
  const scope = await listScopeOf(principal);
  return { userId: principal.userId, isAdmin: false, queueIds: scope.queueIds, allTicket: scope.allTicket };
}

/**
 * GET /tickets: one page of an inbox list (core §2) with its count and whether more follow: the
 * search tab's hits, the tickets created on a day, or the newest of the viewer's partitions of a
 * tab, each joined with its contact, queue, user and tags.
 */
export async function ticketListPage(principal: Principal, query: TicketListQuery) {
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
}
