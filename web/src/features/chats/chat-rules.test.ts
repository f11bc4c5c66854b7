import { describe, expect, it } from 'vitest';
import type { Chat, ChatMessage } from './api/types.ts';
import {
  appendChatMessage,
  applyChatEvent,
  chatDialogAlert,
  conversationOf,
  isSendable,
  nearHistoryTop,
  parseChatEvent,
  totalUnreads,
  unreadsOf,
} from './chat-rules.ts';

const chat = (id: number, updatedAt: string, unreads = 0): Chat => ({
  id,
  uuid: `u${id}`,
  title: `c${id}`,
  ownerId: 1,
  users: [
    { userId: 1, unreads: 0 },
    { userId: 2, unreads },
  ],
  lastMessage: '',
  updatedAt,
});
const message = (id: number, createdAt: string): ChatMessage => ({
  id,
  chatId: 1,
  senderId: 1,
  message: `m${id}`,
  createdAt,
});
const pages = <T>(...lists: T[][]) => ({
  pages: lists.map((records, i) => ({ records, hasMore: i < lists.length - 1 })),
  pageParams: lists.map((_, i) => i + 1),
});

describe('chat rules', () => {
  it("counts the viewer's unreads", () => {
    expect(unreadsOf(chat(1, 'a', 3), 2)).toBe(3);
    expect(unreadsOf(chat(1, 'a', 3), 1)).toBe(0);
    expect(totalUnreads([chat(1, 'a', 3), chat(2, 'b', 2)], 2)).toBe(5);
  });

  it('gives the dialog alerts in order, and refuses blank messages', () => {
    expect(chatDialogAlert(' ', [])).toBe('Por favor, complete el título de la conversación.');
    expect(chatDialogAlert('Equipo', [])).toBe('Por favor, seleccione al menos un usuario.');
    expect(chatDialogAlert('Equipo', [2])).toBeUndefined();
    expect(isSendable('  \n')).toBe(false);
    expect(isSendable(' hola ')).toBe(true);
  });

  it('loads older messages within 600 px of the top', () => {
    expect(nearHistoryTop(600)).toBe(true);
    expect(nearHistoryTop(601)).toBe(false);
  });

  it('reads the live events and ignores anything else', () => {
    expect(parseChatEvent({ action: 'delete', id: 3 })).toEqual({ action: 'delete', id: 3 });
    expect(parseChatEvent({ action: 'new-message', chatId: 3, record: message(1, 'a') })?.action).toBe(
      'new-message',
    );
    expect(parseChatEvent({ action: 'update' })).toBeUndefined();
    expect(parseChatEvent('x')).toBeUndefined();
  });

  it('moves an updated chat to the top, adds a new one and drops a deleted one', () => {
    const data = pages([chat(1, '3'), chat(2, '2')], [chat(3, '1')]);
    const moved = applyChatEvent(data, { action: 'update', record: chat(3, '4', 1) });
    expect(moved!.pages.map((p) => p.records.map((c) => c.id))).toEqual([[3, 1], [2]]);
    const added = applyChatEvent(data, { action: 'create', record: chat(9, '5') });
    expect(added!.pages.map((p) => p.records.map((c) => c.id))).toEqual([[9, 1, 2], [3]]);
    const dropped = applyChatEvent(data, { action: 'delete', id: 2 });
    expect(dropped!.pages.map((p) => p.records.map((c) => c.id))).toEqual([[1], [3]]);
  });

  it('adds a new message once, after the others, and shows older pages above', () => {
    const data = pages([message(3, '3'), message(4, '4')], [message(1, '1'), message(2, '2')]);
    const next = appendChatMessage(data, message(5, '5'));
    expect(conversationOf(next).map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
    expect(appendChatMessage(next, message(5, '5'))).toBe(next);
  });
});
