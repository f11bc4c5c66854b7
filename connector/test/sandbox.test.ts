import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectorCommandGroup, type ConnectorCommand } from '@atende/shared/entities/connector-command';
import { connection, lease, seedConnection, startTask } from './connector-harness.ts';
import { MemoryTable } from './fakes/memory-table.ts';
import { commandEvent, settle } from './helpers.ts';

const ids = { companyId: 1, whatsappId: 2 };
const customer = '5511999990001';
const customerJid = `${customer}@s.whatsapp.net`;
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2025-03-01T12:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The ids of the messages handed to the inbound queue, in order. */
const idsIn = (task: { inbound: { events(): { kind: string }[] } }) =>
  task.inbound.events().map((e) => ('messageId' in e ? e.messageId : e.kind));

/** A sandbox connection, started (its phone not yet paired). */
async function startedSandbox(table = new MemoryTable()) {
  seedConnection(table);
  const task = await startTask(table, 'task-a');
  const run = async (...commands: Record<string, unknown>[]) => {
    const result = await task.connector.handleCommands(
      commandEvent(...commands.map((c) => ({ ...ids, ...c }))),
    );
    await settle(vi);
    return result;
  };
  expect(await run({ type: 'startSession' })).toEqual({ batchItemFailures: [] });
  return { table, task, run };
}

/** A sandbox connection, started and scanned. */
async function pairedSandbox(table = new MemoryTable()) {
  const started = await startedSandbox(table);
  await started.run({ type: 'sandboxScan' });
  return started;
}

describe('sandbox provider', () => {
  it('startSession shows a sandbox QR and marks the connection running; scan connects it as 5500000000000', async () => {
    const table = new MemoryTable();
    seedConnection(table);
    const { connector } = await startTask(table, 'task-a');
    await connector.handleCommands(commandEvent({ type: 'startSession', ...ids }));
    await settle(vi);
    const waiting = connection(table);
    expect(waiting).toMatchObject({
      status: 'qrcode',
      retries: 0,
      running: 'RUN',
      gsi2pk: 'WAPPS#RUN',
      gsi2sk: 'C#1#W#2',
    });
    expect(waiting?.qrcode).toMatch(/^sandbox:1:2:[0-9a-f]+$/);
    // ElectroDB's own attributes are untouched.
    expect(waiting).toMatchObject({ __edb_e__: 'whatsapp', __edb_v__: '1', name: 'Demo', token: 'token-1' });
    expect(lease(table)).toMatchObject({ holder: 'task-a', fence: 1 });

    await connector.handleCommands(commandEvent({ type: 'sandboxScan', ...ids }));
    await settle(vi);
    const paired = connection(table);
    expect(paired).toMatchObject({ status: 'CONNECTED', number: '5500000000000', retries: 0 });
    expect(paired?.qrcode).toBeUndefined();
    expect(table.get('C#1', 'WSESS#2#creds')).toBeDefined();
  });

  it('a new QR forgets the number of the phone paired before', async () => {
    const { table, run } = await pairedSandbox();
    expect(connection(table)).toMatchObject({ status: 'CONNECTED', number: '5500000000000' });
    await run({ type: 'newQr' });
    expect(connection(table)).toMatchObject({ status: 'qrcode', number: '' });
  });

  it('plays customer messages exactly like real ones: text, redelivery, media, location, contact, call', async () => {
    const { task, run } = await pairedSandbox();
    await run({ type: 'sandboxInbound', from: customer, name: 'Juan', body: 'hola', id: 'IN1' });
    await run({ type: 'sandboxInbound', from: customer, name: 'Juan', body: 'hola', id: 'IN1' });
    await run({
      type: 'sandboxInbound',
      from: customer,
      body: 'mira',
      id: 'IMG1',
      mediaType: 'image',
      data: png.toString('base64'),
      quotedId: 'IN1',
    });
    await run({
      type: 'sandboxInbound',
      from: customer,
      body: '-23.56,-46.65|Loja',
      id: 'LOC1',
      mediaType: 'locationMessage',
    });
    await run({ type: 'sandboxInbound', from: customer, body: 'Ana', id: 'VC1', mediaType: 'vcard' });
    await run({
      type: 'sandboxInbound',
      from: customer,
      body: '',
      id: 'DOC1',
      mediaType: 'application',
      data: Buffer.from('%PDF-1.4').toString('base64'),
      fileName: 'boleto.pdf',
    });
    await run({ type: 'sandboxInbound', from: customer, name: 'Juan', id: 'CALL1', mediaType: 'call_log' });
    await run({ type: 'sandboxInbound', from: '5511999990002', body: 'sin id' });

    const sent = task.inbound.sent;
    expect(sent.map((s) => s.groupId)).toEqual([
      ...Array(7).fill(`1:2:${customerJid}`),
      '1:2:5511999990002@s.whatsapp.net',
    ]);
    expect(sent.slice(0, 7).map((s) => s.deduplicationId)).toEqual([
      '1:2:IN1',
      '1:2:IN1',
      '1:2:IMG1',
      '1:2:LOC1',
      '1:2:VC1',
      '1:2:DOC1',
      '1:2:call:CALL1:offer',
    ]);
    expect(sent[0]!.event).toMatchObject({
      kind: 'message',
      companyId: 1,
      whatsappId: 2,
      chatJid: customerJid,
      isGroup: false,
      messageId: 'IN1',
      fromMe: false,
      type: 'text',
      body: 'hola',
      pushName: 'Juan',
    });
    expect(sent[2]!.event).toMatchObject({
      type: 'image',
      body: 'mira',
      quotedMessageId: 'IN1',
      media: { key: 'c1/w2/IMG1', mimetype: 'image/png', sizeBytes: png.byteLength },
    });
    expect(task.media.objects.get('c1/w2/IMG1')).toEqual({
      bytes: Uint8Array.from(png),
      contentType: 'image/png',
    });
    expect(sent[3]!.event).toMatchObject({
      type: 'location',
      location: { latitude: -23.56, longitude: -46.65, name: 'Loja' },
    });
    expect(sent[4]!.event).toMatchObject({ type: 'vcard', vcards: [expect.stringContaining('FN:Ana')] });
    expect(sent[5]!.event).toMatchObject({
      type: 'document',
      media: { key: 'c1/w2/DOC1', mimetype: 'application/pdf', fileName: 'boleto.pdf' },
    });
    expect(sent[6]!.event).toMatchObject({
      kind: 'call',
      callId: 'CALL1',
      from: customerJid,
      status: 'offer',
    });
    expect(sent[7]!.event).toMatchObject({
      kind: 'message',
      messageId: expect.stringMatching(/^3EB0[0-9A-F]{16}$/),
    });
  });

  it('records what the business sends (the outbox), acks it 1, and turns sandboxAck into ack events', async () => {
    const { table, task, run } = await pairedSandbox();
    table.put({ pk: 'C#1#MSG#IN1', sk: 'MSG', __edb_e__: 'message', body: 'hola', fromMe: false, ack: 0 });
    table.put({
      pk: 'C#1#MSG#OUT1',
      sk: 'MSG',
      __edb_e__: 'message',
      body: '¿En qué ayudo?',
      fromMe: true,
      ack: 0,
    });
    const send = {
      type: 'sendMessage',
      messageId: 'OUT1',
      ticketId: 5,
      to: customer,
      body: '¿En qué ayudo?',
      quotedMessageId: 'IN1',
    };
    await run(send);
    const outbox = table.list('C#1', `SANDBOX#2#OUT#${customer}#`);
    expect(outbox).toEqual([
      expect.objectContaining({
        sk: `SANDBOX#2#OUT#${customer}#OUT1`,
        to: customer,
        id: 'OUT1',
        body: '¿En qué ayudo?',
        quotedId: 'IN1',
        sentAt: '2025-03-01T12:00:00.020Z',
      }),
    ]);
    expect(table.get('C#1#MSG#OUT1', 'MSG')).toMatchObject({ ack: 1, __edb_e__: 'message' });
    // A redelivered command is not sent twice.
    await run(send);
    expect(table.list('C#1', 'SANDBOX#2#OUT#')).toHaveLength(1);
    // Nor when the result was never recorded (a crash after the delivery): like a phone, the
    // sandbox shows a message id once.
    table.put({ ...table.get('C#1#MSG#OUT1', 'MSG')!, ack: 0 });
    await run(send);
    expect(table.list('C#1', 'SANDBOX#2#OUT#')).toHaveLength(1);
    expect(table.get('C#1#MSG#OUT1', 'MSG')).toMatchObject({ ack: 1 });

    await run({ type: 'sandboxAck', id: 'OUT1', ack: 3 });
    expect(task.inbound.sent.at(-1)).toMatchObject({
      groupId: `1:2:${customerJid}`,
      deduplicationId: '1:2:OUT1:ack:3',
      event: { kind: 'ack', messageId: 'OUT1', ack: 3, chatJid: customerJid },
    });
  });

  it('refuses a send to a number starting with 999 (not on WhatsApp): the message gets the send error, the outbox nothing', async () => {
    const { table, run } = await pairedSandbox();
    table.put({ pk: 'C#1#MSG#OUT9', sk: 'MSG', __edb_e__: 'message', body: 'x', fromMe: true, ack: 0 });
    await run({
      type: 'sendMessage',
      messageId: 'OUT9',
      ticketId: 5,
      to: '9995511970000061@s.whatsapp.net',
      body: 'x',
    });
    expect(table.get('C#1#MSG#OUT9', 'MSG')).toMatchObject({ ack: 0, error: 'ERR_SENDING_WAPP_MSG' });
    expect(table.list('C#1', 'SANDBOX#2#OUT#')).toEqual([]);
  });

  it('drop behaves like a lost socket (OPENING, retries on the backoff) until restore; messages meanwhile wait', async () => {
    const { table, task, run } = await pairedSandbox();
    table.put({ pk: 'C#1#MSG#OUT2', sk: 'MSG', body: 'x', fromMe: true, ack: 0 });
    await run({ type: 'sandboxDrop' });
    expect(connection(table)).toMatchObject({ status: 'OPENING', retries: 0 });
    await vi.advanceTimersByTimeAsync(500 + 1000 + 2000);
    await settle(vi);
    expect(connection(table)).toMatchObject({ status: 'OPENING', retries: 3 });

    await run({ type: 'sandboxInbound', from: customer, body: 'estás ahí?', id: 'WAIT1' });
    expect(task.inbound.sent).toHaveLength(0);
    const sending = task.connector.handleCommands(
      commandEvent({ ...ids, type: 'sendMessage', messageId: 'OUT2', ticketId: 5, to: customer, body: 'x' }),
    );
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await sending).toEqual({ batchItemFailures: [] });
    expect(table.get('C#1#MSG#OUT2', 'MSG')).toMatchObject({ ack: 0, error: 'ERR_SENDING_WAPP_MSG' });

    await run({ type: 'sandboxRestore' });
    expect(connection(table)).toMatchObject({ status: 'CONNECTED', retries: 0 });
    expect(task.inbound.sent.map((s) => s.event)).toEqual([
      expect.objectContaining({ messageId: 'WAIT1', body: 'estás ahí?' }),
    ]);
  });

  it('holds a message posted after a drop even when its chat\'s group carries it out before the drop, until the restore', async () => {
    const { task, run } = await pairedSandbox();
    const other = '5511999990002';
    // Posted after drop 1 (stamped by the REST route), carried out before it: the phone holds it.
    await run({ type: 'sandboxInbound', from: other, body: 'después de la caída', id: 'LATE1', heldFor: 1 });
    // A message posted before the drop arrives at once.
    await run({ type: 'sandboxInbound', from: customer, body: 'antes', id: 'EARLY1' });
    expect(idsIn(task)).toEqual(['EARLY1']);
    await run({ type: 'sandboxDrop', drop: 1 });
    await vi.advanceTimersByTimeAsync(5_000);
    await settle(vi);
    expect(idsIn(task)).toEqual(['EARLY1']);
    await run({ type: 'sandboxRestore', drop: 1 });
    expect(idsIn(task)).toEqual(['EARLY1', 'LATE1']);
  });

  it("keeps each chat's order across a drop: a message behind a held one of its chat waits; other chats do not", async () => {
    const { task, run } = await pairedSandbox();
    const other = '5511999990002';
    await run({ type: 'sandboxInbound', from: customer, body: 'uno', id: 'A1', heldFor: 1 });
    // Posted after the restore (no stamp) but carried out before the drop: behind A1, its chat's.
    await run({ type: 'sandboxInbound', from: customer, body: 'dos', id: 'A2' });
    await run({ type: 'sandboxInbound', from: other, body: 'otro', id: 'B1' });
    expect(idsIn(task)).toEqual(['B1']);
    await run({ type: 'sandboxDrop', drop: 1 });
    await run({ type: 'sandboxInbound', from: other, body: 'otro más', id: 'B2' });
    await run({ type: 'sandboxRestore', drop: 1 });
    expect(idsIn(task)).toEqual(['B1', 'A1', 'A2', 'B2']);
    // A message stamped with a drop that is over already arrives at once.
    await run({ type: 'sandboxInbound', from: customer, body: 'tres', id: 'A3', heldFor: 1 });
    expect(idsIn(task)).toEqual(['B1', 'A1', 'A2', 'B2', 'A3']);
  });

  it('a message held for a drop that found the phone unpaired is not held forever', async () => {
    const { task, run } = await startedSandbox();
    await run({ type: 'sandboxInbound', from: customer, body: 'hola', id: 'Q1', heldFor: 1 });
    await run({ type: 'sandboxDrop', drop: 1 });
    await run({ type: 'sandboxScan' });
    await run({ type: 'sandboxInbound', from: customer, body: 'hola otra vez', id: 'Q2', heldFor: 1 });
    // Q1 came while the phone was not paired (ignored, as before); Q2's drop did nothing: it arrives.
    expect(idsIn(task)).toEqual(['Q2']);
  });

  it("carries out two customers' messages side by side, each customer's in order (one FIFO group per chat)", async () => {
    const { task } = await pairedSandbox();
    const other = '5511999990002';
    // The inbound queue answers the first customer's first message only when let go.
    let letGo: () => void = () => undefined;
    const blocked = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    const send = task.inbound.send.bind(task.inbound);
    task.inbound.send = async (message) => {
      if (message.deduplicationId.includes('A1')) await blocked;
      return send(message);
    };
    const commands = [
      { type: 'sandboxInbound', from: customer, body: 'uno', id: 'A1' },
      { type: 'sandboxInbound', from: customer, body: 'dos', id: 'A2' },
      { type: 'sandboxInbound', from: other, body: 'otro', id: 'B1' },
    ].map((c) => ({ ...ids, ...c, commandId: `side-${c.id}` }));
    // Grouped as the REST route groups them.
    const event = {
      Records: commands.map((command) => ({
        messageId: command.commandId,
        body: JSON.stringify(command),
        attributes: { MessageGroupId: connectorCommandGroup(command as ConnectorCommand) },
      })),
    };
    const handled = task.connector.handleCommands(event);
    await settle(vi);
    // B1 is in: it did not wait behind A1; A2 did.
    expect(idsIn(task)).toEqual(['B1']);
    letGo();
    expect(await handled).toEqual({ batchItemFailures: [] });
    await settle(vi);
    expect(idsIn(task)).toEqual(['B1', 'A1', 'A2']);
  });

  it('a drop writes its simulated reason and time once (docs/connector.md, "Disconnect reasons"), not on the retries', async () => {
    const { table, run } = await pairedSandbox();
    await run({ type: 'sandboxDrop', reason: 'replaced' });
    const dropped = connection(table);
    expect(dropped).toMatchObject({ status: 'OPENING', lastDisconnectReason: 'replaced', lastDisconnectAt: expect.any(String) });
    await vi.advanceTimersByTimeAsync(5_000);
    await settle(vi);
    expect(connection(table)).toMatchObject({ status: 'OPENING', retries: expect.any(Number) });
    expect(connection(table)?.retries).toBeGreaterThan(0);
    expect(connection(table)?.lastDisconnectAt).toBe(dropped?.lastDisconnectAt);
    await run({ type: 'sandboxRestore' });
    expect(connection(table)).toMatchObject({ status: 'CONNECTED', lastDisconnectReason: 'replaced' });
  });

  it('a drop as logged-out ends the pairing: DISCONNECTED, not running, credentials gone', async () => {
    const { table, run } = await pairedSandbox();
    await run({ type: 'sandboxDrop', reason: 'logged-out' });
    expect(connection(table)).toMatchObject({ status: 'DISCONNECTED', lastDisconnectReason: 'logged-out' });
    expect(connection(table)?.running).toBeUndefined();
    expect(table.list('C#1', 'WSESS#2#')).toEqual([]);
  });

  it('a QR left to expire ends as TIMEOUT with qr-expired', async () => {
    const table = new MemoryTable();
    seedConnection(table);
    const { connector } = await startTask(table, 'task-a');
    await connector.handleCommands(commandEvent({ type: 'startSession', ...ids }, { type: 'sandboxExpireQr', ...ids }));
    await settle(vi);
    expect(connection(table)).toMatchObject({ status: 'TIMEOUT', lastDisconnectReason: 'qr-expired' });
    expect(connection(table)?.running).toBeUndefined();
  });

  it('a paired sandbox survives a connector restart without a new QR', async () => {
    const { table, task } = await pairedSandbox();
    await task.connector.stop();
    expect(lease(table)?.holder).toBeUndefined();
    const writes = table.sent.length;
    const next = await startTask(table, 'task-b');
    await next.connector.reconcile();
    await settle(vi);
    expect(connection(table)).toMatchObject({ status: 'CONNECTED', number: '5500000000000' });
    expect(lease(table)).toMatchObject({ holder: 'task-b', fence: 2 });
    const statusWrites = table.sent
      .slice(writes)
      .filter((s) => s.name === 'TransactWriteCommand')
      .map((s) => JSON.stringify(s.input));
    expect(statusWrites.some((w) => w.includes('":qrcode"'))).toBe(false);
    expect(statusWrites.length).toBeGreaterThan(0);
    expect(next.connector.status().sessions).toMatchObject([
      { companyId: 1, whatsappId: 2, provider: 'sandbox', status: 'CONNECTED' },
    ]);
  });

  it('stopSession logs out: DISCONNECTED, QR cleared, not running, credentials deleted, lease freed', async () => {
    const { table, task, run } = await pairedSandbox();
    await run({ type: 'stopSession' });
    const stopped = connection(table);
    expect(stopped).toMatchObject({ status: 'DISCONNECTED', __edb_e__: 'whatsapp' });
    expect(stopped?.running).toBeUndefined();
    expect(stopped?.gsi2pk).toBeUndefined();
    expect(stopped?.gsi2sk).toBeUndefined();
    expect(table.list('C#1', 'WSESS#2#')).toEqual([]);
    expect(lease(table)?.holder).toBeUndefined();
    expect(task.connector.status().sessions).toEqual([]);
    // Not running: a reconcile leaves it alone; sandbox commands are ignored.
    await task.connector.reconcile();
    await run({ type: 'sandboxInbound', from: customer, body: 'hola' });
    expect(task.connector.status().sessions).toEqual([]);
    expect(task.inbound.sent).toHaveLength(0);
  });

  it('newQr drops the pairing and shows a new QR', async () => {
    const { table, run } = await pairedSandbox();
    await run({ type: 'newQr' });
    expect(connection(table)).toMatchObject({ status: 'qrcode', running: 'RUN' });
    expect(table.list('C#1', 'WSESS#2#')).toEqual([]);
  });

  it('answers checkNumber and profilePicture under the reply key, expiring in 10 minutes', async () => {
    const { table, run } = await pairedSandbox();
    await run(
      { type: 'checkNumber', number: customer, replyKey: 'r1' },
      { type: 'profilePicture', chat: customer, replyKey: 'r2' },
    );
    expect(table.get('C#1', 'REPLY#r1')).toMatchObject({
      reply: { type: 'checkNumber', exists: true, jid: customerJid },
      expiresAt: Math.floor(Date.now() / 1000) + 600 - 0,
    });
    expect(table.get('C#1', 'REPLY#r2')).toMatchObject({ reply: { type: 'profilePicture', url: null } });
  });

  it('answers deleteMessage under the reply key: deleted, refused for a [no-borrar] text, or not connected', async () => {
    const { table, run } = await pairedSandbox();
    table.put({ pk: 'C#1#MSG#OK1', sk: 'MSG', body: 'hola', fromMe: true, ack: 1 });
    table.put({ pk: 'C#1#MSG#NO1', sk: 'MSG', body: 'precio [no-borrar]', fromMe: true, ack: 1 });
    await run(
      { type: 'deleteMessage', messageId: 'OK1', chat: customer, fromMe: true, replyKey: 'd1' },
      { type: 'deleteMessage', messageId: 'NO1', chat: customer, fromMe: true, replyKey: 'd2' },
    );
    expect(table.get('C#1', 'REPLY#d1')?.reply).toEqual({ type: 'deleteMessage', deleted: true });
    expect(table.get('C#1', 'REPLY#d2')?.reply).toEqual({ type: 'error', error: 'ERR_DELETE_WAPP_MSG' });
    // Marked deleted only when WhatsApp took it.
    expect(table.get('C#1#MSG#OK1', 'MSG')?.isDeleted).toBe(true);
    expect(table.get('C#1#MSG#NO1', 'MSG')?.isDeleted).toBeUndefined();

    await run({ type: 'stopSession' });
    await run({ type: 'deleteMessage', messageId: 'OK1', chat: customer, fromMe: true, replyKey: 'd3' });
    expect(table.get('C#1', 'REPLY#d3')?.reply).toEqual({ type: 'error', error: 'ERR_WAPP_NOT_INITIALIZED' });
  });
});
