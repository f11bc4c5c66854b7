import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../src/live/live-event.ts';
import { listener } from './live-listener.ts';

/** The chat as the new-message rule reads it (one consistent get per message). */
const stored = vi.hoisted(() => ({ chat: undefined as unknown }));
vi.mock('#data/chats', () => ({ getChat: vi.fn(async () => stored.chat) }));

const { chatMessageEventRule } = await import('../src/modules/chats/events.ts');

const message = {
  companyId: 7,
  chatId: 4,
  id: 11,
  senderId: 1,
  senderName: 'Ana',
  message: 'hola',
  createdAt: '2026-01-01T10:00:00.000Z',
};

describe('chat new-message live events', () => {
  beforeEach(() => {
    stored.chat = {
      companyId: 7,
      id: 4,
      ownerId: 1,
      members: [
        { id: 1, name: 'Ana' },
        { id: 2, name: 'Beto' },
      ],
    };
  });

  it("reaches the chat's members only, the sender included, and no admin who is not one", async () => {
    const [event] = (await chatMessageEventRule({
      entity: 'chatMessage',
      kind: 'create',
      newItem: message,
      oldItem: undefined,
    })) as LiveEvent[];
    expect(event!.data).toEqual({
      action: 'new-message',
      chatId: 4,
      record: {
        id: 11,
        chatId: 4,
        senderId: 1,
        sender: { id: 1, name: 'Ana' },
        message: 'hola',
        createdAt: message.createdAt,
      },
    });
    expect(event!.audience(listener(1))).toBe(true);
    expect(event!.audience(listener(2))).toBe(true);
    expect(event!.audience(listener(3))).toBe(false);
    expect(event!.audience(listener(3, 'admin'))).toBe(false);
  });

  it('announces nothing for a chat deleted meanwhile, nor for changes other than a new message', async () => {
    stored.chat = undefined;
    expect(
      await chatMessageEventRule({
        entity: 'chatMessage',
        kind: 'create',
        newItem: message,
        oldItem: undefined,
      }),
    ).toEqual([]);
    stored.chat = { companyId: 7, id: 4, ownerId: 1, members: [{ id: 1, name: 'Ana' }] };
    expect(
      await chatMessageEventRule({
        entity: 'chatMessage',
        kind: 'delete',
        newItem: undefined,
        oldItem: message,
      }),
    ).toEqual([]);
  });
});
