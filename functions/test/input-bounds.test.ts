import { describe, expect, it } from 'vitest';
import { limits } from '@atende/shared/constants';
import {
  contactCreateInputSchema,
  contactUpdateInputSchema,
  contactsQuerySchema,
} from '@atende/shared/entities/contact';
import { messageListQuerySchema, quotedMessageInputSchema } from '@atende/shared/entities/message';
import {
  quickMessageCreateInputSchema,
  quickMessageUpdateInputSchema,
} from '@atende/shared/entities/quick-message';
import { ticketListQuerySchema } from '@atende/shared/entities/ticket-list-query';
import { ticketNoteCreateInputSchema } from '@atende/shared/entities/ticket-note';
import { tagCreateInputSchema, tagUpdateInputSchema } from '@atende/shared/entities/tag';
import {
  queueOptionCreateInputSchema,
  queueOptionUpdateInputSchema,
} from '@atende/shared/entities/queue-option';
import { messageIdSchema, whatsappMessageIdSchema } from '@atende/shared/fields';
import { pagedSearchQuerySchema } from '@atende/shared/query-params';

const text = (length: number) => 'a'.repeat(length);
const messageOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('upper bounds of free inputs', () => {
  it('tags stop at 100 characters of name and 32 of colour (they took 300 KB once)', () => {
    expect(tagCreateInputSchema.safeParse({ name: text(100), color: text(32) }).success).toBe(true);
    expect(messageOf(tagCreateInputSchema.safeParse({ name: text(101) }))).toBe('muy largo!');
    expect(messageOf(tagCreateInputSchema.safeParse({ name: 'Urgente', color: text(33) }))).toBe('muy largo!');
    expect(tagUpdateInputSchema.safeParse({ name: text(150_000) }).success).toBe(false);
    expect(tagUpdateInputSchema.safeParse({ color: text(150_000) }).success).toBe(false);
  });

  it('queue options stop at 200 characters of title, 10 of option and 10,000 of message', () => {
    const option = { queueId: 1, title: text(200), option: '1', message: text(10_000) };
    expect(queueOptionCreateInputSchema.safeParse(option).success).toBe(true);
    expect(messageOf(queueOptionCreateInputSchema.safeParse({ ...option, title: text(201) }))).toBe('muy largo!');
    expect(messageOf(queueOptionCreateInputSchema.safeParse({ ...option, message: text(10_001) }))).toBe('muy largo!');
    expect(queueOptionCreateInputSchema.safeParse({ ...option, option: text(11) }).success).toBe(false);
    expect(queueOptionUpdateInputSchema.safeParse({ message: text(300_000) }).success).toBe(false);
    expect(queueOptionUpdateInputSchema.safeParse({ title: text(300_000) }).success).toBe(false);
  });

  it('pages stop at 10,000 on every paged list', () => {
    for (const schema of [
      pagedSearchQuerySchema,
      contactsQuerySchema,
      ticketListQuerySchema,
      messageListQuerySchema,
    ]) {
      expect(schema.parse({ pageNumber: '10000' }).pageNumber).toBe(limits.pageNumberMax);
      expect(schema.safeParse({ pageNumber: '10001' }).success).toBe(false);
      expect(schema.safeParse({ pageNumber: '1e9' }).success).toBe(false);
    }
  });

  it('searches stop at 200 characters', () => {
    expect(pagedSearchQuerySchema.safeParse({ searchParam: text(200) }).success).toBe(true);
    expect(messageOf(pagedSearchQuerySchema.safeParse({ searchParam: text(201) }))).toBe('muy largo!');
  });

  it('ticket notes stop at 5,000 characters', () => {
    const note = (length: number) =>
      ticketNoteCreateInputSchema.safeParse({ note: text(length), ticketId: 1, contactId: 2 });
    expect(note(limits.ticketNoteMax).success).toBe(true);
    expect(messageOf(note(limits.ticketNoteMax + 1))).toBe('muy largo!');
  });

  it('quick messages: shortcode 50, text 10,000 characters', () => {
    expect(
      quickMessageCreateInputSchema.safeParse({ shortcode: text(50), message: text(10_000) }).success,
    ).toBe(true);
    expect(messageOf(quickMessageCreateInputSchema.safeParse({ shortcode: text(51) }))).toBe('muy largo!');
    expect(
      messageOf(quickMessageCreateInputSchema.safeParse({ shortcode: 'hola', message: text(10_001) })),
    ).toBe('muy largo!');
    expect(quickMessageUpdateInputSchema.safeParse({ message: text(10_001) }).success).toBe(false);
    expect(quickMessageCreateInputSchema.parse({ shortcode: 'hola', message: null }).message).toBe('');
  });

  it('contact extra fields: 50 of them, name 50 and value 1,000 characters; e-mail 254', () => {
    const contact = { name: 'Ana', number: '5511999990001' };
    const field = (name: string, value: string) => ({ name, value });
    expect(
      contactCreateInputSchema.safeParse({
        ...contact,
        extraInfo: Array.from({ length: 50 }, () => field('CPF', text(1000))),
      }).success,
    ).toBe(true);
    expect(
      contactCreateInputSchema.safeParse({
        ...contact,
        extraInfo: Array.from({ length: 51 }, () => field('CPF', '1')),
      }).success,
    ).toBe(false);
    expect(
      contactCreateInputSchema.safeParse({ ...contact, extraInfo: [field(text(51), '1')] }).success,
    ).toBe(false);
    expect(contactUpdateInputSchema.safeParse({ extraInfo: [field('CPF', text(1001))] }).success).toBe(false);
    expect(contactCreateInputSchema.safeParse({ ...contact, email: `${text(250)}@x.co` }).success).toBe(
      false,
    );
  });
});

describe('quotedMsg of a reply', () => {
  it('reads an object, its JSON text (multipart) or a bare id, always as { id }', () => {
    expect(quotedMessageInputSchema.parse({ id: '3EB0AA', body: 'hola', fromMe: false })).toEqual({
      id: '3EB0AA',
    });
    expect(quotedMessageInputSchema.parse('{"id":"3EB0AA","body":"hola"}')).toEqual({ id: '3EB0AA' });
    expect(quotedMessageInputSchema.parse('3EB0AA')).toEqual({ id: '3EB0AA' });
    expect(quotedMessageInputSchema.parse('')).toBeNull();
    expect(quotedMessageInputSchema.parse(null)).toBeNull();
    expect(quotedMessageInputSchema.parse(undefined)).toBeUndefined();
  });

  it('refuses malformed ones as a validation error (no exception escapes)', () => {
    for (const malformed of [
      '{not json',
      '{"id": 5}',
      '{}',
      '[1,2]',
      42,
      { id: '' },
      { id: '../x' },
      { id: text(200) },
      'a b',
    ])
      expect(() => quotedMessageInputSchema.safeParse(malformed), String(malformed)).not.toThrow();
    for (const malformed of [
      '{not json',
      '{"id": 5}',
      '{}',
      '[1,2]',
      42,
      { id: '' },
      { id: '../x' },
      { id: text(200) },
      'a b',
    ])
      expect(quotedMessageInputSchema.safeParse(malformed).success, JSON.stringify(malformed)).toBe(false);
  });
});

describe('message ids', () => {
  it('take WhatsApp’s shapes and the product’s call ids, nothing that could move a key', () => {
    for (const id of [
      '3EB0C767D71D8B4F1A2B3C4D5E6F708192A3B4C5',
      'A1B2C3D4E5F60718293A4B5C6D7E8F90',
      '3EB01234ABCD5678',
    ])
      expect(whatsappMessageIdSchema.safeParse(id).success, id).toBe(true);
    expect(messageIdSchema.safeParse('call-reply-A1B2C3D4E5F60718293A4B5C6D7E8F90').success).toBe(true);
    for (const id of ['', '../x', 'a/b', 'C#1', 'a.b', ' 3EB0', '-3EB0', text(65)])
      expect(whatsappMessageIdSchema.safeParse(id).success, id).toBe(false);
  });
});
