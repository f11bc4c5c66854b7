import { describe, expect, it } from 'vitest';
import type { InfiniteData } from '@tanstack/react-query';
import type { Ticket, TicketsPage } from './api/types.ts';
import {
  applySearchEvent,
  highlightParts,
  isSearching,
  searchLineOf,
  searchWords,
  ticketJoinsSearch,
  type TicketSearchFilter,
} from './ticket-search.ts';

function ticket(over: Partial<Ticket> = {}): Ticket {
  return {
    id: 10,
    uuid: '6f1d1c62-5b8e-4f38-9e6b-0c7b2b9a1a10',
    status: 'closed',
    contactId: 3,
    whatsappId: 1,
    queueId: null,
    userId: 5,
    lastMessage: 'La factura de marzo',
    tags: [{ id: 2, name: 'VIP' }],
    updatedAt: '2025-05-01T10:00:00.000Z',
    ...over,
  };
}

function pages(...lists: Ticket[][]): InfiniteData<TicketsPage> {
  return {
    pages: lists.map((tickets, index) => ({ tickets, count: 3, hasMore: index < lists.length - 1 })),
    pageParams: lists.map((_, index) => index + 1),
  };
}

const ids = (data: InfiniteData<TicketsPage> | undefined) =>
  data?.pages.map((page) => page.tickets.map((t) => t.id));
const byText = (text: string, over: Partial<TicketSearchFilter> = {}): TicketSearchFilter => ({
  text,
  tagIds: [],
  userIds: [],
  ...over,
});

describe('searchWords', () => {
  it('folds case and accents and reduces phone-like words to digits, as the server does', () => {
    expect(searchWords('  Facturación  JOÃO ')).toEqual(['facturacion', 'joao']);
    expect(searchWords('+55 (11) 9999-0001')).toEqual(['55', '11', '99990001']);
    expect(searchWords('   ')).toEqual([]);
  });
});

describe('highlightParts', () => {
  it('marks every word that begins with a search word, leaving the line unchanged', () => {
    const parts = highlightParts('Su Facturación, y la factura nueva', ['factura']);
    expect(parts.map((part) => part.text).join('')).toBe('Su Facturación, y la factura nueva');
    expect(parts.filter((part) => part.match).map((part) => part.text)).toEqual(['Facturación', 'factura']);
  });

  it('does not mark a word that holds the search word only inside it', () => {
    expect(highlightParts('prefactura', ['factura'])).toEqual([{ text: 'prefactura', match: false }]);
  });

  it('leaves a line whole without words, and an empty line empty', () => {
    expect(highlightParts('hola', [])).toEqual([{ text: 'hola', match: false }]);
    expect(highlightParts('', ['hola'])).toEqual([]);
  });
});

describe('isSearching and ticketJoinsSearch', () => {
  it('searches only with a text or a tag (users alone narrow nothing)', () => {
    expect(isSearching(byText(' '))).toBe(false);
    expect(isSearching(byText('', { userIds: [5] }))).toBe(false);
    expect(isSearching(byText('', { tagIds: [2] }))).toBe(true);
    expect(isSearching(byText('hola'))).toBe(true);
  });

  it('lets a ticket join by its last message, its tags and its user', () => {
    expect(ticketJoinsSearch(ticket(), byText('factu MARZO'))).toBe(true);
    expect(ticketJoinsSearch(ticket(), byText('factura abril'))).toBe(false);
    expect(ticketJoinsSearch(ticket(), byText('factura', { tagIds: [2] }))).toBe(true);
    expect(ticketJoinsSearch(ticket(), byText('factura', { tagIds: [2, 3] }))).toBe(false);
    expect(ticketJoinsSearch(ticket(), byText('', { tagIds: [2], userIds: [5] }))).toBe(true);
    expect(ticketJoinsSearch(ticket(), byText('', { tagIds: [2], userIds: [6] }))).toBe(false);
    expect(ticketJoinsSearch(ticket({ userId: null }), byText('factura', { userIds: [5] }))).toBe(false);
    expect(ticketJoinsSearch(ticket(), byText(''))).toBe(false);
  });
});

describe('applySearchEvent', () => {
  const filter = byText('factura');

  it('replaces a ticket in its place', () => {
    const data = pages([ticket({ id: 30 }), ticket({ id: 20, lastMessage: 'hola' })], [ticket({ id: 10 })]);
    const next = applySearchEvent(
      data,
      { action: 'update', ticket: ticket({ id: 20, lastMessage: 'otra', unreadMessages: 2 }) },
      filter,
    );
    expect(ids(next)).toEqual([[30, 20], [10]]);
    expect(next?.pages[0]?.tickets[1]?.unreadMessages).toBe(2);
  });

  it('lets a new match join at its place by id, and leaves one that does not match out', () => {
    const data = pages([ticket({ id: 30 }), ticket({ id: 10 })]);
    const joined = applySearchEvent(data, { action: 'update', ticket: ticket({ id: 20 }) }, filter);
    expect(ids(joined)).toEqual([[30, 20, 10]]);
    expect(joined?.pages[0]?.count).toBe(4);
    const newest = applySearchEvent(data, { action: 'update', ticket: ticket({ id: 40 }) }, filter);
    expect(ids(newest)).toEqual([[40, 30, 10]]);
    expect(
      applySearchEvent(data, { action: 'update', ticket: ticket({ id: 20, lastMessage: 'hola' }) }, filter),
    ).toBe(data);
  });

  it('waits for a later page when the match would go past the loaded ones', () => {
    const data = pages([ticket({ id: 30 }), ticket({ id: 20 })]);
    data.pages[0]!.hasMore = true;
    expect(applySearchEvent(data, { action: 'update', ticket: ticket({ id: 5 }) }, filter)).toBe(data);
  });

  it('drops a deleted ticket and counts it out', () => {
    const data = pages([ticket({ id: 30 }), ticket({ id: 20 })]);
    const next = applySearchEvent(data, { action: 'delete', ticketId: 30 }, filter);
    expect(ids(next)).toEqual([[20]]);
    expect(next?.pages[0]?.count).toBe(2);
    expect(applySearchEvent(data, { action: 'delete', ticketId: 99 }, filter)).toBe(data);
  });

  it('leaves an unloaded search unloaded', () => {
    expect(applySearchEvent(undefined, { action: 'update', ticket: ticket() }, filter)).toBeUndefined();
  });
});

describe('searchLineOf', () => {
  it('shows the matched older message when the last one does not hold every word', () => {
    const found = { lastMessage: 'Gracias, hasta luego', searchMatch: 'La factura de marzo llegó' };
    expect(searchLineOf(found, ['factu'])).toBe('La factura de marzo llegó');
    // The last message holds the words (a new message after the search): it is shown.
    expect(searchLineOf({ ...found, lastMessage: 'Otra factura' }, ['factu'])).toBe('Otra factura');
    // Found by its contact: no matched message, the last one.
    expect(searchLineOf({ lastMessage: 'Hola' }, ['ana'])).toBe('Hola');
    // Not searching by words (tags only): the last message.
    expect(searchLineOf(found, [])).toBe('Gracias, hasta luego');
  });
});
