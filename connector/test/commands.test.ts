import type { ConnectorCommand } from '@atende/shared/entities/connector-command';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startCommandPoller } from '../src/aws/command-poller.ts';
import type { CommandOutcome } from '../src/commands/dispatch.ts';
import { handleCommandBatch } from '../src/commands/handle-commands.ts';
import { connection, seedConnection, startTask } from './connector-harness.ts';
import { MemoryTable } from './fakes/memory-table.ts';
import { commandEvent, memoryLogger, settle } from './helpers.ts';

const ids = { companyId: 1, whatsappId: 2 };

describe('command batches (FIFO partial-batch semantics)', () => {
  it('keeps each connection in order: a failure reports it and the rest of its group; other groups go on', async () => {
    const handled: string[] = [];
    const dispatch = async (command: ConnectorCommand): Promise<CommandOutcome> => {
      handled.push(command.commandId);
      if (command.commandId === 'b1') throw new Error('table unavailable');
      return command.commandId === 'c1' ? 'retry' : 'done';
    };
    const event = {
      Records: [
        {
          messageId: 'm1',
          body: JSON.stringify({ type: 'markRead', ...ids, commandId: 'a1', chat: 'x', messageIds: ['1'] }),
          attributes: { MessageGroupId: '2' },
        },
        {
          messageId: 'm2',
          body: JSON.stringify({ type: 'newQr', companyId: 1, whatsappId: 3, commandId: 'b1' }),
          attributes: { MessageGroupId: '3' },
        },
        {
          messageId: 'm3',
          body: JSON.stringify({ type: 'startSession', ...ids, commandId: 'a2' }),
          attributes: { MessageGroupId: '2' },
        },
        {
          messageId: 'm4',
          body: JSON.stringify({ type: 'stopSession', companyId: 1, whatsappId: 3, commandId: 'b2' }),
          attributes: { MessageGroupId: '3' },
        },
        { messageId: 'm5', body: 'not json', attributes: { MessageGroupId: '4' } },
        {
          messageId: 'm6',
          body: JSON.stringify({ type: 'startSession', companyId: 1, whatsappId: 5, commandId: 'c1' }),
          attributes: { MessageGroupId: '5' },
        },
        {
          messageId: 'm7',
          body: JSON.stringify({ type: 'unknown', ...ids, commandId: 'a3' }),
          attributes: { MessageGroupId: '2' },
        },
      ],
    };
    const log = memoryLogger();
    const result = await handleCommandBatch(event, dispatch, log);
    expect(result.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(['m2', 'm4', 'm6']);
    expect(handled.sort()).toEqual(['a1', 'a2', 'b1', 'c1']);
    expect(log.entries.filter((e) => e.message === 'invalid connector command dropped')).toHaveLength(2);
  });

  it('says which command held its group for 5 s or more, and no other', async () => {
    vi.useFakeTimers({ toFake: ['performance', 'setTimeout'] });
    try {
      const dispatch = (command: ConnectorCommand): Promise<CommandOutcome> =>
        new Promise((resolve) => setTimeout(() => resolve('done'), command.commandId === 'slow' ? 6_000 : 10));
      const record = (messageId: string, commandId: string, group: string) => ({
        messageId,
        body: JSON.stringify({ type: 'stopSession', ...ids, commandId }),
        attributes: { MessageGroupId: group },
      });
      const log = memoryLogger();
      const handled = handleCommandBatch({ Records: [record('m1', 'slow', 'a'), record('m2', 'quick', 'b')] }, dispatch, log);
      await vi.advanceTimersByTimeAsync(6_000);
      expect((await handled).batchItemFailures).toEqual([]);
      const slow = log.entries.filter((entry) => entry.message === 'connector command slow');
      expect(slow).toHaveLength(1);
      expect(slow[0]).toMatchObject({ level: 'warn', data: { type: 'stopSession', outcome: 'done', tookMs: 6_000 } });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('commands against the table', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2025-03-01T12:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a connection that does not run: replies say so, sends are marked failed, nothing is started', async () => {
    const table = new MemoryTable();
    seedConnection(table, { provider: 'sandbox', running: false });
    table.put({ pk: 'C#1#MSG#M1', sk: 'MSG', ack: 0, fromMe: true, body: 'x' });
    const { connector } = await startTask(table, 'task-a');
    const result = await connector.handleCommands(
      commandEvent(
        { ...ids, type: 'checkNumber', number: '5511999990001', replyKey: 'k1' },
        { ...ids, type: 'sendMessage', messageId: 'M1', ticketId: 1, to: '5511999990001', body: 'x' },
        { ...ids, type: 'markRead', chat: '5511999990001', messageIds: ['A'] },
      ),
    );
    expect(result).toEqual({ batchItemFailures: [] });
    expect(table.get('C#1', 'REPLY#k1')).toMatchObject({
      reply: { type: 'error', error: 'ERR_WAPP_NOT_INITIALIZED' },
    });
    expect(table.get('C#1#MSG#M1', 'MSG')).toMatchObject({ error: 'ERR_SENDING_WAPP_MSG', ack: 0 });
    expect(connector.status().sessions).toEqual([]);
  });

  it('commands for a deleted connection are dropped without creating items', async () => {
    const table = new MemoryTable();
    const { connector } = await startTask(table, 'task-a');
    const result = await connector.handleCommands(
      commandEvent(
        { ...ids, type: 'startSession' },
        { ...ids, type: 'stopSession' },
        { ...ids, type: 'sendMessage', messageId: 'M9', ticketId: 1, to: '1234567890', body: 'x' },
      ),
    );
    expect(result).toEqual({ batchItemFailures: [] });
    expect(connection(table)).toBeUndefined();
    expect(table.get('C#1#MSG#M9', 'MSG')).toBeUndefined();
  });

  it('beta: sends text and media with our id and the quote, marks it sent; checkNumber and profilePicture reply', async () => {
    const table = new MemoryTable();
    seedConnection(table, { provider: 'beta', running: true });
    table.put({ pk: 'C#1#MSG#Q1', sk: 'MSG', body: 'pedido 42', fromMe: false, ack: 0 });
    table.put({
      pk: 'C#1#MSG#OUT1',
      sk: 'MSG',
      body: 'listo',
      fromMe: true,
      ack: 0,
      error: 'ERR_SENDING_WAPP_MSG',
    });
    const task = await startTask(table, 'task-a');
    await task.connector.reconcile();
    await settle(vi);
    task.sockets.last().pair();
    await settle(vi);
    const socket = task.sockets.last();
    await task.media.put('c1/w2/doc', Uint8Array.from([1, 2, 3]), 'application/pdf');
    const result = await task.connector.handleCommands(
      commandEvent(
        {
          ...ids,
          type: 'sendMessage',
          messageId: 'OUT1',
          ticketId: 1,
          to: '5511999990001',
          body: 'listo',
          quotedMessageId: 'Q1',
        },
        {
          ...ids,
          type: 'sendMessage',
          messageId: 'OUT2',
          ticketId: 1,
          to: '5511999990001',
          body: 'boleto',
          media: { key: 'c1/w2/doc', mimetype: 'application/pdf', fileName: 'boleto.pdf' },
        },
        { ...ids, type: 'checkNumber', number: '5511999990001', replyKey: 'k1' },
        { ...ids, type: 'profilePicture', chat: '5511999990001', replyKey: 'k2' },
        { ...ids, type: 'rejectCall', callId: 'CALL1', from: '5511999990001@s.whatsapp.net' },
        { ...ids, type: 'deleteMessage', messageId: 'OUT1', chat: '5511999990001', fromMe: true },
      ),
    );
    expect(result).toEqual({ batchItemFailures: [] });
    const [first, second, third] = socket.sendMessage.mock.calls;
    expect(first![0]).toBe('5511999990001@s.whatsapp.net');
    expect(first![1]).toEqual({ text: 'listo' });
    expect(first![2]).toMatchObject({
      messageId: 'OUT1',
      quoted: {
        key: { id: 'Q1', fromMe: false, remoteJid: '5511999990001@s.whatsapp.net' },
        message: { conversation: 'pedido 42' },
      },
    });
    expect(second![1]).toMatchObject({
      document: Buffer.from([1, 2, 3]),
      mimetype: 'application/pdf',
      fileName: 'boleto.pdf',
      caption: 'boleto',
    });
    expect(second![2]).toEqual({ messageId: 'OUT2' });
    expect(third![1]).toEqual({
      delete: { remoteJid: '5511999990001@s.whatsapp.net', fromMe: true, id: 'OUT1' },
    });
    const sent = table.get('C#1#MSG#OUT1', 'MSG');
    expect(sent).toMatchObject({ ack: 1 });
    expect(sent?.error).toBeUndefined();
    expect(table.get('C#1', 'REPLY#k1')?.reply).toEqual({
      type: 'checkNumber',
      exists: true,
      jid: '5511999990001@s.whatsapp.net',
    });
    expect(table.get('C#1', 'REPLY#k2')?.reply).toEqual({
      type: 'profilePicture',
      url: 'https://pps.whatsapp.net/pic.jpg',
    });
    expect(socket.rejectCall).toHaveBeenCalledWith('CALL1', '5511999990001@s.whatsapp.net');
  });

  it('beta: a send that fails is marked ERR_SENDING_WAPP_MSG; an ack already raised by a receipt is kept', async () => {
    const table = new MemoryTable();
    seedConnection(table, { provider: 'beta', running: true });
    table.put({ pk: 'C#1#MSG#F1', sk: 'MSG', body: 'x', fromMe: true, ack: 0 });
    const task = await startTask(table, 'task-a');
    await task.connector.reconcile();
    await settle(vi);
    task.sockets.last().pair();
    await settle(vi);
    task.sockets.last().sendMessage.mockRejectedValueOnce(new Error('not-acceptable'));
    await task.connector.handleCommands(
      commandEvent({
        ...ids,
        type: 'sendMessage',
        messageId: 'F1',
        ticketId: 1,
        to: '5511999990001',
        body: 'x',
      }),
    );
    expect(table.get('C#1#MSG#F1', 'MSG')).toMatchObject({ ack: 0, error: 'ERR_SENDING_WAPP_MSG' });
  });

  it('beta: a delete with a reply key answers deleted when WhatsApp took it and ERR_DELETE_WAPP_MSG when it refused', async () => {
    const table = new MemoryTable();
    seedConnection(table, { provider: 'beta', running: true });
    const task = await startTask(table, 'task-a');
    await task.connector.reconcile();
    await settle(vi);
    task.sockets.last().pair();
    await settle(vi);
    const socket = task.sockets.last();
    table.put({ pk: 'C#1#MSG#D1', sk: 'MSG', body: 'uno', fromMe: true, ack: 1 });
    table.put({ pk: 'C#1#MSG#D2', sk: 'MSG', body: 'dos', fromMe: true, ack: 1 });
    const remove = { ...ids, type: 'deleteMessage' as const, chat: '5511999990001', fromMe: true };
    await task.connector.handleCommands(commandEvent({ ...remove, messageId: 'D1', replyKey: 'k-ok' }));
    socket.sendMessage.mockRejectedValueOnce(new Error('forbidden'));
    await task.connector.handleCommands(commandEvent({ ...remove, messageId: 'D2', replyKey: 'k-refused' }));
    expect(socket.sendMessage.mock.calls.map((call) => call[1])).toEqual([
      { delete: { remoteJid: '5511999990001@s.whatsapp.net', fromMe: true, id: 'D1' } },
      { delete: { remoteJid: '5511999990001@s.whatsapp.net', fromMe: true, id: 'D2' } },
    ]);
    expect(table.get('C#1', 'REPLY#k-ok')?.reply).toEqual({ type: 'deleteMessage', deleted: true });
    expect(table.get('C#1#MSG#D1', 'MSG')).toMatchObject({ isDeleted: true });
    expect(table.get('C#1#MSG#D2', 'MSG')?.isDeleted).toBeUndefined();
    expect(table.get('C#1', 'REPLY#k-refused')?.reply).toEqual({
      type: 'error',
      error: 'ERR_DELETE_WAPP_MSG',
    });
  });
});

describe('a send redelivered while its first run is still at work', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2025-03-01T12:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const send = (messageId: string) =>
    commandEvent({
      ...ids,
      type: 'sendMessage',
      messageId,
      ticketId: 1,
      to: '5511999990001',
      body: 'una vez',
    });

  async function connectedBeta(table: MemoryTable) {
    seedConnection(table, { provider: 'beta', running: true });
    const task = await startTask(table, 'task-a');
    await task.connector.reconcile();
    await settle(vi);
    task.sockets.last().pair();
    await settle(vi);
    return task;
  }

  it('waits while the first run sends, then finds it sent: WhatsApp gets it once', async () => {
    const table = new MemoryTable();
    table.put({ pk: 'C#1#MSG#R1', sk: 'MSG', body: 'una vez', fromMe: true, ack: 0 });
    const task = await connectedBeta(table);
    const socket = task.sockets.last();
    let finish!: () => void;
    socket.sendMessage.mockImplementationOnce(
      () => new Promise((resolve) => (finish = () => resolve(undefined))),
    );
    // The first run is inside the provider call (a slow batch received again by another poller).
    const first = task.connector.handleCommands(send('R1'));
    await settle(vi);
    expect(socket.sendMessage).toHaveBeenCalledTimes(1);

    let second: Awaited<typeof first> | undefined;
    const redelivered = task.connector.handleCommands(send('R1')).then((result) => (second = result));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(second, 'the redelivery waits for the first run').toBeUndefined();
    expect(socket.sendMessage).toHaveBeenCalledTimes(1);

    finish();
    expect(await first).toEqual({ batchItemFailures: [] });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await redelivered).toEqual({ batchItemFailures: [] });
    expect(socket.sendMessage).toHaveBeenCalledTimes(1);
    expect(table.get('C#1#MSG#R1', 'MSG')).toMatchObject({ ack: 1 });
    expect(table.get('C#1#MSG#R1', 'MSG')?.sendClaimUntil).toBeUndefined();
  });

  it('sends once the claim of a run that died lapses', async () => {
    const table = new MemoryTable();
    table.put({
      pk: 'C#1#MSG#R4',
      sk: 'MSG',
      body: 'una vez',
      fromMe: true,
      ack: 0,
      sendClaimUntil: Date.now() + 10_000,
    });
    const task = await connectedBeta(table);
    const socket = task.sockets.last();
    let result: unknown;
    const redelivered = task.connector.handleCommands(send('R4')).then((value) => (result = value));
    await vi.advanceTimersByTimeAsync(9_000);
    expect(result).toBeUndefined();
    expect(socket.sendMessage).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await redelivered).toEqual({ batchItemFailures: [] });
    expect(socket.sendMessage).toHaveBeenCalledTimes(1);
    expect(table.get('C#1#MSG#R4', 'MSG')).toMatchObject({ ack: 1 });
  });

  it('is sent when the claim it finds has lapsed (its first run died between the claim and the result)', async () => {
    const table = new MemoryTable();
    table.put({
      pk: 'C#1#MSG#R2',
      sk: 'MSG',
      body: 'una vez',
      fromMe: true,
      ack: 0,
      sendClaimUntil: Date.now() - 1,
    });
    const task = await connectedBeta(table);
    expect(await task.connector.handleCommands(send('R2'))).toEqual({ batchItemFailures: [] });
    expect(task.sockets.last().sendMessage).toHaveBeenCalledTimes(1);
    // With our id: the phone drops a second copy of an id it already has.
    expect(task.sockets.last().sendMessage.mock.calls[0]![2]).toEqual({ messageId: 'R2' });
    expect(table.get('C#1#MSG#R2', 'MSG')).toMatchObject({ ack: 1 });
  });

  it('a failed send gives its claim back, so a resend may go at once', async () => {
    const table = new MemoryTable();
    table.put({ pk: 'C#1#MSG#R3', sk: 'MSG', body: 'una vez', fromMe: true, ack: 0 });
    const task = await connectedBeta(table);
    task.sockets.last().sendMessage.mockRejectedValueOnce(new Error('not-acceptable'));
    await task.connector.handleCommands(send('R3'));
    expect(table.get('C#1#MSG#R3', 'MSG')).toMatchObject({ error: 'ERR_SENDING_WAPP_MSG' });
    expect(table.get('C#1#MSG#R3', 'MSG')?.sendClaimUntil).toBeUndefined();
    await task.connector.handleCommands(send('R3'));
    expect(table.get('C#1#MSG#R3', 'MSG')).toMatchObject({ ack: 1 });
    expect(task.sockets.last().sendMessage).toHaveBeenCalledTimes(2);
  });
});

describe('inbound emission never loses an event', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2025-03-01T12:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('retries with backoff, spooling the event in the table until the queue takes it', async () => {
    const table = new MemoryTable();
    seedConnection(table);
    const task = await startTask(table, 'task-a');
    const run = (command: Record<string, unknown>) =>
      task.connector.handleCommands(commandEvent({ ...ids, ...command }));
    await run({ type: 'startSession' });
    await run({ type: 'sandboxScan' });
    task.inbound.failNext(3);
    // A sandbox message's command is done once its event is queued: it waits out the retries.
    const first = run({ type: 'sandboxInbound', from: '5511999990001', body: 'uno', id: 'S1' });
    await settle(vi);
    const second = run({ type: 'sandboxInbound', from: '5511999990001', body: 'dos', id: 'S2' });
    await settle(vi);
    expect(task.inbound.sent).toHaveLength(0);
    expect(table.list('C#1', 'WSPOOL#2#')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await first).toEqual({ batchItemFailures: [] });
    expect(await second).toEqual({ batchItemFailures: [] });
    expect(task.inbound.sent.map((s) => s.event)).toMatchObject([{ messageId: 'S1' }, { messageId: 'S2' }]);
    expect(table.list('C#1', 'WSPOOL#2#')).toEqual([]);
  });

  it('what could not be queued before a stop is replayed, in order, by the next task', async () => {
    const table = new MemoryTable();
    seedConnection(table);
    const task = await startTask(table, 'task-a');
    const run = (command: Record<string, unknown>) =>
      task.connector.handleCommands(commandEvent({ ...ids, ...command }));
    await run({ type: 'startSession' });
    await run({ type: 'sandboxScan' });
    task.inbound.failNext(1_000);
    const first = run({ type: 'sandboxInbound', from: '5511999990001', body: 'uno', id: 'R1' });
    await settle(vi);
    const second = run({ type: 'sandboxInbound', from: '5511999990002', body: 'dos', id: 'R2' });
    await settle(vi);
    const stopping = task.connector.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    await stopping;
    // Left in the spool for the next holder: the commands are done.
    expect(await first).toEqual({ batchItemFailures: [] });
    expect(await second).toEqual({ batchItemFailures: [] });
    expect(table.list('C#1', 'WSPOOL#2#').map((item) => item.deduplicationId)).toEqual(['1:2:R1', '1:2:R2']);

    const next = await startTask(table, 'task-b');
    await next.connector.reconcile();
    await settle(vi);
    expect(next.inbound.sent.map((s) => s.deduplicationId)).toEqual(['1:2:R1', '1:2:R2']);
    expect(table.list('C#1', 'WSPOOL#2#')).toEqual([]);
  });
});

describe('the Fargate command poller', () => {
  it('deletes what succeeded and leaves the failures for redelivery', async () => {
    const sent: { name: string; input: Record<string, unknown> }[] = [];
    let receives = 0;
    const sqs = {
      send: vi.fn(async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
        sent.push({ name: command.constructor.name, input: command.input });
        if (command.constructor.name === 'ReceiveMessageCommand') {
          receives += 1;
          if (receives === 1) {
            return {
              Messages: [
                { MessageId: 'a', ReceiptHandle: 'ra', Body: '{}', Attributes: { MessageGroupId: '2' } },
                { MessageId: 'b', ReceiptHandle: 'rb', Body: '{}', Attributes: { MessageGroupId: '3' } },
              ],
            };
          }
          await new Promise((resolve) => setTimeout(resolve, 20));
          return { Messages: [] };
        }
        return {};
      }),
    };
    const handle = vi.fn(async () => ({ batchItemFailures: [{ itemIdentifier: 'b' }] }));
    const poller = startCommandPoller({
      sqs: sqs as never,
      queueUrl: 'https://sqs/q.fifo',
      handle,
      log: memoryLogger(),
      pollers: 1,
    });
    await vi.waitFor(() => expect(sent.some((s) => s.name === 'DeleteMessageBatchCommand')).toBe(true));
    await poller.stop();
    expect(sent[0]).toMatchObject({
      name: 'ReceiveMessageCommand',
      input: { QueueUrl: 'https://sqs/q.fifo', MaxNumberOfMessages: 10, WaitTimeSeconds: 20 },
    });
    expect(handle.mock.calls[0]).toEqual([
      {
        Records: [
          expect.objectContaining({ messageId: 'a', attributes: { MessageGroupId: '2' } }),
          expect.objectContaining({ messageId: 'b' }),
        ],
      },
    ]);
    expect(sent.find((s) => s.name === 'DeleteMessageBatchCommand')?.input).toEqual({
      QueueUrl: 'https://sqs/q.fifo',
      Entries: [{ Id: '0', ReceiptHandle: 'ra' }],
    });
  });

  it('keeps a slow batch invisible while it works on it, up to its longest time, and no longer after', async () => {
    const sent: { name: string; input: Record<string, unknown>; at: number }[] = [];
    let receives = 0;
    const sqs = {
      send: vi.fn(async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
        sent.push({ name: command.constructor.name, input: command.input, at: Date.now() });
        if (command.constructor.name === 'ReceiveMessageCommand') {
          receives += 1;
          if (receives === 1)
            return {
              Messages: [
                { MessageId: 'a', ReceiptHandle: 'ra', Body: '{}', Attributes: { MessageGroupId: '2' } },
              ],
            };
          await new Promise((resolve) => setTimeout(resolve, 20));
          return { Messages: [] };
        }
        return {};
      }),
    };
    let handledAt = 0;
    let handlingFrom = 0;
    const handle = vi.fn(async () => {
      handlingFrom = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      handledAt = Date.now();
      return { batchItemFailures: [] };
    });
    const poller = startCommandPoller({
      sqs: sqs as never,
      queueUrl: 'https://sqs/q.fifo',
      handle,
      log: memoryLogger(),
      pollers: 1,
      visibilityTimeoutSeconds: 0.2,
      maxBatchSeconds: 0.8,
    });
    await vi.waitFor(() => expect(sent.some((s) => s.name === 'DeleteMessageBatchCommand')).toBe(true), {
      timeout: 10_000,
    });
    await poller.stop();
    const renewals = sent.filter((s) => s.name === 'ChangeMessageVisibilityBatchCommand');
    expect(renewals.length).toBeGreaterThan(0);
    expect(renewals[0]!.input).toEqual({
      QueueUrl: 'https://sqs/q.fifo',
      Entries: [{ Id: '0', ReceiptHandle: 'ra', VisibilityTimeout: 0.2 }],
    });
    // None that would reach past the longest time (counted from before the handling began), none
    // after the batch was done.
    for (const renewal of renewals) {
      expect(renewal.at + 200).toBeLessThanOrEqual(handlingFrom + 800 + 20);
      expect(renewal.at).toBeLessThanOrEqual(handledAt);
    }
  });
});
