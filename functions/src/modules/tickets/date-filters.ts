import type { TicketListQuery } from '@atende/shared/entities/ticket-list-query';
import { companyTimeZone } from '#data/company-time-zone';
import { getTicketsByIds } from '#data/ticket-batch';
import { ticketIdsCreatedIn } from '#data/ticket-dates';
import type { TicketRecord } from '#data/tickets';
import { daysRangeIn, inRange, sinceInstant, type InstantRange } from '#domain/day-range';
import type { PartitionQuery } from '#domain/ticket-lists';

/** The ticket list's date filters as instants: created on a day, and activity since a day or instant. */
export interface TicketDateFilter {
  created?: InstantRange;
  since?: string;
}

/** Reads the company's time zone only when a date filter is asked for. */
export async function ticketDateFilter(
  companyId: number,
  query: Pick<TicketListQuery, 'date' | 'updatedAt'>,
): Promise<TicketDateFilter | undefined> {
  if (!query.date && !query.updatedAt) return undefined;
  const timeZone = await companyTimeZone(companyId);
  return {
    ...(query.date ? { created: daysRangeIn(query.date, query.date, timeZone) } : {}),
    ...(query.updatedAt ? { since: sinceInstant(query.updatedAt, timeZone) } : {}),
  };
}

export function matchesDates(
  ticket: Pick<TicketRecord, 'createdAt' | 'activityAt'>,
  filter: TicketDateFilter | undefined,
): boolean {
  if (!filter) return true;
  if (filter.created && !inRange(ticket.createdAt, filter.created)) return false;
  return !filter.since || (ticket.activityAt ?? '') >= filter.since;
}

const newestFirst = (a: TicketRecord, b: TicketRecord) =>
  (b.activityAt ?? '').localeCompare(a.activityAt ?? '') || b.id - a.id;

/**
 * The tickets created in a day that the list (its partitions) holds: the day's ids from the
 * creation index, one batch get, then the tickets whose current list keys name one of the list's
 * partitions (so status, queue, user and what the caller may see are exactly the tab's), newest
 * activity first. Costs the day's creations, whatever the company's total.
 */
export async function ticketsCreatedInList(
  companyId: number,
  filter: TicketDateFilter & { created: InstantRange },
  partitions: PartitionQuery[],
  options: { unreadOnly: boolean },
): Promise<TicketRecord[]> {
  const wanted = new Set(partitions.map((p) => `${p.index}|${p.partition}`));
  const tickets = [...(await getTicketsByIds(companyId, await ticketIdsCreatedIn(companyId, filter.created))).values()];
  return tickets
    .filter(
      (t) =>
        wanted.has(`gsi1|${t.gsi1pk}`) || wanted.has(`gsi2|${t.gsi2pk}`) || wanted.has(`gsi3|${t.gsi3pk}`),
    )
    .filter((t) => matchesDates(t, filter))
    .filter((t) => !options.unreadOnly || (t.unreadMessages ?? 0) > 0)
    .sort(newestFirst);
}
