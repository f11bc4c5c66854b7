/**
 * Editing a sent message (docs/decisions.md, "Editing a sent message"): the editMessage command
 * on Baileys (the `{ text, edit: key }` shape) and on the sandbox, stored with its history only
 * when WhatsApp took it; and a customer's edit (protocolMessage MESSAGE_EDIT) arriving as an edit
 * event keyed by its own id, so redeliveries are one.
 */
import { proto, type WAMessage } from '@whiskeysockets/baileys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deduplicationIdOf } from '../src/inbound/ids.ts';
import { MessageStore } from '../src/table/messages.ts';
import { betaHarness } from './beta-harness.ts';
import { seedConnection, startTask } from './connector-harness.ts';
import { MemoryTable } from './fakes/memory-table.ts';
import { commandEvent, settle } from './helpers.ts';

const ids = { companyId: 1, whatsappId: 2 };
const customer = '5511999990001';
const customerJid = `${customer}@s.whatsapp.net`;
const sentAt = '2025-03-01T11:55:00.000Z';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2025-03-01T12:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

const edit = (messageId: string, body: string, replyKey: string) => ({
  ...ids,
  type: 'editMessage' as const,
  chat: customer,
  messageId,
  body,
  replyKey,
});

describe('editMessage on Baileys', () => {
  it('sends { text, edit: key }, stores the edit with its history when WhatsApp took it, and leaves the message when it refused', async () => {
    const table = new MemoryTable();
    seedConnection(table, { provider: 'beta', running: true });
    const task = await startTask(table, 'task-a');
    await task.connector.reconcile();
    await settle(vi);
    task.sockets.last().pair();
    await settle(vi);
    const socket = task.sockets.last();
    table.put({ pk: 'C#1#MSG#E1', sk: 'MSG', body: 'precio: 10', fromMe: true, ack: 1, createdAt: sentAt });
    table.put({ pk: 'C#1#MSG#E2', sk: 'MSG', body: 'hola', fromMe: true, ack: 1, createdAt: sentAt });
    socket.sendMessage.mockResolvedValueOnce({
      key: { remoteJid: customerJid, fromMe: true, id: '3EB0EDIT0001' },
    } as never);
    await task.connector.handleCommands(commandEvent(edit('E1', 'precio: 12', 'k-ok')));
    socket.sendMessage.mockRejectedValueOnce(new Error('not-acceptable'));
    await task.connector.handleCommands(commandEvent(edit('E2', 'adiós', 'k-refused')));

    expect(socket.sendMessage.mock.calls.map((call) => [call[0], call[1]])).toEqual([
      [customerJid, { text: 'precio: 12', edit: { remoteJid: customerJid, fromMe: true, id: 'E1' } }],
      [customerJid, { text: 'adiós', edit: { remoteJid: customerJid, fromMe: true, id: 'E2' } }],
    ]);
    expect(table.get('C#1', 'REPLY#k-ok')?.reply).toEqual({ type: 'editMessage', edited: true });
    expect(table.get('C#1#MSG#E1', 'MSG')).toMatchObject({
      body: 'precio: 12',
      isEdited: true,
      editedAt: expect.stringMatching(/^2025-03-01T12:00:0/),
      editHistory: [{ body: 'precio: 10', at: sentAt }],
      editIds: ['3EB0EDIT0001'],
    });
    expect(table.get('C#1', 'REPLY#k-refused')?.reply).toEqual({ type: 'error', error: 'ERR_EDIT_WAPP_MSG' });
    expect(table.get('C#1#MSG#E2', 'MSG')).toEqual({
      pk: 'C#1#MSG#E2',
      sk: 'MSG',
      body: 'hola',
      fromMe: true,
      ack: 1,
      createdAt: sentAt,
    });
  });

  it('answers ERR_WAPP_NOT_INITIALIZED when the connection is not connected, and changes nothing', async () => {
    const table = new MemoryTable();
    seedConnection(table, { provider: 'beta', running: false });
    const task = await startTask(table, 'task-a');
    table.put({ pk: 'C#1#MSG#E3', sk: 'MSG', body: 'hola', fromMe: true, ack: 1, createdAt: sentAt });
    await task.connector.handleCommands(commandEvent(edit('E3', 'nuevo', 'k-off')));
    expect(table.get('C#1', 'REPLY#k-off')?.reply).toEqual({ type: 'error', error: 'ERR_WAPP_NOT_INITIALIZED' });
    expect(table.get('C#1#MSG#E3', 'MSG')?.body).toBe('hola');
  });
});

describe('MessageStore.applyEdit', () => {
  it('keeps every replaced text once: a repeated edit id, the same text again or a deleted message change nothing', async () => {
    const table = new MemoryTable();
    const store = new MessageStore(table.client, table.tableName);
    table.put({ pk: 'C#1#MSG#H1', sk: 'MSG', body: 'uno', fromMe: false, ack: 0, createdAt: sentAt });
    const at = (minute: number) => new Date(`2025-03-01T12:0${minute}:00.000Z`);
    await store.applyEdit(1, 'H1', { body: 'dos', at: at(1), editId: '3EB0A1' });
    await store.applyEdit(1, 'H1', { body: 'dos', at: at(2), editId: '3EB0A1' });
    await store.applyEdit(1, 'H1', { body: 'tres', at: at(3), editId: '3EB0A1' });
    await store.applyEdit(1, 'H1', { body: 'tres', at: at(4), editId: '3EB0A2' });
    await store.applyEdit(1, 'H1', { body: 'tres', at: at(5), editId: '3EB0A3' });
    expect(table.get('C#1#MSG#H1', 'MSG')).toMatchObject({
      body: 'tres',
      editedAt: at(4).toISOString(),
      editHistory: [
        { body: 'uno', at: sentAt },
        { body: 'dos', at: at(1).toISOString() },
      ],
      editIds: ['3EB0A1', '3EB0A2'],
    });
    table.put({ pk: 'C#1#MSG#H2', sk: 'MSG', body: '', isDeleted: true, fromMe: false, createdAt: sentAt });
    await store.applyEdit(1, 'H2', { body: 'revivido', at: at(1), editId: '3EB0A4' });
    expect(table.get('C#1#MSG#H2', 'MSG')).toMatchObject({ body: '', isDeleted: true });
    // No such message: nothing is created.
    await store.applyEdit(1, 'NOPE', { body: 'x', at: at(1), editId: '3EB0A5' });
    expect(table.get('C#1#MSG#NOPE', 'MSG')).toBeUndefined();
  });
});

describe("a customer's edit on Baileys", () => {
  const editOf = (wrapperId: string, body: string): WAMessage => ({
    key: { remoteJid: customerJid, fromMe: false, id: wrapperId },
    message: {
      editedMessage: {
        message: {
          protocolMessage: {
            type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
            key: { id: '3EB0ORIGINAL', remoteJid: customerJid, fromMe: false },
            editedMessage: { conversation: body },
          },
        },
      },
    },
    messageTimestamp: 1_740_830_400,
  });

  it('becomes an edit event of the original message carrying the edit id; a redelivery has the same deduplication id', async () => {
    const h = betaHarness();
    await h.session.start();
    await settle(vi);
    h.sockets.last().pair();
    await settle(vi);
    const upsert = { type: 'notify' as const, messages: [editOf('3EB0EDITED01', 'a las 5, no a las 4')] };
    h.sockets.last().emit('messages.upsert', upsert);
    h.sockets.last().emit('messages.upsert', upsert);
    h.sockets.last().emit('messages.upsert', {
      type: 'notify',
      messages: [editOf('3EB0EDITED02', 'a las 6')],
    });
    const events = await h.events();
    expect(events).toEqual([
      expect.objectContaining({ kind: 'edit', messageId: '3EB0ORIGINAL', body: 'a las 5, no a las 4', editId: '3EB0EDITED01' }),
      expect.objectContaining({ kind: 'edit', messageId: '3EB0ORIGINAL', body: 'a las 5, no a las 4', editId: '3EB0EDITED01' }),
      expect.objectContaining({ kind: 'edit', messageId: '3EB0ORIGINAL', body: 'a las 6', editId: '3EB0EDITED02' }),
    ]);
    expect(events.map(deduplicationIdOf)).toEqual(['1:2:3EB0EDITED01', '1:2:3EB0EDITED01', '1:2:3EB0EDITED02']);
  });
});

describe('editMessage on the sandbox', () => {
  async function pairedSandbox() {
    const table = new MemoryTable();
    seedConnection(table);
    const task = await startTask(table, 'task-a');
    const run = async (...commands: Record<string, unknown>[]) => {
      await task.connector.handleCommands(commandEvent(...commands.map((c) => ({ ...ids, ...c }))));
      await settle(vi);
    };
    await run({ type: 'startSession' });
    await run({ type: 'sandboxScan' });
    return { table, run };
  }
  const send = (messageId: string, body: string) => ({
    type: 'sendMessage',
    messageId,
    ticketId: 1,
    to: customer,
    body,
  });
  const outboxOf = (table: MemoryTable) =>
    table.list('C#1', 'SANDBOX#2#OUT#');

  it('shows the edit to the customer; refuses a [no-editar] text and a message the customer never got; not connected', async () => {
    const { table, run } = await pairedSandbox();
    for (const [id, body] of [
      ['S1', 'hola'],
      ['S2', 'precio fijo [no-editar]'],
    ] as const) {
      table.put({ pk: `C#1#MSG#${id}`, sk: 'MSG', body, fromMe: true, ack: 0, createdAt: sentAt });
      await run(send(id, body));
    }
    await run(
      edit('S1', 'hola, Juan', 'e1'),
      edit('S2', 'precio nuevo', 'e2'),
      edit('NEVER', 'x', 'e3'),
    );
    expect(table.get('C#1', 'REPLY#e1')?.reply).toEqual({ type: 'editMessage', edited: true });
    expect(table.get('C#1', 'REPLY#e2')?.reply).toEqual({ type: 'error', error: 'ERR_EDIT_WAPP_MSG' });
    expect(table.get('C#1', 'REPLY#e3')?.reply).toEqual({ type: 'error', error: 'ERR_EDIT_WAPP_MSG' });
    expect(outboxOf(table).map((item) => [item.id, item.body, item.editedAt])).toEqual([
      ['S1', 'hola, Juan', expect.stringMatching(/^2025-03-01T12:00:0/)],
      ['S2', 'precio fijo [no-editar]', undefined],
    ]);
    expect(table.get('C#1#MSG#S1', 'MSG')).toMatchObject({
      body: 'hola, Juan',
      isEdited: true,
      editHistory: [{ body: 'hola', at: sentAt }],
    });
    expect(table.get('C#1#MSG#S2', 'MSG')).toMatchObject({ body: 'precio fijo [no-editar]' });

    await run({ type: 'stopSession' });
    await run(edit('S1', 'otra vez', 'e4'));
    expect(table.get('C#1', 'REPLY#e4')?.reply).toEqual({ type: 'error', error: 'ERR_WAPP_NOT_INITIALIZED' });
  });
});
