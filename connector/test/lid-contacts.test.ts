/**
 * LID contacts on the fake socket (issue #30; docs/connector.md, "LID contacts"): a customer who
 * writes under a LID and then under the number, Baileys' `lid-mapping.update`, and where the
 * business's replies go.
 */
import { inboundEventSchema } from '@atende/shared/entities/inbound-message';
import type { WAMessage } from '@whiskeysockets/baileys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { groupIdOf } from '../src/inbound/ids.ts';
import { sandboxInboundEvent } from '../src/providers/sandbox/sandbox-inbound.ts';
import { betaHarness } from './beta-harness.ts';
import { memoryMedia, settle } from './helpers.ts';

const lid = '140000000000009@lid';
const pn = '5511999990009@s.whatsapp.net';

function fromCustomer(id: string, text: string, key: Partial<WAMessage['key']>): WAMessage {
  return {
    key: { fromMe: false, id, ...key },
    message: { conversation: text },
    messageTimestamp: Math.floor(Date.now() / 1000),
    pushName: 'Lucía',
  };
}

async function connected() {
  const h = betaHarness();
  await h.session.start();
  await settle(vi);
  h.sockets.last().pair();
  await settle(vi);
  return { h, socket: h.sockets.last() };
}

describe('beta session: a person WhatsApp addresses by LID', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-12-01T12:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a conversation that starts under a LID and continues under the number: the LID alone, the pair, then both ids on the number\'s chat', async () => {
    const { h, socket } = await connected();
    socket.emit('messages.upsert', { type: 'notify', messages: [fromCustomer('LIDMSG00000001', 'hola', { remoteJid: lid })] });
    // Normalised before Baileys knows the number.
    const [first] = await h.events();
    // Baileys learns the pair (a later message's remoteJidAlt, or WhatsApp's notification).
    socket.lids.set(pn, lid);
    socket.emit('lid-mapping.update', { lid: `${lid.split('@')[0]}:12@lid`, pn });
    socket.emit('messages.upsert', {
      type: 'notify',
      messages: [fromCustomer('LIDMSG00000002', 'sigo aquí', { remoteJid: lid, remoteJidAlt: pn })],
    });
    socket.emit('messages.upsert', { type: 'notify', messages: [fromCustomer('LIDMSG00000003', 'otra', { remoteJid: lid })] });
    const events = [first!, ...(await h.events()).slice(1)].map((event) => inboundEventSchema.parse(event));
    expect(events).toEqual([
      expect.objectContaining({ kind: 'message', messageId: 'LIDMSG00000001', chatJid: lid, lid }),
      { kind: 'lidMapping', companyId: 1, whatsappId: 2, chatJid: pn, isGroup: false, timestamp: expect.any(String), lid, pn },
      expect.objectContaining({ kind: 'message', messageId: 'LIDMSG00000002', chatJid: pn, lid, pn }),
      // Under the LID alone again, but Baileys' store knows the number now.
      expect.objectContaining({ kind: 'message', messageId: 'LIDMSG00000003', chatJid: pn, lid, pn }),
    ]);
    expect(events[0]).not.toHaveProperty('pn');
    // The pair and the number's messages share the number's FIFO group: the merge comes before them.
    expect(new Set(events.slice(1).map(groupIdOf))).toEqual(new Set([`1:2:${pn}`]));
    await h.session.stop();
  });

  it('replies: a number with a known LID goes to the LID (WhatsApp refuses the number of a migrated account), a LID-only chat to its LID, an unmapped number to the number', async () => {
    const { h, socket } = await connected();
    socket.lids.set(pn, lid);
    const send = (to: string, messageId: string) => h.session.sendMessage({ messageId, to, body: 'hola', media: null, quoted: null });
    await send('5511999990009', 'OUTLID000001');
    await send('140000000000010@lid', 'OUTLID000002');
    await send('5511999990010', 'OUTLID000003');
    await h.session.markRead({ chat: '5511999990009', messageIds: ['LIDMSG00000001'] });
    expect(socket.sendMessage.mock.calls.map((call) => call[0])).toEqual([
      lid,
      '140000000000010@lid',
      '5511999990010@s.whatsapp.net',
    ]);
    expect(socket.readMessages.mock.calls[0]![0]).toEqual([{ remoteJid: lid, id: 'LIDMSG00000001', fromMe: false }]);
    await h.session.stop();
  });
});

describe('sandbox: a customer with a LID (docs/sandbox.md)', () => {
  const context = { companyId: 1, whatsappId: 2, nowMs: Date.parse('2026-12-01T12:00:00Z'), media: memoryMedia(), newMessageId: () => 'SBXLID000001' };
  const base = { type: 'sandboxInbound' as const, commandId: 'c1', companyId: 1, whatsappId: 2, from: '5511999990009', body: 'hola' };

  it('hideNumber: under the LID alone; without it: under the number with both ids; a group never carries a LID', async () => {
    const hidden = inboundEventSchema.parse(await sandboxInboundEvent({ ...base, lid: '140000000000009', hideNumber: true }, context));
    expect(hidden).toMatchObject({ kind: 'message', chatJid: lid, lid });
    expect(hidden).not.toHaveProperty('pn');
    const both = inboundEventSchema.parse(await sandboxInboundEvent({ ...base, lid: '140000000000009' }, context));
    expect(both).toMatchObject({ chatJid: pn, lid, pn });
    const plain = inboundEventSchema.parse(await sandboxInboundEvent(base, context));
    expect(plain).not.toHaveProperty('lid');
    const group = inboundEventSchema.parse(await sandboxInboundEvent({ ...base, from: '120363000000000001', lid: '140000000000009' }, context));
    expect(group).toMatchObject({ isGroup: true, chatJid: '120363000000000001@g.us' });
    expect(group).not.toHaveProperty('lid');
  });
});
