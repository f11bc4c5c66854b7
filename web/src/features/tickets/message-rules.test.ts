import { describe, expect, it } from 'vitest';
import type { InfiniteData } from '@tanstack/react-query';
import type { Message, MessagesPage } from './api/types.ts';
import {
  ackLook,
  changeMessage,
  flattenMessages,
  isSendable,
  parseMessageEvent,
  signBody,
  upsertMessage,
  withDaySeparators,
} from './message-rules.ts';

function message(id: string, over: Partial<Message> = {}): Message {
  return { id, ticketId: 1, body: id, fromMe: false, ack: 0, createdAt: new Date(2025, 4, 20, 10).toISOString(), ...over };
}

const data = (...pages: Message[][]): InfiniteData<MessagesPage> => ({
  pages: pages.map((messages) => ({ messages, hasMore: true })),
  pageParams: pages.map((_, index) => index + 1),
});

describe('signBody', () => {
  it('prefixes the user name in bold when signing', () => {
    expect(signBody('Hola Juan', 'Ana Gómez', true)).toBe('*Ana Gómez:*\nHola Juan');
  });

  it('leaves the body alone when not signing or without a name', () => {
    expect(signBody('Hola', 'Ana', false)).toBe('Hola');
    expect(signBody('Hola', '  ', true)).toBe('Hola');
  });

  it('never sends blank messages', () => {
    expect(isSendable('  \n ')).toBe(false);
    expect(isSendable(' a ')).toBe(true);
  });
});

describe('ackLook', () => {
  it('maps 1 sent, 2 delivered, 3 read, 4 and 5 read in colour', () => {
    expect(ackLook(0)).toEqual({ ticks: 0, read: false });
    expect(ackLook(1)).toEqual({ ticks: 1, read: false });
    expect(ackLook(2)).toEqual({ ticks: 2, read: false });
    expect(ackLook(3)).toEqual({ ticks: 2, read: true });
    expect(ackLook(4)).toEqual({ ticks: 2, read: true });
    expect(ackLook(5)).toEqual({ ticks: 2, read: true });
  });
});

describe('message pages', () => {
  it('shows older pages first, oldest to newest', () => {
    expect(flattenMessages(data([message('c'), message('d')], [message('a'), message('b')])).map((m) => m.id)).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });

  it('adds day separators between days', () => {
    const rows = withDaySeparators([
      message('a', { createdAt: new Date(2025, 4, 19, 10).toISOString() }),
      message('b', { createdAt: new Date(2025, 4, 19, 11).toISOString() }),
      message('c', { createdAt: new Date(2025, 4, 20, 9).toISOString() }),
    ]);
    expect(rows.map((row) => (row.kind === 'day' ? row.day : row.message.id))).toEqual(['19/05/2025', 'a', 'b', '20/05/2025', 'c']);
  });

  it('appends a new message to the newest page once, and updates in place', () => {
    const start = data([message('a')], [message('old')]);
    const added = upsertMessage(start, message('b', { fromMe: true }));
    expect(added?.pages[0]?.messages.map((m) => m.id)).toEqual(['a', 'b']);
    const again = upsertMessage(added, message('b', { fromMe: true, ack: 2 }));
    expect(again?.pages[0]?.messages.map((m) => [m.id, m.ack])).toEqual([
      ['a', 0],
      ['b', 2],
    ]);
    const old = upsertMessage(again, message('old', { isEdited: true, body: 'edited' }));
    expect(old?.pages[1]?.messages[0]).toMatchObject({ id: 'old', isEdited: true, body: 'edited' });
  });

  it('keeps the newer version when the send’s answer lands after the event of its first tick', () => {
    const sentAt = '2026-12-06T21:45:16.700Z';
    const start = data([message('a')]);
    const ticked = upsertMessage(start, message('b', { fromMe: true, ack: 1, updatedAt: '2026-12-06T21:45:16.762Z' }));
    const answered = upsertMessage(ticked, message('b', { fromMe: true, ack: 0, updatedAt: sentAt }));
    expect(answered?.pages[0]?.messages.map((m) => [m.id, m.ack])).toEqual([
      ['a', 0],
      ['b', 1],
    ]);
    // The same version again, or one without a time, still merges.
    const edited = upsertMessage(answered, message('b', { fromMe: true, ack: 1, body: 'otra', updatedAt: '2026-12-06T21:45:16.762Z' }));
    expect(edited?.pages[0]?.messages[1]).toMatchObject({ body: 'otra', ack: 1 });
    expect(upsertMessage(edited, message('b', { fromMe: true, ack: 2 }))?.pages[0]?.messages[1]?.ack).toBe(2);
  });

  it('changes one message where it is, and nothing when it is not loaded', () => {
    const start = data([message('a'), message('b')], [message('old')]);
    const deleted = changeMessage(start, 'old', (item) => ({ ...item, isDeleted: true, body: '' }));
    expect(deleted?.pages[1]?.messages[0]).toMatchObject({ id: 'old', isDeleted: true, body: '' });
    expect(deleted?.pages[0]?.messages).toEqual(start.pages[0]?.messages);
    const missing = changeMessage(start, 'zz', (item) => ({ ...item, body: 'x' }));
    expect(missing?.pages.flatMap((page) => page.messages)).toEqual(start.pages.flatMap((page) => page.messages));
    expect(changeMessage(undefined, 'a', (item) => item)).toBeUndefined();
  });

  it('parses appMessage events', () => {
    expect(parseMessageEvent({ action: 'create', ticketId: 1, message: message('x') })).toEqual({
      ticketId: 1,
      message: message('x'),
    });
    expect(parseMessageEvent({ action: 'delete', ticketId: 1 })).toBeUndefined();
  });
});
