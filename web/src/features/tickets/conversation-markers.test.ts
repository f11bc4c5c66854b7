import { describe, expect, it } from 'vitest';
import type { Message } from './api/types.ts';
import { withConversationMarkers } from './conversation-markers.ts';
import { withDaySeparators } from './message-rules.ts';

const message = (id: string, createdAt: string): Message => ({
  id,
  ticketId: 1,
  body: id,
  fromMe: false,
  ack: 1,
  createdAt,
});
const rows = withDaySeparators([
  message('a', '2026-03-02T12:00:00.000Z'),
  message('b', '2026-03-02T12:05:00.000Z'),
  message('c', '2026-03-04T12:00:00.000Z'),
]);
const kinds = (list: { kind: string; key: string }[]) =>
  list.map((row) => (row.kind === 'message' ? row.key : row.kind));

describe('conversation start and end notes', () => {
  it('puts the start right before the first message, under its day, when no older page is left', () => {
    expect(kinds(withConversationMarkers(rows, { hasOlder: false, closed: false }))).toEqual([
      'day',
      'start',
      'a',
      'b',
      'day',
      'c',
    ]);
  });

  it('has no start while older messages remain to be loaded', () => {
    expect(kinds(withConversationMarkers(rows, { hasOlder: true, closed: false }))).toEqual([
      'day',
      'a',
      'b',
      'day',
      'c',
    ]);
  });

  it('puts the end after the last message of a closed ticket', () => {
    expect(kinds(withConversationMarkers(rows, { hasOlder: false, closed: true }))).toEqual([
      'day',
      'start',
      'a',
      'b',
      'day',
      'c',
      'end',
    ]);
    expect(kinds(withConversationMarkers(rows, { hasOlder: true, closed: true }))).toEqual([
      'day',
      'a',
      'b',
      'day',
      'c',
      'end',
    ]);
  });

  it('marks nothing in a ticket without messages', () => {
    expect(withConversationMarkers([], { hasOlder: false, closed: true })).toEqual([]);
  });

  it('gives each note a stable key of its own', () => {
    const keys = withConversationMarkers(rows, { hasOlder: false, closed: true }).map((row) => row.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
