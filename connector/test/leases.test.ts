import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connection, lease, seedConnection, startTask } from './connector-harness.ts';
import { boom, type FakeSocket } from './fakes/fake-socket.ts';
import { MemoryTable } from './fakes/memory-table.ts';
import { commandEvent, settle } from './helpers.ts';

const ids = { companyId: 1, whatsappId: 2 };

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2025-03-01T12:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Two tasks on one table and a running beta connection that task A runs, paired and CONNECTED. */
async function twoTasks() {
  const table = new MemoryTable();
  seedConnection(table, { provider: 'beta', running: true });
  const a = await startTask(table, 'task-a');
  const b = await startTask(table, 'task-b');
  await a.connector.reconcile();
  await settle(vi);
  expect(connection(table)?.status).toBe('qrcode');
  a.sockets.last().pair();
  await settle(vi);
  expect(connection(table)).toMatchObject({ status: 'CONNECTED', number: '5511900000000' });
  return { table, a, b };
}

/** The message ids a fake socket was given to send (text and media, or relayed menus). */
const sentIdsOf = (socket: FakeSocket) =>
  [...socket.sendMessage.mock.calls, ...socket.relayMessage.mock.calls].map(
    (call) => (call[2] as { messageId?: string } | undefined)?.messageId,
  );

const running = (...tasks: Awaited<ReturnType<typeof startTask>>[]) =>
  tasks.reduce((count, task) => count + task.connector.status().sessions.length, 0);

describe('leases: one session, one task', () => {
  it('only one of two tasks reconciling at once opens the session', async () => {
    const table = new MemoryTable();
    seedConnection(table, { provider: 'beta', running: true });
    const a = await startTask(table, 'task-a');
    const b = await startTask(table, 'task-b');
    await Promise.all([a.connector.reconcile(), b.connector.reconcile()]);
    await settle(vi);
    expect(running(a, b)).toBe(1);
    expect(a.sockets.sockets.length + b.sockets.sockets.length).toBe(1);
    expect(lease(table)).toMatchObject({ fence: 1 });
  });

  it('a live holder keeps it: the other task leaves it alone while the lease is renewed', async () => {
    const { table, a, b } = await twoTasks();
    for (let i = 0; i < 6; i += 1) {
      await vi.advanceTimersByTimeAsync(10_000);
      await a.connector.renewLeases();
      await b.connector.reconcile();
    }
    expect(a.connector.status().sessions).toHaveLength(1);
    expect(b.connector.status().sessions).toHaveLength(0);
    expect(b.sockets.sockets).toHaveLength(0);
    expect(lease(table)).toMatchObject({ holder: 'task-a', fence: 1 });
  });

  it('when the holder stops renewing, the other takes over after expiry and resumes without a QR', async () => {
    const { table, a, b } = await twoTasks();
    // Task A is frozen (no renewals). Before expiry B may not take it…
    await vi.advanceTimersByTimeAsync(20_000);
    await b.connector.reconcile();
    expect(b.connector.status().sessions).toHaveLength(0);
    // …after it, B takes it with a higher fence and resumes from the stored credentials.
    await vi.advanceTimersByTimeAsync(15_000);
    await b.connector.reconcile();
    await settle(vi);
    expect(lease(table)).toMatchObject({ holder: 'task-b', fence: 2 });
    expect(b.connector.status().sessions).toMatchObject([{ status: 'CONNECTED', fence: 2 }]);
    expect(connection(table)).toMatchObject({ status: 'CONNECTED' });
    expect(b.sockets.last().config.auth.creds.me?.id).toBe('5511900000000:7@s.whatsapp.net');

    // A wakes up: its renewal is refused and it stops at once, without logging out.
    const stale = a.sockets.last();
    await a.connector.renewLeases();
    expect(a.connector.status().sessions).toHaveLength(0);
    await settle(vi);
    expect(stale.ended).toBe(true);
    expect(stale.loggedOut).toBe(false);
    expect(running(a, b)).toBe(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(a.sockets.sockets).toHaveLength(2);
  });

  it("fencing rejects the stale task's credential and status writes, and stops its session", async () => {
    const { table, a, b } = await twoTasks();
    await vi.advanceTimersByTimeAsync(35_000);
    await b.connector.reconcile();
    await settle(vi);
    const credsBefore = table.get('C#1', 'WSESS#2#creds');
    const statusBefore = connection(table);

    // The stale socket still produces key and creds updates before A notices anything.
    const stale = a.sockets.last();
    await expect(
      stale.config.auth.keys.set({
        'pre-key': { '500': { public: new Uint8Array(32), private: new Uint8Array(32) } },
      }),
    ).rejects.toThrow();
    stale.config.auth.creds.nextPreKeyId = 12345;
    stale.emit('creds.update', { nextPreKeyId: 12345 });
    stale.drop(428);
    await settle(vi);

    expect(table.get('C#1', 'WSESS#2#pre-key#500')).toBeUndefined();
    expect(table.get('C#1', 'WSESS#2#creds')).toEqual(credsBefore);
    expect(connection(table)).toEqual(statusBefore);
    expect(a.connector.status().sessions).toHaveLength(0);
    expect(stale.loggedOut).toBe(false);
    expect(lease(table)).toMatchObject({ holder: 'task-b', fence: 2 });
  });

  it('renewal errors that outlast the lease stop the session (its ownership is no longer certain)', async () => {
    const { table, a } = await twoTasks();
    for (let i = 0; i < 3; i += 1) {
      table.failNext(
        (name, input) => name === 'UpdateCommand' && JSON.stringify(input).includes('WLEASE'),
        new Error('network'),
      );
      await vi.advanceTimersByTimeAsync(10_000);
      await a.connector.renewLeases();
    }
    expect(a.connector.status().sessions).toHaveLength(0);
    expect(a.sockets.last().loggedOut).toBe(false);
  });

  it('commands for a connection another live task holds are relayed to it and carried out there, in order', async () => {
    const { table, a, b } = await twoTasks();
    table.put({ pk: 'C#1', sk: 'WAPP#3', provider: 'sandbox', status: 'DISCONNECTED' });
    const send = (messageId: string) => ({
      ...ids,
      type: 'sendMessage',
      messageId,
      ticketId: 1,
      to: '5511999990001',
      body: messageId,
    });
    const relayedIds = () =>
      table.list('C#1', 'WRELAY#2#').map((item) => (item.command as { messageId: string }).messageId);
    const handled = b.connector.handleCommands(
      commandEvent(send('M1'), send('M2'), { companyId: 1, whatsappId: 3, type: 'startSession' }),
    );
    await settle(vi);
    // M1 relayed to A and kept in hand until A has sent it, so M2 (its chat's next) waits.
    expect(relayedIds()).toEqual(['M1']);
    expect(table.get('WDOORBELL#task-a', 'DOORBELL')?.sessions).toEqual(new Set(['1:2']));
    // The other connection's command went through.
    expect(table.get('C#1', 'WAPP#3')).toMatchObject({ status: 'qrcode', running: 'RUN' });
    await a.connector.pollRelays();
    await vi.advanceTimersByTimeAsync(600);
    expect(relayedIds()).toEqual(['M2']);
    await a.connector.pollRelays();
    await vi.advanceTimersByTimeAsync(600);
    // Relayed, they leave the queue: nothing comes back to B (or to a third task) again and again.
    expect(await handled).toEqual({ batchItemFailures: [] });
    const socket = a.sockets.last();
    const sentIds = sentIdsOf(socket);
    expect(sentIds).toEqual(['M1', 'M2']);
    expect(relayedIds()).toEqual([]);
    expect(table.get('WDOORBELL#task-a', 'DOORBELL')?.sessions).toBeUndefined();
    expect(b.sockets.sockets).toHaveLength(0);
    // startSession for a session already running elsewhere is done (it runs).
    expect(await b.connector.handleCommands(commandEvent({ ...ids, type: 'startSession' }))).toEqual({
      batchItemFailures: [],
    });
    expect(b.connector.status().sessions.map((s) => s.whatsappId)).toEqual([3]);
  });

  it('a command relayed to a task that went away is carried out by the next holder', async () => {
    const { table, a, b } = await twoTasks();
    const send = (messageId: string) =>
      commandEvent({
        ...ids,
        type: 'sendMessage',
        messageId,
        ticketId: 1,
        to: '5511999990001',
        body: messageId,
      });
    const handled = b.connector.handleCommands(send('M1'));
    await settle(vi);
    expect(table.list('C#1', 'WRELAY#2#')).toHaveLength(1);
    // A dies before answering its doorbell; its lease expires and B takes the session over.
    await vi.advanceTimersByTimeAsync(31_000);
    await b.connector.renewLeases();
    await b.connector.reconcile();
    await settle(vi);
    expect(b.connector.status().sessions.map((s) => s.whatsappId)).toEqual([2]);
    await b.connector.pollRelays();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await handled).toEqual({ batchItemFailures: [] });
    const socket = b.sockets.last();
    const sentIds = sentIdsOf(socket);
    expect(sentIds).toEqual(['M1']);
    expect(a.sockets.last().sendMessage).not.toHaveBeenCalled();
    expect(table.list('C#1', 'WRELAY#2#')).toEqual([]);
  });

  it('stop() closes the sockets without logging out and frees the leases for the next task at once', async () => {
    const { table, a, b } = await twoTasks();
    const socket = a.sockets.last();
    await a.connector.stop();
    expect(socket.ended).toBe(true);
    expect(socket.loggedOut).toBe(false);
    expect(lease(table)?.holder).toBeUndefined();
    await b.connector.reconcile();
    await settle(vi);
    expect(b.connector.status().sessions).toMatchObject([{ status: 'CONNECTED', fence: 2 }]);
  });
});

describe('session endings through the manager', () => {
  it('a logout by the phone: DISCONNECTED, credentials cleared, not running, lease freed', async () => {
    const { table, a } = await twoTasks();
    a.sockets.last().drop(401);
    await settle(vi, 20);
    const item = connection(table);
    expect(item).toMatchObject({ status: 'DISCONNECTED', retries: 0 });
    expect(item?.gsi2pk).toBeUndefined();
    expect(item?.running).toBeUndefined();
    expect(table.list('C#1', 'WSESS#2#')).toEqual([]);
    expect(lease(table)?.holder).toBeUndefined();
    expect(a.connector.status().sessions).toEqual([]);
    await a.connector.reconcile();
    expect(a.connector.status().sessions).toEqual([]);
  });

  it('QR never scanned: TIMEOUT, not running any more, lease freed', async () => {
    const table = new MemoryTable();
    seedConnection(table, { provider: 'beta', running: true });
    const a = await startTask(table, 'task-a');
    a.sockets.autoplay = false;
    await a.connector.reconcile();
    const socket = a.sockets.last();
    socket.emit('connection.update', { qr: 'qr-1' });
    void socket.end(boom(408, 'QR refs attempts ended'));
    await settle(vi, 20);
    expect(connection(table)).toMatchObject({ status: 'TIMEOUT' });
    expect(connection(table)?.gsi2pk).toBeUndefined();
    expect(lease(table)?.holder).toBeUndefined();
    expect(a.connector.status().sessions).toEqual([]);
  });

  it('stopSession on a live beta session logs the device out', async () => {
    const { table, a } = await twoTasks();
    const socket = a.sockets.last();
    await a.connector.handleCommands(commandEvent({ ...ids, type: 'stopSession' }));
    await settle(vi);
    expect(socket.loggedOut).toBe(true);
    expect(connection(table)).toMatchObject({ status: 'DISCONNECTED' });
    expect(table.list('C#1', 'WSESS#2#')).toEqual([]);
  });

  it('a held session whose connection was deleted (stopSession lost) is logged out by the reconcile', async () => {
    const { table, a } = await twoTasks();
    const socket = a.sockets.last();
    table.items.delete('C#1\u0000WAPP#2');
    await a.connector.reconcile();
    expect(socket.loggedOut).toBe(true);
    expect(table.list('C#1', 'WSESS#2#')).toEqual([]);
    expect(a.connector.status().sessions).toEqual([]);
  });
});

describe('sharding: tasks share the sessions', () => {
  it('a task above its share hands sessions to a task below it, one a round, never running one twice', async () => {
    const table = new MemoryTable();
    const connections = [2, 3, 4, 5];
    for (const whatsappId of connections)
      seedConnection(table, { whatsappId, provider: 'beta', running: true });
    const a = await startTask(table, 'task-a');
    await a.connector.renewLeases();
    await a.connector.reconcile();
    await settle(vi);
    // Alone, A takes them all (its share is every session).
    expect(a.connector.status().sessions).toHaveLength(4);
    for (const socket of [...a.sockets.sockets]) socket.pair();
    await settle(vi);
    expect(a.connector.status().sessions.every((s) => s.status === 'CONNECTED')).toBe(true);

    const b = await startTask(table, 'task-b');
    const heldBy = (task: typeof a) => task.connector.status().sessions.map((s) => s.whatsappId);
    for (let round = 0; round < 4; round += 1) {
      await b.connector.renewLeases();
      await b.connector.reconcile();
      await a.connector.renewLeases();
      await a.connector.reconcile();
      await b.connector.pollRelays();
      await settle(vi);
      // Never one connection in both tasks.
      expect(heldBy(a).filter((id) => heldBy(b).includes(id))).toEqual([]);
      if (round === 0) expect(heldBy(b)).toHaveLength(1);
    }
    // Two each; B took its sessions over with a new fence and holds their leases.
    expect(heldBy(a)).toHaveLength(2);
    expect(heldBy(b)).toHaveLength(2);
    for (const whatsappId of heldBy(b))
      expect(lease(table, 1, whatsappId)).toMatchObject({ holder: 'task-b', fence: 3 });
    // A stopped the sessions it handed over without logging them out.
    expect(a.sockets.sockets.filter((s) => s.loggedOut)).toEqual([]);
    expect(a.log.entries.filter((e) => e.message === 'session handed over')).toHaveLength(2);
  });

  it('a send in flight when its session is handed over is sent by the new holder, not marked failed', async () => {
    const table = new MemoryTable();
    for (const whatsappId of [2, 3]) seedConnection(table, { whatsappId, provider: 'beta', running: true });
    const a = await startTask(table, 'task-a');
    await a.connector.renewLeases();
    await a.connector.reconcile();
    await settle(vi);
    for (const socket of [...a.sockets.sockets]) socket.pair();
    await settle(vi);
    expect(a.connector.status().sessions.every((s) => s.status === 'CONNECTED')).toBe(true);
    table.put({ pk: 'C#1#MSG#H1', sk: 'MSG', body: 'durante el traspaso', fromMe: true, ack: 0 });

    // WhatsApp is slow to take the message: the send is inside the provider call...
    const rejections: ((error: Error) => void)[] = [];
    for (const socket of a.sockets.sockets.filter((candidate) => !candidate.ended)) {
      const hang = () => new Promise<never>((_, reject) => rejections.push(reject));
      socket.sendMessage.mockImplementation(hang);
      socket.relayMessage.mockImplementation(hang);
      // Baileys fails what is in flight as it closes the socket.
      const end = socket.end.bind(socket);
      socket.end = async (error) => {
        for (const reject of rejections.splice(0)) reject(new Error('Connection Closed'));
        await end(error);
      };
    }
    const handled = a.connector.handleCommands(
      commandEvent({ ...ids, type: 'sendMessage', messageId: 'H1', ticketId: 1, to: '5511999990001', body: 'durante el traspaso' }),
    );
    await settle(vi);
    expect(rejections).toHaveLength(1);

    // ...when a new task starts and A hands it connection 2, closing its socket under the send.
    const b = await startTask(table, 'task-b');
    await b.connector.renewLeases();
    await a.connector.renewLeases();
    await a.connector.reconcile();
    expect(lease(table, 1, 2)).toMatchObject({ holder: 'task-b' });
    expect(rejections).toHaveLength(0);
    await settle(vi);
    expect(table.get('C#1#MSG#H1', 'MSG')?.error).toBeUndefined();

    // B takes the session up and sends what A handed on, with the same id.
    await b.connector.pollRelays();
    await vi.advanceTimersByTimeAsync(1_000);
    await b.connector.pollRelays();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await handled).toEqual({ batchItemFailures: [] });
    const socket = b.sockets.last();
    const sentIds = sentIdsOf(socket);
    expect(sentIds).toEqual(['H1']);
    expect(table.get('C#1#MSG#H1', 'MSG')).toMatchObject({ ack: 1 });
    expect(table.get('C#1#MSG#H1', 'MSG')?.error).toBeUndefined();
    expect(a.log.entries.filter((entry) => entry.message === 'message not sent')).toEqual([]);
  });

  it('a task at its session limit takes no more; the sessions left wait for another task', async () => {
    const table = new MemoryTable();
    for (const whatsappId of [2, 3, 4])
      seedConnection(table, { whatsappId, provider: 'sandbox', running: true });
    const a = await startTask(table, 'task-a', { maxSessions: 2 });
    await a.connector.reconcile();
    await settle(vi);
    expect(a.connector.status().sessions).toHaveLength(2);
    const b = await startTask(table, 'task-b', { maxSessions: 2 });
    await b.connector.reconcile();
    await settle(vi);
    expect(b.connector.status().sessions).toHaveLength(1);
  });
});
