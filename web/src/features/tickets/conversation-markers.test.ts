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
  it.each([
    {
      when: 'puts the start right before the first message, under its day, when no older page is left',
      hasOlder: false,
      closed: false,
      expected: 'day start a b day c',
    },
    { when: 'has no start while older messages remain to be loaded', hasOlder: true, closed: false, expected: 'day a b day c' },
    { when: 'puts the end after the last message of a closed ticket', hasOlder: false, closed: true, expected: 'day start a b day c end' },
    { when: 'puts the end also while older messages remain', hasOlder: true, closed: true, expected: 'day a b day c end' },
  ])('$when', ({ hasOlder, closed, expected }) => {
    expect(kinds(withConversationMarkers(rows, { hasOlder, closed }))).toEqual(expected.split(' '));
  });

  it('marks nothing in a ticket without messages', () => {
    expect(withConversationMarkers([], { hasOlder: false, closed: true })).toEqual([]);
  });

  it('gives each note a stable key of its own', () => {
    const keys = withConversationMarkers(rows, { hasOlder: false, closed: true }).map((row) => row.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
