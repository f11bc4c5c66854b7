import { inboundEventSchema, type InboundEvent } from '@atende/shared/entities/inbound-message';
import { proto, type WAMessage } from '@whiskeysockets/baileys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deduplicationIdOf, groupIdOf } from '../src/inbound/ids.ts';
import {
  normaliseCall,
  normaliseLidMapping,
  normaliseMessage,
  normaliseUpdate,
  type NormaliseContext,
} from '../src/providers/beta/normalise.ts';
import { betaHarness } from './beta-harness.ts';
import { settle } from './helpers.ts';

const ctx: NormaliseContext = { companyId: 1, whatsappId: 2, nowMs: Date.parse('2025-03-01T12:00:00Z') };
const customer = '5511999990001@s.whatsapp.net';

function message(
  content: proto.IMessage,
  key: Partial<WAMessage['key']> = {},
  extra: Partial<WAMessage> = {},
): WAMessage {
  return {
    key: { remoteJid: customer, fromMe: false, id: 'ABCDEF0123456789', ...key },
    message: content,
    messageTimestamp: 1_740_830_400,
    pushName: 'Juan',
    ...extra,
  };
}

/** Normalises and checks the result against the shared schema, like the ingest will. */
async function normalised(input: WAMessage) {
  const result = await normaliseMessage(input, ctx);
  if (result) expect(inboundEventSchema.parse(result.event)).toEqual(result.event);
  return result;
}

describe('normalising Baileys messages into the shared inbound schema', () => {
  it('text: conversation and extended text with its quote', async () => {
    const plain = await normalised(message({ conversation: 'hola' }));
    expect(plain?.event).toEqual({
      kind: 'message',
      whatsappId: 2,
      companyId: 1,
      chatJid: customer,
      isGroup: false,
      timestamp: '2025-03-01T12:00:00.000Z',
      messageId: 'ABCDEF0123456789',
      fromMe: false,
      type: 'text',
      body: 'hola',
      media: null,
      quotedMessageId: null,
      participant: null,
      pushName: 'Juan',
    });
    expect(plain?.media).toBeUndefined();
    const quoted = await normalised(
      message({
        extendedTextMessage: {
          text: 'respuesta',
          contextInfo: { stanzaId: 'QUOTED1', participant: customer },
        },
      }),
    );
    expect(quoted?.event).toMatchObject({ type: 'text', body: 'respuesta', quotedMessageId: 'QUOTED1' });
  });

  it('image, sticker (an image), audio, video and document, each with the media to fetch', async () => {
    const image = await normalised(
      message({ imageMessage: { caption: 'foto', mimetype: 'image/jpeg', url: 'https://mmg' } }),
    );
    expect(image?.event).toMatchObject({ type: 'image', body: 'foto', media: null });
    expect(image?.media).toEqual({ mimetype: 'image/jpeg', fileName: null });
    const sticker = await normalised(message({ stickerMessage: { mimetype: 'image/webp' } }));
    expect(sticker?.event).toMatchObject({ type: 'sticker' });
    expect(sticker?.media?.mimetype).toBe('image/webp');
    const audio = await normalised(
      message({ audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true } }),
    );
    expect(audio?.event).toMatchObject({ type: 'audio', body: '' });
    const video = await normalised(message({ videoMessage: { caption: 'mira', mimetype: 'video/mp4' } }));
    expect(video?.event).toMatchObject({ type: 'video', body: 'mira' });
    const document = await normalised(
      message({
        documentWithCaptionMessage: {
          message: {
            documentMessage: { fileName: 'boleto.pdf', mimetype: 'application/pdf', caption: 'segue' },
          },
        },
      }),
    );
    expect(document?.event).toMatchObject({ type: 'document', body: 'segue' });
    expect(document?.media).toEqual({ mimetype: 'application/pdf', fileName: 'boleto.pdf' });
  });

  it('location and contact cards', async () => {
    const location = await normalised(
      message({
        locationMessage: {
          degreesLatitude: -23.55,
          degreesLongitude: -46.63,
          name: 'Loja',
          address: 'Av. Paulista',
        },
      }),
    );
    expect(location?.event).toMatchObject({
      type: 'location',
      body: 'Loja - Av. Paulista',
      location: { latitude: -23.55, longitude: -46.63, name: 'Loja', address: 'Av. Paulista' },
    });
    const vcard = 'BEGIN:VCARD\nVERSION:3.0\nFN:Ana\nTEL;waid=5511988887777:+55 11 98888-7777\nEND:VCARD';
    const contact = await normalised(message({ contactMessage: { displayName: 'Ana', vcard } }));
    expect(contact?.event).toMatchObject({ type: 'vcard', body: 'Ana', vcards: [vcard] });
    const contacts = await normalised(
      message({
        contactsArrayMessage: {
          displayName: '2 contactos',
          contacts: [
            { displayName: 'Ana', vcard },
            { displayName: 'Bo', vcard },
          ],
        },
      }),
    );
    expect(contacts?.event).toMatchObject({ type: 'vcard', vcards: [vcard, vcard] });
  });

  it('unwraps ephemeral and view-once messages', async () => {
    const ephemeral = await normalised(
      message({ ephemeralMessage: { message: { conversation: 'efímero' } } }),
    );
    expect(ephemeral?.event).toMatchObject({ type: 'text', body: 'efímero' });
    const viewOnce = await normalised(
      message({ viewOnceMessageV2: { message: { imageMessage: { mimetype: 'image/jpeg' } } } }),
    );
    expect(viewOnce?.event).toMatchObject({ type: 'image' });
  });

  it('edits and revokes (protocol messages) become edit and revoke events on the original id', async () => {
    const edit = await normalised(
      message(
        {
          editedMessage: {
            message: {
              protocolMessage: {
                type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
                key: { id: 'ORIGINAL1', remoteJid: customer },
                editedMessage: { conversation: 'texto corregido' },
              },
            },
          },
        },
        { id: 'EDITWRAPPER' },
      ),
    );
    expect(edit?.event).toMatchObject({
      kind: 'edit',
      messageId: 'ORIGINAL1',
      body: 'texto corregido',
      chatJid: customer,
    });
    const revoke = await normalised(
      message(
        { protocolMessage: { type: proto.Message.ProtocolMessage.Type.REVOKE, key: { id: 'ORIGINAL2' } } },
        { id: 'REVOKEWRAPPER' },
      ),
    );
    expect(revoke?.event).toMatchObject({ kind: 'revoke', messageId: 'ORIGINAL2' });
  });

  it('ignores reactions, other protocol messages, stubs and status broadcasts', async () => {
    expect(await normalised(message({ reactionMessage: { text: '👍', key: { id: 'X' } } }))).toBeNull();
    expect(
      await normalised(
        message({ protocolMessage: { type: proto.Message.ProtocolMessage.Type.EPHEMERAL_SETTING } }),
      ),
    ).toBeNull();
    expect(
      await normalised(message({ conversation: 'story' }, { remoteJid: 'status@broadcast' })),
    ).toBeNull();
    expect(await normalised({ key: { remoteJid: customer, id: 'STUB' }, messageStubType: 2 })).toBeNull();
  });

  it('group messages carry the group as chat and the member as participant', async () => {
    const group = await normalised(
      message(
        { conversation: 'hola grupo' },
        { remoteJid: '120363000000000001@g.us', participant: '5511977776666:3@s.whatsapp.net' },
      ),
    );
    expect(group?.event).toMatchObject({
      chatJid: '120363000000000001@g.us',
      isGroup: true,
      participant: '5511977776666@s.whatsapp.net',
    });
  });

  it('prefers the phone-number JID over a LID, from the key or from the LID mapping', async () => {
    const withAlt = await normalised(
      message({ conversation: 'x' }, { remoteJid: '123456789012345@lid', remoteJidAlt: customer }),
    );
    expect(withAlt?.event.chatJid).toBe(customer);
    const resolved = await normaliseMessage(
      message({ conversation: 'x' }, { remoteJid: '123456789012345@lid' }),
      {
        ...ctx,
        resolvePn: async () => '5511999990002:2@s.whatsapp.net',
      },
    );
    expect(resolved?.event.chatJid).toBe('5511999990002@s.whatsapp.net');
  });

  it('carries both ids of the person when known (LID chat with the number, number chat with the LID); a LID alone stays the chat', async () => {
    const lid = '123456789012345@lid';
    const underLid = await normalised(message({ conversation: 'x' }, { remoteJid: lid, remoteJidAlt: customer }));
    expect(inboundEventSchema.parse(underLid?.event)).toMatchObject({ chatJid: customer, lid, pn: customer });
    const underNumber = await normalised(message({ conversation: 'x' }, { remoteJid: customer, remoteJidAlt: `123456789012345:7@lid` }));
    expect(underNumber?.event).toMatchObject({ chatJid: customer, lid, pn: customer });
    const lidOnly = await normalised(message({ conversation: 'x' }, { remoteJid: lid }));
    expect(lidOnly?.event).toMatchObject({ chatJid: lid, lid });
    expect(lidOnly?.event).not.toHaveProperty('pn');
    const plain = await normalised(message({ conversation: 'x' }));
    expect(plain?.event).not.toHaveProperty('lid');
  });

  it('a lid-mapping.update is a lidMapping event on the number\'s chat, deduplicated per pair', () => {
    const event = normaliseLidMapping({ lid: '123456789012345:3@lid', pn: '5511999990001:2@s.whatsapp.net' }, ctx);
    expect(inboundEventSchema.parse(event)).toMatchObject({
      kind: 'lidMapping',
      chatJid: customer,
      lid: '123456789012345@lid',
      pn: customer,
    });
    expect(deduplicationIdOf(event!)).toBe('1:2:lid:123456789012345@lid:5511999990001@s.whatsapp.net');
    expect(normaliseLidMapping({ lid: customer, pn: '123@lid' }, ctx)).toBeNull();
  });

  it('phone-sent messages are fromMe', async () => {
    const mine = await normalised(message({ conversation: 'enviado do celular' }, { fromMe: true }));
    expect(mine?.event).toMatchObject({ fromMe: true });
  });
});

describe('normalising receipts and calls', () => {
  it('messages.update statuses are acks (SERVER_ACK 2 … PLAYED 5); ERROR and PENDING say nothing', async () => {
    const update = (status: number) =>
      normaliseUpdate({ key: { remoteJid: customer, id: 'SENT1', fromMe: true }, update: { status } }, ctx);
    for (const status of [2, 3, 4, 5]) {
      const ack = await update(status);
      expect(inboundEventSchema.parse(ack)).toMatchObject({
        kind: 'ack',
        messageId: 'SENT1',
        ack: status,
        chatJid: customer,
      });
    }
    expect(await update(0)).toBeNull();
    expect(await update(1)).toBeNull();
    expect(
      await normaliseUpdate({ key: { remoteJid: customer, id: 'X' }, update: { message: null } }, ctx),
    ).toBeNull();
  });

  it('call offers become call events; transport noise is ignored', async () => {
    const call = await normaliseCall(
      {
        chatId: customer,
        from: customer,
        id: 'CALL1',
        date: new Date('2025-03-01T12:00:00Z'),
        status: 'offer',
        offline: false,
        isVideo: true,
      },
      ctx,
    );
    expect(inboundEventSchema.parse(call)).toEqual({
      kind: 'call',
      whatsappId: 2,
      companyId: 1,
      chatJid: customer,
      isGroup: false,
      timestamp: '2025-03-01T12:00:00.000Z',
      callId: 'CALL1',
      from: customer,
      status: 'offer',
      isVideo: true,
    });
    expect(
      await normaliseCall(
        {
          chatId: customer,
          from: customer,
          id: 'CALL1',
          date: new Date(),
          status: 'relaylatency',
          offline: false,
        },
        ctx,
      ),
    ).toBeNull();
  });
});

describe('group and deduplication ids (docs/connector.md)', () => {
  const base = {
    whatsappId: 2,
    companyId: 1,
    chatJid: customer,
    isGroup: false,
    timestamp: '2025-03-01T12:00:00.000Z',
  };
  it('one group per chat; one deduplication id per event', () => {
    const events: InboundEvent[] = [
      { kind: 'message', ...base, messageId: 'M1', fromMe: false, type: 'text', body: 'x' },
      { kind: 'ack', ...base, messageId: 'M1', ack: 3 },
      { kind: 'edit', ...base, messageId: 'M1', body: 'y' },
      { kind: 'revoke', ...base, messageId: 'M1' },
      { kind: 'call', ...base, callId: 'C1', from: customer, status: 'offer', isVideo: false },
    ];
    expect(events.map(groupIdOf)).toEqual(Array(5).fill(`1:2:${customer}`));
    expect(events.map(deduplicationIdOf)).toEqual([
      '1:2:M1',
      '1:2:M1:ack:3',
      '1:2:M1:edit:95cb0bfd2977c761298d9624e4b4d4c72a39974a',
      '1:2:M1:revoke',
      '1:2:call:C1:offer',
    ]);
  });

  it('hashes ids SQS would refuse', () => {
    const event: InboundEvent = {
      kind: 'message',
      ...base,
      messageId: 'con espaço ✓',
      fromMe: false,
      type: 'text',
      body: '',
    };
    expect(deduplicationIdOf(event)).toMatch(/^sha1:[0-9a-f]{40}$/);
  });
});

describe('beta session inbound path', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2025-03-01T12:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uploads media to c<companyId>/w<whatsappId>/<messageId> before emitting; upserts of both types and recent history take one path', async () => {
    const download = vi.fn(async () => Uint8Array.from([0xff, 0xd8, 0xff, 1]));
    const h = betaHarness({ beta: { downloadMedia: download } });
    await h.session.start();
    await settle(vi);
    h.sockets.last().pair();
    await settle(vi);
    const socket = h.sockets.last();
    const now = Math.floor(Date.now() / 1000);
    socket.emit('messages.upsert', {
      type: 'notify',
      messages: [
        message(
          {
            imageMessage: {
              caption: 'foto',
              mimetype: 'image/jpeg',
              url: 'https://mmg.whatsapp.net/v/t62/img1.enc',
            },
          },
          { id: 'IMG1' },
          { messageTimestamp: now },
        ),
      ],
    });
    socket.emit('messages.upsert', {
      type: 'append',
      messages: [message({ conversation: 'offline' }, { id: 'OFF1' }, { messageTimestamp: now - 600 })],
    });
    socket.emit('messaging-history.set', {
      chats: [],
      contacts: [],
      messages: [
        message({ conversation: 'reciente' }, { id: 'HIST1' }, { messageTimestamp: now - 3600 }),
        message({ conversation: 'viejo' }, { id: 'HIST2' }, { messageTimestamp: now - 3 * 86400 }),
      ],
    });
    socket.emit('messages.update', [
      { key: { remoteJid: customer, id: 'SENT1', fromMe: true }, update: { status: 4 } },
    ]);
    socket.emit('call', [
      { chatId: customer, from: customer, id: 'CALL9', date: new Date(), status: 'offer', offline: false },
    ]);
    socket.emit('messages.reaction', [{ key: { id: 'X' }, reaction: { text: '👍' } }]);
    const events = await h.events();
    expect(events.map((e) => ('messageId' in e ? e.messageId : 'callId' in e ? e.callId : e.kind))).toEqual([
      'IMG1',
      'OFF1',
      'HIST1',
      'SENT1',
      'CALL9',
    ]);
    expect(events[0]).toMatchObject({
      media: { key: 'c1/w2/IMG1', mimetype: 'image/jpeg', fileName: null, sizeBytes: 4 },
    });
    expect(h.media.objects.get('c1/w2/IMG1')?.contentType).toBe('image/jpeg');
    for (const event of events) inboundEventSchema.parse(event);
  });

  it('emits the message without media when the download keeps failing', async () => {
    const download = vi.fn(async () => Promise.reject(new Error('410 gone')));
    const h = betaHarness({ beta: { downloadMedia: download } });
    await h.session.start();
    await settle(vi);
    h.sockets.last().pair();
    await settle(vi);
    h.sockets.last().emit('messages.upsert', {
      type: 'notify',
      messages: [
        message(
          { audioMessage: { mimetype: 'audio/ogg', url: 'https://mmg.whatsapp.net/v/t62/aud1.enc' } },
          { id: 'AUD1' },
        ),
      ],
    });
    const pending = h.events();
    await vi.advanceTimersByTimeAsync(10_000);
    const [event] = await pending;
    expect(event).toMatchObject({ kind: 'message', type: 'audio', messageId: 'AUD1', media: null });
    expect(download).toHaveBeenCalledTimes(3);
  });
});
