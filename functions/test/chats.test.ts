import { describe, expect, it } from 'vitest';
import {
  chatCreateInputSchema,
  chatLimits,
  chatMessageCreateInputSchema,
} from '@atende/shared/entities/chat';
import {
  assertChatMember,
  assertChatOwner,
  chatMembersFrom,
  chatPreview,
  chatPreviewMax,
  memberChanges,
  unreadIncrement,
} from '../src/domain/chat-rules.ts';
import type { LiveEvent } from '../src/live/live-event.ts';
import { chatMemberEventRule } from '../src/modules/chats/events.ts';
import { listener } from './live-listener.ts';

const ana = { id: 1, name: 'Ana' };
const beto = { id: 2, name: 'Beto' };
const caro = { id: 3, name: 'Caro' };
const company = [ana, beto, caro];

describe('chat input', () => {
  it('answers the dialog alerts for a missing title and no users', () => {
    expect(
      chatCreateInputSchema.safeParse({ title: '  ', users: [{ id: 2 }] }).error?.issues[0]?.message,
    ).toBe('Por favor, complete el título de la conversación.');
    expect(chatCreateInputSchema.safeParse({ title: 'Equipo', users: [] }).error?.issues[0]?.message).toBe(
      'Por favor, seleccione al menos un usuario.',
    );
    expect(chatCreateInputSchema.safeParse({ title: 'Equipo' }).error?.issues[0]?.message).toBe(
      'Por favor, seleccione al menos un usuario.',
    );
    expect(chatCreateInputSchema.parse({ title: ' Equipo ', users: [{ id: '2' }] })).toEqual({
      title: 'Equipo',
      users: [{ id: 2 }],
    });
  });

  it('refuses blank and oversized messages', () => {
    expect(chatMessageCreateInputSchema.safeParse({ message: ' \n ' }).success).toBe(false);
    expect(chatMessageCreateInputSchema.safeParse({}).success).toBe(false);
    expect(
      chatMessageCreateInputSchema.safeParse({ message: 'x'.repeat(chatLimits.messageMax + 1) }).success,
    ).toBe(false);
    expect(chatMessageCreateInputSchema.parse({ message: ' hola ' })).toEqual({ message: 'hola' });
    expect(
      chatCreateInputSchema.safeParse({ title: 'x'.repeat(chatLimits.titleMax + 1), users: [{ id: 2 }] })
        .success,
    ).toBe(false);
  });
});

describe('chat members', () => {
  it('adds the owner, counts repeats once and takes names from the company', () => {
    expect(chatMembersFrom(1, [2, 2, 1], company)).toEqual([ana, beto]);
  });

  it('refuses an id that is no user of the company', () => {
    expect(() => chatMembersFrom(1, [2, 99], company)).toThrow(
      expect.objectContaining({ code: 'ERR_NO_USER_FOUND' }),
    );
  });

  it('refuses more members than one message transaction can count', () => {
    const many = Array.from({ length: chatLimits.membersMax + 1 }, (_, i) => ({
      id: i + 1,
      name: `u${i + 1}`,
    }));
    expect(
      chatMembersFrom(
        1,
        many.slice(1, chatLimits.membersMax).map((u) => u.id),
        many,
      ),
    ).toHaveLength(chatLimits.membersMax);
    expect(() =>
      chatMembersFrom(
        1,
        many.map((u) => u.id),
        many,
      ),
    ).toThrow(expect.objectContaining({ code: 'ERR_VALIDATION' }));
  });

  it('lets members in and keeps everyone else out; only the owner changes the chat', () => {
    const chat = { ownerId: 1, members: [ana, beto] };
    expect(() => assertChatMember(chat, 2)).not.toThrow();
    expect(() => assertChatMember(chat, 3)).toThrow(expect.objectContaining({ code: 'ERR_NOT_FOUND' }));
    expect(() => assertChatMember(undefined, 1)).toThrow(expect.objectContaining({ code: 'ERR_NOT_FOUND' }));
    expect(() => assertChatOwner(chat, 1)).not.toThrow();
    expect(() => assertChatOwner(chat, 2)).toThrow(expect.objectContaining({ code: 'ERR_NO_PERMISSION' }));
  });

  it('tells who stays, joins and leaves', () => {
    expect(memberChanges([ana, beto], [ana, caro])).toEqual({ kept: [ana], added: [caro], removed: [beto] });
  });

  it('counts a message as unread for everyone but its sender', () => {
    expect(unreadIncrement(1, 1)).toBe(0);
    expect(unreadIncrement(2, 1)).toBe(1);
  });

  it('cuts the list preview of a long message', () => {
    expect(chatPreview('hola')).toBe('hola');
    expect(chatPreview('x'.repeat(400))).toHaveLength(chatPreviewMax);
  });
});

describe('chat live events', () => {
  const view = {
    companyId: 7,
    chatId: 4,
    userId: 2,
    uuid: '11111111-1111-4111-8111-111111111111',
    title: 'Equipo',
    ownerId: 1,
    members: [ana, beto],
    lastMessage: 'hola',
    unreads: 3,
    activityAt: '2026-01-01T10:00:00.000Z',
    createdAt: '2026-01-01T09:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
  };

  it("sends a member's view to that member only, with their own unread count", async () => {
    const [event] = (await chatMemberEventRule({
      entity: 'chatMember',
      kind: 'update',
      oldItem: view,
      newItem: view,
    })) as LiveEvent[];
    expect(event!.audience(listener(2))).toBe(true);
    expect(event!.audience(listener(1))).toBe(false);
    expect(event!.audience(listener(1, 'admin'))).toBe(false);
    expect(event!.data).toMatchObject({
      action: 'update',
      record: {
        id: 4,
        title: 'Equipo',
        lastMessage: 'hola',
        updatedAt: view.activityAt,
        users: [
          { userId: 1, unreads: 0, user: { id: 1, name: 'Ana' } },
          { userId: 2, unreads: 3, user: { id: 2, name: 'Beto' } },
        ],
      },
    });
  });

  it('tells a member who lost the chat to drop it', async () => {
    const [event] = (await chatMemberEventRule({
      entity: 'chatMember',
      kind: 'delete',
      oldItem: view,
      newItem: undefined,
    })) as LiveEvent[];
    expect(event!.data).toEqual({ action: 'delete', id: 4 });
    expect(event!.audience(listener(2))).toBe(true);
    expect(event!.audience(listener(3))).toBe(false);
  });
});
