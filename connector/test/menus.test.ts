import type { ChatMenu } from '@atende/shared/entities/chat-menu';
import { inboundEventSchema } from '@atende/shared/entities/inbound-message';
import { proto, type WAMessage } from '@whiskeysockets/baileys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { menuContent } from '../src/providers/beta/outgoing.ts';
import { normaliseMessage, selectedIdOf, type NormaliseContext } from '../src/providers/beta/normalise.ts';
import { seedConnection, startTask } from './connector-harness.ts';
import { MemoryTable } from './fakes/memory-table.ts';
import { commandEvent, settle } from './helpers.ts';

/** The chatbot's menus as WhatsApp lists and buttons (docs/chatbot.md, "Menus as lists and buttons"). */

const ids = { companyId: 1, whatsappId: 2 };
const customer = '5511999990001';
const customerJid = `${customer}@s.whatsapp.net`;
const body = 'Elija un sector:\n\n*1* - Ventas\n*2* - Soporte';
const list: ChatMenu = {
  type: 'list',
  title: 'Elija un sector:',
  buttonText: 'Ver opciones',
  rows: [
    { id: '1', title: 'Ventas' },
    { id: '2', title: 'Soporte' },
  ],
};
const buttons: ChatMenu = { type: 'buttons', title: 'Elija un sector:', rows: list.rows };

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2025-03-01T12:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('beta: sending a menu', () => {
  it('a list is a listMessage whose description is the numbered text; buttons a buttonsMessage', () => {
    expect(menuContent(body, list)).toEqual({
      listMessage: {
        title: 'Elija un sector:',
        description: body,
        buttonText: 'Ver opciones',
        listType: proto.Message.ListMessage.ListType.SINGLE_SELECT,
        sections: [
          {
            rows: [
              { rowId: '1', title: 'Ventas' },
              { rowId: '2', title: 'Soporte' },
            ],
          },
        ],
      },
    });
    expect(menuContent(body, buttons)).toEqual({
      buttonsMessage: {
        contentText: body,
        headerType: proto.Message.ButtonsMessage.HeaderType.TEXT,
        text: 'Elija un sector:',
        buttons: [
          { buttonId: '1', buttonText: { displayText: 'Ventas' }, type: proto.Message.ButtonsMessage.Button.Type.RESPONSE },
          { buttonId: '2', buttonText: { displayText: 'Soporte' }, type: proto.Message.ButtonsMessage.Button.Type.RESPONSE },
        ],
      },
    });
    const untitled = menuContent(body, { type: 'buttons', rows: list.rows });
    expect(untitled.buttonsMessage?.headerType).toBe(proto.Message.ButtonsMessage.HeaderType.EMPTY);
    expect(untitled.buttonsMessage).not.toHaveProperty('text');
  });

  it('the fake socket gets the list relayed with our message id, the message is marked sent; no menu is plain text', async () => {
    const table = new MemoryTable();
    seedConnection(table, { provider: 'beta', running: true });
    table.put({ pk: 'C#1#MSG#MENU1', sk: 'MSG', body, fromMe: true, ack: 0 });
    table.put({ pk: 'C#1#MSG#TXT1', sk: 'MSG', body, fromMe: true, ack: 0 });
    const task = await startTask(table, 'task-a');
    await task.connector.reconcile();
    await settle(vi);
    task.sockets.last().pair();
    await settle(vi);
    const socket = task.sockets.last();
    const send = { ...ids, type: 'sendMessage', ticketId: 1, to: customer, body };
    const result = await task.connector.handleCommands(
      commandEvent({ ...send, messageId: 'MENU1', menu: list }, { ...send, messageId: 'TXT1' }),
    );
    expect(result).toEqual({ batchItemFailures: [] });
    expect(socket.relayMessage).toHaveBeenCalledTimes(1);
    const [jid, relayed, options] = socket.relayMessage.mock.calls[0]!;
    expect(jid).toBe(customerJid);
    expect(relayed).toEqual(menuContent(body, list));
    expect(options).toEqual({ messageId: 'MENU1' });
    expect(table.get('C#1#MSG#MENU1', 'MSG')).toMatchObject({ ack: 1 });
    // Without a menu: the text as always, not relayed.
    expect(socket.sendMessage).toHaveBeenCalledTimes(1);
    expect(socket.sendMessage.mock.calls[0]![1]).toEqual({ text: body });
  });
});

describe('beta: the customer taps', () => {
  const ctx: NormaliseContext = { companyId: 1, whatsappId: 2, nowMs: Date.parse('2025-03-01T12:00:00Z') };
  const tap = (content: proto.IMessage): WAMessage => ({
    key: { remoteJid: customerJid, fromMe: false, id: 'TAP0123456789ABC' },
    message: content,
    messageTimestamp: 1_740_830_400,
    pushName: 'Juan',
  });

  it.each([
    ['a list row', { listResponseMessage: { title: 'Soporte', singleSelectReply: { selectedRowId: '2' } } }, 'Soporte'],
    ['a button', { buttonsResponseMessage: { selectedButtonId: '2', selectedDisplayText: 'Soporte' } }, 'Soporte'],
    ['a template button', { templateButtonReplyMessage: { selectedId: '2', selectedDisplayText: 'Soporte' } }, 'Soporte'],
    [
      'a native-flow reply',
      { interactiveResponseMessage: { body: { text: 'Soporte' }, nativeFlowResponseMessage: { name: 'single_select', paramsJson: '{"id":"2"}' } } },
      'Soporte',
    ],
  ] as [string, proto.IMessage, string][])('%s arrives as text with the tapped id', async (_kind, content, shown) => {
    const result = await normaliseMessage(tap(content), ctx);
    expect(result?.event).toMatchObject({ kind: 'message', type: 'text', body: shown, selectedId: '2', messageId: 'TAP0123456789ABC' });
    expect(inboundEventSchema.parse(result!.event)).toEqual(result!.event);
  });

  it('a typed message has no selected id; a malformed native-flow reply neither', async () => {
    const typed = await normaliseMessage(tap({ conversation: '2' }), ctx);
    expect(typed?.event).not.toHaveProperty('selectedId');
    expect(selectedIdOf({ interactiveResponseMessage: { nativeFlowResponseMessage: { paramsJson: 'not json' } } })).toBeNull();
    expect(selectedIdOf({ interactiveResponseMessage: { nativeFlowResponseMessage: { paramsJson: '{"id":5}' } } })).toBeNull();
  });
});

describe('sandbox: the virtual phone shows menus and taps them', () => {
  it('records the menu in the outbox and sends a tap as a message with its id', async () => {
    const table = new MemoryTable();
    seedConnection(table);
    const task = await startTask(table, 'task-a');
    const run = async (...commands: Record<string, unknown>[]) => {
      const result = await task.connector.handleCommands(commandEvent(...commands.map((c) => ({ ...ids, ...c }))));
      await settle(vi);
      return result;
    };
    await run({ type: 'startSession' });
    await run({ type: 'sandboxScan' });
    table.put({ pk: 'C#1#MSG#MENU1', sk: 'MSG', __edb_e__: 'message', body, fromMe: true, ack: 0 });
    await run({ type: 'sendMessage', messageId: 'MENU1', ticketId: 5, to: customer, body, menu: list });
    expect(table.list('C#1', `SANDBOX#2#OUT#${customer}#`)).toEqual([expect.objectContaining({ id: 'MENU1', body, menu: list })]);

    await run({ type: 'sandboxInbound', from: customer, name: 'Juan', body: 'Soporte', id: 'TAP1', selectedId: '2' });
    await run({ type: 'sandboxInbound', from: customer, name: 'Juan', body: '2', id: 'TYPED1' });
    const [tapped, typed] = task.inbound.sent.map((s) => s.event);
    expect(tapped).toMatchObject({ kind: 'message', messageId: 'TAP1', body: 'Soporte', selectedId: '2' });
    expect(typed).toMatchObject({ kind: 'message', messageId: 'TYPED1', body: '2' });
    expect(typed).not.toHaveProperty('selectedId');
  });
});
