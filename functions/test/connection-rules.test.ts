import { describe, expect, it } from 'vitest';
import { connectionTokenHash, newConnectionToken, tokenAfterSave } from '../src/domain/connection-token.ts';
import { chatNumber, lastMessagePreview, storedBody, storedMedia } from '../src/domain/inbound-rules.ts';
import {
  assertGreetingWhenQueues,
  assertMayDelete,
  assertMayUnsetDefault,
  assertProvider,
  defaultAfterCreate,
} from '../src/domain/whatsapp-rules.ts';

const message = {
  kind: 'message' as const,
  whatsappId: 1,
  companyId: 2,
  chatJid: '5511999990001@s.whatsapp.net',
  isGroup: false,
  timestamp: '2026-11-21T10:00:00.000Z',
  messageId: 'ABC',
  fromMe: false,
  body: '',
};

describe('connection rules', () => {
  it('requires a greeting with more than one queue', () => {
    expect(() => assertGreetingWhenQueues([1, 2], '')).toThrow('ERR_WAPP_GREETING_REQUIRED');
    expect(() => assertGreetingWhenQueues([1, 2], '  ')).toThrow('ERR_WAPP_GREETING_REQUIRED');
    expect(() => assertGreetingWhenQueues([1, 2], 'Hola, elija una opción')).not.toThrow();
    expect(() => assertGreetingWhenQueues([1], undefined)).not.toThrow();
  });

  it('keeps exactly one default connection', () => {
    expect(defaultAfterCreate(false, 0)).toBe(true);
    expect(defaultAfterCreate(false, 2)).toBe(false);
    expect(defaultAfterCreate(true, 2)).toBe(true);
    expect(() => assertMayUnsetDefault(true, false)).toThrow('ERR_NO_OTHER_WHATSAPP');
    expect(() => assertMayUnsetDefault(false, false)).not.toThrow();
    expect(() => assertMayDelete(true, 2)).toThrow('ERR_NO_OTHER_WHATSAPP');
    expect(() => assertMayDelete(true, 1)).not.toThrow();
  });

  it('makes every token itself: 192 random bits, never a value the client chose', () => {
    const generated = newConnectionToken();
    expect(generated).toMatch(/^[\w-]{32}$/);
    expect(Buffer.from(generated, 'base64url')).toHaveLength(24);
    expect(new Set(Array.from({ length: 1000 }, newConnectionToken)).size).toBe(1000);
    // Only an empty token asks for a new one; a value sent by a client is ignored.
    expect(tokenAfterSave('')).toBe('rotate');
    expect(tokenAfterSave('   ')).toBe('rotate');
    expect(tokenAfterSave('1')).toBe('keep');
    expect(tokenAfterSave(generated)).toBe('keep');
    expect(tokenAfterSave(undefined)).toBe('keep');
    expect(tokenAfterSave(null)).toBe('keep');
  });

  it("keys a token's claim by its hash, never by the token", () => {
    const token = newConnectionToken();
    const hash = connectionTokenHash(token);
    expect(hash).not.toContain(token);
    expect(hash).toBe(connectionTokenHash(token));
    expect(hash).not.toBe(connectionTokenHash(newConnectionToken()));
    expect(hash).toMatch(/^[\w-]{43}$/);
  });

  it('offers the sandbox provider only where it is enabled', () => {
    expect(assertProvider('beta', false)).toBe('beta');
    expect(assertProvider('sandbox', true)).toBe('sandbox');
    expect(() => assertProvider('sandbox', false)).toThrow('ERR_VALIDATION');
    expect(() => assertProvider('wwebjs', true)).toThrow('ERR_VALIDATION');
  });
});

describe('inbound rules', () => {
  it('takes the number from a chat JID, device suffixes included', () => {
    expect(chatNumber('5511999990001@s.whatsapp.net')).toBe('5511999990001');
    expect(chatNumber('5511999990001:12@s.whatsapp.net')).toBe('5511999990001');
    expect(chatNumber('120363025246125486@g.us')).toBe('120363025246125486');
  });

  it('previews text as itself and media by a label', () => {
    expect(lastMessagePreview({ type: 'text', body: ' hola ' })).toBe('hola');
    expect(lastMessagePreview({ type: 'image', body: '' })).toBe('📷 Imagen');
    expect(lastMessagePreview({ type: 'image', body: 'la factura' })).toBe('la factura');
    expect(lastMessagePreview({ type: 'text', body: 'x'.repeat(400) })).toHaveLength(255);
  });

  it('stores stickers as images and documents as application', () => {
    expect(storedMedia({ ...message, type: 'sticker', media: { key: 'k', mimetype: 'image/webp' } })).toEqual({
      mediaType: 'image',
      mediaKey: 'k',
      mimetype: 'image/webp',
    });
    expect(storedMedia({ ...message, type: 'document', media: { key: 'd', mimetype: 'application/pdf', fileName: 'f.pdf' } })).toEqual({
      mediaType: 'application',
      mediaKey: 'd',
      mimetype: 'application/pdf',
      mediaName: 'f.pdf',
    });
    expect(storedMedia({ ...message, type: 'text' })).toEqual({});
  });

  it('keeps a location and shared contacts readable in the body', () => {
    expect(JSON.parse(storedBody({ ...message, type: 'location', location: { latitude: -23.5, longitude: -46.6 } }))).toEqual({
      latitude: -23.5,
      longitude: -46.6,
      name: null,
      address: null,
    });
    expect(storedBody({ ...message, type: 'vcard', vcards: ['BEGIN:VCARD', 'END:VCARD'] })).toBe('BEGIN:VCARD\nEND:VCARD');
  });
});
