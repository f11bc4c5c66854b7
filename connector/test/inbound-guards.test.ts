/**
 * What a stranger's message may not make the connector do: fetch media from a host that is not
 * WhatsApp's (server-side request forgery), or put an id that is not WhatsApp-shaped into an S3
 * or table key.
 */
import { inboundEventSchema } from '@atende/shared/entities/inbound-message';
import type { proto, WAMessage } from '@whiskeysockets/baileys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  checkedReupload,
  isAllowedMediaUrl,
  MediaSourceRefusedError,
  mediaSourcesOf,
  refusedMediaSource,
} from '../src/providers/beta/media-source.ts';
import { normaliseCall, normaliseMessage, normaliseUpdate } from '../src/providers/beta/normalise.ts';
import { betaHarness } from './beta-harness.ts';
import { settle } from './helpers.ts';

const customer = '5511999990001@s.whatsapp.net';
const ctx = { companyId: 1, whatsappId: 2, nowMs: Date.parse('2025-03-01T12:00:00Z') };
const goodUrl =
  'https://mmg.whatsapp.net/v/t62.7118-24/1234_5678.enc?ccb=11-4&oh=01_token&oe=68000000&_nc_sid=5e03e0';
const goodPath = '/v/t62.7118-24/1234_5678.enc?ccb=11-4&oh=01_token&oe=68000000&_nc_sid=5e03e0';

function image(fields: proto.Message.IImageMessage, id = '3EB0A1B2C3D4E5F60718'): WAMessage {
  return {
    key: { remoteJid: customer, fromMe: false, id },
    message: { imageMessage: { mimetype: 'image/jpeg', caption: 'foto', ...fields } },
    messageTimestamp: Math.floor(Date.now() / 1000),
  };
}

describe('media URLs a message may name', () => {
  it('allows https on WhatsApp media hosts only', () => {
    for (const url of [
      goodUrl,
      'https://mmg-fna.whatsapp.net/d/f/abc.enc',
      'https://media-gru1-1.cdn.whatsapp.net/v/t62/abc.enc',
      'https://MMG.WhatsApp.net:443/v/abc',
    ])
      expect(isAllowedMediaUrl(url), url).toBe(true);
    for (const url of [
      'http://mmg.whatsapp.net/v/abc',
      'https://169.254.169.254/latest/meta-data/',
      'https://localhost:8080/api',
      'https://whatsapp.net.evil.example/v/abc',
      'https://evilwhatsapp.net/v/abc',
      'https://mmg.whatsapp.net.evil.example/v/abc',
      'https://mmg.whatsapp.net@evil.example/v/abc',
      'https://user:pw@mmg.whatsapp.net/v/abc',
      'https://mmg.whatsapp.net:8443/v/abc',
      'file:///etc/passwd',
      'data:text/plain;base64,aGk=',
      'not a url',
    ])
      expect(isAllowedMediaUrl(url), url).toBe(false);
  });

  it('checks every URL Baileys may fetch: url, and directPath on the default host and on url’s host', () => {
    expect(mediaSourcesOf(image({ url: goodUrl, directPath: goodPath }))).toEqual([
      goodUrl,
      `https://mmg.whatsapp.net${goodPath}`,
      `https://mmg.whatsapp.net${goodPath}`,
    ]);
    expect(refusedMediaSource(image({ url: goodUrl, directPath: goodPath }))).toBeNull();
    expect(refusedMediaSource(image({ directPath: goodPath }))).toBeNull();
    // The host named by url carries a good directPath elsewhere.
    expect(refusedMediaSource(image({ url: 'https://10.0.0.5/x', directPath: goodPath }))).toEqual({
      reason: 'not a WhatsApp media URL',
      host: '10.0.0.5',
    });
    // A directPath that moves the host: https://mmg.whatsapp.net.evil.example/x.
    expect(refusedMediaSource(image({ directPath: '.evil.example/x' }))).toEqual({
      reason: 'not a WhatsApp media URL',
      host: 'mmg.whatsapp.net.evil.example',
    });
    expect(refusedMediaSource(image({ directPath: '@evil.example/x' }))?.host).toBe('evil.example');
    expect(refusedMediaSource(image({}))).toEqual({ reason: 'no media URL' });
    // A thumbnail link, Baileys' other download.
    const link: WAMessage = {
      key: { remoteJid: customer, id: '3EB0AA' },
      message: { extendedTextMessage: { text: 'x', thumbnailDirectPath: ':8080@127.0.0.1/x' } },
    };
    expect(refusedMediaSource(link)?.reason).toBe('not a WhatsApp media URL');
  });

  it('checks the URL of a re-uploaded message too', async () => {
    const reupload = checkedReupload(async (message) => ({
      ...message,
      message: { imageMessage: { url: 'https://internal.example/x' } },
    }));
    await expect(reupload(image({ url: goodUrl }))).rejects.toBeInstanceOf(MediaSourceRefusedError);
    const fine = checkedReupload(async (message) => message);
    await expect(fine(image({ url: goodUrl }))).resolves.toBeTruthy();
  });
});

describe('the beta session refuses a forged media URL without fetching it', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2025-03-01T12:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  async function connected(beta: Parameters<typeof betaHarness>[0] = {}) {
    const h = betaHarness(beta);
    await h.session.start();
    await settle(vi);
    h.sockets.last().pair();
    await settle(vi);
    return h;
  }

  it('emits the message without media, fetches nothing and logs the host only', async () => {
    // Baileys' own downloader (nothing injected): any fetch would reach this stub.
    const fetch = vi.fn(async () => new Response('secret', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const h = await connected();
    const forged = 'https://169.254.169.254/latest/meta-data/iam?token=abc';
    h.sockets.last().emit('messages.upsert', {
      type: 'notify',
      messages: [
        image({ url: forged, directPath: '/latest/meta-data/iam?token=abc', mediaKey: new Uint8Array(32) }),
      ],
    });
    const [event] = await h.events();
    expect(event).toMatchObject({
      kind: 'message',
      type: 'image',
      messageId: '3EB0A1B2C3D4E5F60718',
      media: null,
      body: 'foto',
    });
    expect(fetch).not.toHaveBeenCalled();
    expect(h.media.objects.size).toBe(0);
    const logged = h.log.entries.find((entry) => entry.message === 'inbound media not fetched');
    expect(logged?.data).toEqual({
      messageId: '3EB0A1B2C3D4E5F60718',
      reason: 'not a WhatsApp media URL',
      host: '169.254.169.254',
    });
    expect(JSON.stringify(h.log.entries)).not.toContain('token=abc');
  });

  it('still downloads media from WhatsApp’s hosts', async () => {
    const download = vi.fn(async () => Uint8Array.from([0xff, 0xd8, 0xff, 1]));
    const h = await connected({ beta: { downloadMedia: download } });
    h.sockets
      .last()
      .emit('messages.upsert', { type: 'notify', messages: [image({ url: goodUrl, directPath: goodPath })] });
    const [event] = await h.events();
    expect(download).toHaveBeenCalledTimes(1);
    expect(event).toMatchObject({ media: { key: 'c1/w2/3EB0A1B2C3D4E5F60718' } });
  });
});

describe('WhatsApp message ids from the network', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2025-03-01T12:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const malformed = ['../../c2/w1/3EB0', 'ABC/DEF', 'C#2#MSG', 'a.b', 'x'.repeat(65), ' 3EB0', ''];

  it('normalises real shapes: Baileys 3EB0 + hex, a phone’s 32 hex, the sandbox’s', async () => {
    for (const id of [
      '3EB0C767D71D8B4F1A2B3C4D5E6F708192A3B4C5',
      'A1B2C3D4E5F60718293A4B5C6D7E8F90',
      '3EB01234ABCD5678',
      'BAE5F2A1B3C4D5E6',
    ]) {
      const result = await normaliseMessage(
        { key: { remoteJid: customer, id }, message: { conversation: 'hola' } },
        ctx,
      );
      expect(result?.event.kind === 'message' && result.event.messageId).toBe(id);
    }
  });

  it('drops messages, acks, edits, revokes and calls with a malformed id, and a malformed quote', async () => {
    for (const id of malformed) {
      expect(
        await normaliseMessage({ key: { remoteJid: customer, id }, message: { conversation: 'hola' } }, ctx),
        id,
      ).toBeNull();
      expect(
        await normaliseUpdate({ key: { remoteJid: customer, id, fromMe: true }, update: { status: 3 } }, ctx),
        id,
      ).toBeNull();
      expect(
        await normaliseCall(
          { chatId: customer, from: customer, id, date: new Date(), status: 'offer', offline: false },
          ctx,
        ),
        id,
      ).toBeNull();
      const revoke = await normaliseMessage(
        {
          key: { remoteJid: customer, id: '3EB0AA' },
          message: { protocolMessage: { type: 0, key: { id } } },
        },
        ctx,
      );
      expect(revoke, id).toBeNull();
      const quoting = await normaliseMessage(
        {
          key: { remoteJid: customer, id: '3EB0AB' },
          message: { extendedTextMessage: { text: 'ok', contextInfo: { stanzaId: id } } },
        },
        ctx,
      );
      expect(quoting?.event.kind === 'message' && quoting.event.quotedMessageId, id).toBe(null);
    }
  });

  it('the beta session drops such a message before it names a media key, and logs it', async () => {
    const download = vi.fn(async () => Uint8Array.from([1, 2, 3]));
    const h = betaHarness({ beta: { downloadMedia: download } });
    await h.session.start();
    await settle(vi);
    h.sockets.last().pair();
    await settle(vi);
    h.sockets
      .last()
      .emit('messages.upsert', { type: 'notify', messages: [image({ url: goodUrl }, '../../c9/w9/3EB0')] });
    expect(await h.events()).toEqual([]);
    expect(download).not.toHaveBeenCalled();
    expect(h.media.objects.size).toBe(0);
    expect(
      h.log.entries.some((entry) => entry.message === 'inbound message with a malformed id dropped'),
    ).toBe(true);
  });

  it('the shared inbound schema (the ingest’s check) refuses them too', () => {
    const base = {
      whatsappId: 2,
      companyId: 1,
      chatJid: customer,
      isGroup: false,
      timestamp: '2025-03-01T12:00:00.000Z',
    };
    expect(inboundEventSchema.safeParse({ kind: 'revoke', ...base, messageId: '3EB0AA' }).success).toBe(true);
    for (const id of malformed) {
      expect(inboundEventSchema.safeParse({ kind: 'revoke', ...base, messageId: id }).success, id).toBe(
        false,
      );
      expect(
        inboundEventSchema.safeParse({
          kind: 'message',
          ...base,
          messageId: '3EB0AA',
          fromMe: false,
          type: 'text',
          quotedMessageId: id,
        }).success,
        id,
      ).toBe(false);
    }
  });
});
