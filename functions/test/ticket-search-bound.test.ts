import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * What a search reads when its words are common (issue #26, the bench's name search at 100k: a
 * first name and a surname, each on ~2,500 tickets): counts, not timings, on a fake data layer.
 * Each word's range is 5 pages of 500 token items, newest (highest id) first.
 */
const reads = vi.hoisted(() => ({ wordQueries: [] as string[], itemsRead: 0, ticketsRead: 0, named: [] as number[] }));
const pageSize = 500;
const pagesPerWord = 5;
/**
 * Ticket ids of a word's range: "ana" on even ids; "silva" on odd ones but for every 100th item
 * (even: a ticket with both), as a first name and a surname share few tickets.
 */
function idsOf(word: string): number[] {
  // The name phrase "ana silva" (contacts named so): the page's worth of tickets when asked to.
  if (word.startsWith('\u0001')) return word === '\u0001ana silva' ? reads.named : [];
  return Array.from({ length: pageSize * pagesPerWord }, (_, i) =>
    word === 'silva' && i % 100 !== 0 ? 20_000 - 2 * i - 1 : 20_000 - 2 * i,
  );
}
vi.mock('#data/ticket-search', () => ({
  ticketIdsByWord: vi.fn(async (_companyId: number, word: string, limit: number, cursor?: { from: number }) => {
    reads.wordQueries.push(word);
    const all = idsOf(word);
    const from = cursor?.from ?? 0;
    const ids = all.slice(from, from + limit);
    reads.itemsRead += ids.length;
    const next = from + limit;
    return { ids, snippets: new Map(), cursor: next < all.length ? { from: next } : undefined };
  }),
}));
vi.mock('#data/tickets', () => ({
  getListedTicketsByIds: vi.fn(async (companyId: number, ids: number[]) => {
    reads.ticketsRead += ids.length;
    return new Map(ids.map((id) => [id, { companyId, id, status: 'open', queueId: 1, userId: 9 }]));
  }),
}));
vi.mock('#data/tags', () => ({ ticketIdsWithTag: vi.fn(async () => []) }));

const { searchTickets } = await import('../src/modules/tickets/search.ts');

const admin = { userId: 1, companyId: 2, profile: 'admin', isSuper: false, sessionId: 's' } as const;
const viewer = { userId: 1, isAdmin: true, queueIds: [], allTicket: 'enabled' } as const;
const searchFor = (text: string, pageNumber = 1) =>
  searchTickets(admin, { ...viewer, queueIds: [] }, { text, tagIds: [], status: undefined, userIds: [], keep: () => true }, { number: pageNumber, size: 40 });

describe('a search of common words reads a bounded number of items', () => {
  beforeEach(() => {
    reads.wordQueries = [];
    reads.itemsRead = 0;
    reads.ticketsRead = 0;
    reads.named = [];
  });

  it('two words neither read whole, no contact named so: the phrase, then one Query of each word, never their whole ranges', async () => {
    const found = await searchFor('ana silva');
    // One read of 500 per word, not the driver's range read on (5 pages: 2,500 items).
    expect(reads.wordQueries[0]).toBe('\u0001ana silva');
    expect(reads.wordQueries.slice(1).sort()).toEqual(['ana', 'silva']);
    expect(reads.itemsRead).toBeLessThanOrEqual(2 * pageSize);
    expect(reads.ticketsRead).toBeLessThanOrEqual(100);
    // Newest first, each holding both words within what was read of each.
    expect(found.hits.map((ticket) => ticket.id)).toEqual([20_000, 19_800, 19_600, 19_400, 19_200]);
  });

  it('two words naming a page of contacts: the phrase alone, no word read', async () => {
    reads.named = Array.from({ length: 60 }, (_, i) => 19_999 - 10 * i);
    const found = await searchFor('ana silva');
    expect(reads.wordQueries).toEqual(['\u0001ana silva']);
    expect(reads.itemsRead).toBe(60);
    expect(found.hits.map((ticket) => ticket.id)).toEqual(reads.named.slice(0, 40));
    expect(found.hasMore).toBe(true);
  });

  it('page 2 goes on from page 1: the rest of the named contacts, then the words’ shared tickets', async () => {
    reads.named = Array.from({ length: 60 }, (_, i) => 19_999 - 10 * i);
    const first = await searchFor('ana silva', 1);
    const second = await searchFor('ana silva', 2);
    expect(first.hits.map((ticket) => ticket.id)).toEqual(reads.named.slice(0, 40));
    expect(second.hits.map((ticket) => ticket.id)).toEqual([...reads.named.slice(40), 20_000, 19_800, 19_600, 19_400, 19_200]);
    expect(second.hasMore).toBe(false);
  });

  it('a few named contacts: they and the words’ shared tickets, newest first', async () => {
    reads.named = [19_999, 12_345];
    const found = await searchFor('ana silva');
    expect(found.hits.map((ticket) => ticket.id)).toEqual([20_000, 19_999, 19_800, 19_600, 19_400, 19_200, 12_345]);
  });

  it('one common word: a page of token items and the page of tickets', async () => {
    const found = await searchFor('ana');
    expect(reads.wordQueries).toEqual(['ana']);
    expect(reads.itemsRead).toBeLessThanOrEqual(100);
    expect(found.hits).toHaveLength(40);
    expect(found.hasMore).toBe(true);
  });
});
