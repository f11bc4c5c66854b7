import type { InboundEvent } from '@atende/shared/entities/inbound-message';
import { describe, expect, it, vi } from 'vitest';
import { InboundOutbox, toQueueMessage, type OutboxDeps } from '../src/inbound/outbox.ts';
import type { QueueMessage } from '../src/inbound/spool.ts';
import type { Timers } from '../src/ports.ts';
import { memoryLogger } from './helpers.ts';

function messageEvent(chat: string, messageId: string): InboundEvent {
  return {
    kind: 'message',
    whatsappId: 2,
    companyId: 1,
    chatJid: `${chat}@s.whatsapp.net`,
    isGroup: false,
    timestamp: '2025-03-01T12:00:00.000Z',
    messageId,
    fromMe: false,
    type: 'text',
    body: messageId,
  };
}

const idOf = (message: QueueMessage): string => (JSON.parse(message.body) as { messageId: string }).messageId;

/** Real timers, 100 times faster: a 100 ms backoff takes 1 ms, a 5 s close timeout 50 ms. */
const fastTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms / 100),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
}

function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * A queue whose sends can be held (`hold(id)` until `release(id)`) or refused (`refuse(id)` until
 * `accept(id)`), keyed by message id; records the order it accepted messages in and the peak of
 * sends in flight.
 */
function controllableQueue() {
  const sent: string[] = [];
  const held = new Map<string, Deferred<void>>();
  const refused = new Set<string>();
  const attempts = new Map<string, number>();
  let inFlight = 0;
  let peak = 0;
  return {
    sent,
    attempts,
    peak: () => peak,
    hold: (id: string) => held.set(id, deferred()),
    release: (id: string) => held.get(id)?.resolve(),
    refuse: (id: string) => refused.add(id),
    accept: (id: string) => refused.delete(id),
    async send(message: QueueMessage) {
      const id = idOf(message);
      attempts.set(id, (attempts.get(id) ?? 0) + 1);
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      try {
        await held.get(id)?.promise;
        if (refused.has(id)) throw new Error('SQS unavailable');
        sent.push(id);
      } finally {
        inFlight -= 1;
      }
    },
  };
}

function memorySpool(initial: { sk: string; message: QueueMessage }[] = []) {
  const items = new Map(initial.map((item) => [item.sk, item.message]));
  let sequence = 0;
  let listing: Promise<void> = Promise.resolve();
  return {
    items,
    /** The next `list()` answers only once `gate` resolves. */
    holdListing(gate: Promise<void>) {
      listing = gate;
    },
    async add(message: QueueMessage, nowMs: number) {
      sequence += 1;
      const sk = `WSPOOL#2#${String(nowMs).padStart(15, '0')}#${String(sequence).padStart(9, '0')}`;
      items.set(sk, message);
      return sk;
    },
    async remove(sk: string) {
      items.delete(sk);
    },
    async list() {
      await listing;
      return [...items.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([sk, message]) => ({ sk, message }));
    },
  };
}

function outboxWith(queue: OutboxDeps['queue'], spool = memorySpool(), maxInFlight?: number) {
  const outbox = new InboundOutbox({
    queue,
    spool,
    clock: { now: () => Date.parse('2025-03-01T12:00:00.000Z') },
    timers: fastTimers,
    random: () => 0,
    log: memoryLogger(),
    backoff: { baseMs: 100, capMs: 100 },
    ...(maxInFlight !== undefined ? { maxInFlight } : {}),
  });
  return { outbox, spool };
}

const inChat = (sent: string[], chat: string) => sent.filter((id) => id.startsWith(chat));

describe('InboundOutbox: in order per chat, chats concurrently', () => {
  it('a slow send in chat A does not hold chat B, and chat A keeps its order', async () => {
    const queue = controllableQueue();
    queue.hold('A1');
    const { outbox } = outboxWith(queue);
    const pushed = ['A1', 'B1', 'A2', 'B2', 'A3'].map((id) => outbox.push(messageEvent(id[0]!, id)));

    await vi.waitFor(() => expect(queue.sent).toEqual(['B1', 'B2']), { timeout: 500 });
    // A2 waits behind A1 in its chat's lane, not sent (nor attempted) before it.
    expect(queue.attempts.get('A2')).toBeUndefined();
    expect(outbox.size).toBe(3);

    queue.release('A1');
    await Promise.all(pushed);
    expect(inChat(queue.sent, 'A')).toEqual(['A1', 'A2', 'A3']);
    expect(outbox.size).toBe(0);
  });

  it('chat A stays in order while its first event is retried and spooled; chat B goes on meanwhile', async () => {
    const queue = controllableQueue();
    queue.refuse('A1');
    const { outbox, spool } = outboxWith(queue);
    const pushed = ['A1', 'A2', 'B1', 'A3', 'B2'].map((id) => outbox.push(messageEvent(id[0]!, id)));

    await vi.waitFor(() => expect(queue.attempts.get('A1')).toBeGreaterThanOrEqual(3), { timeout: 1000 });
    expect(queue.sent).toEqual(['B1', 'B2']);
    expect([...spool.items.values()].map(idOf)).toEqual(['A1']);
    expect(queue.attempts.get('A2')).toBeUndefined();

    queue.accept('A1');
    await Promise.all(pushed);
    expect(inChat(queue.sent, 'A')).toEqual(['A1', 'A2', 'A3']);
    expect(spool.items.size).toBe(0);
  });

  it('sends at most maxInFlight at once across chats', async () => {
    const queue = controllableQueue();
    const ids = Array.from({ length: 40 }, (_, index) => `C${index}-1`);
    for (const id of ids) queue.hold(id);
    const { outbox } = outboxWith(queue, memorySpool(), 16);
    const pushed = ids.map((id) => outbox.push(messageEvent(id.split('-')[0]!, id)));

    await vi.waitFor(() => expect(queue.attempts.size).toBe(16), { timeout: 500 });
    expect(queue.peak()).toBe(16);
    for (const id of ids) queue.release(id);
    await Promise.all(pushed);
    expect(queue.peak()).toBe(16);
    expect(queue.sent).toHaveLength(40);
  });

  it('an event built by an async source keeps its place in its chat', async () => {
    const queue = controllableQueue();
    const { outbox } = outboxWith(queue);
    const download = deferred();
    const pushed = [
      outbox.push(async () => {
        await download.promise;
        return messageEvent('A', 'A1-media');
      }),
      outbox.push(messageEvent('A', 'A2')),
      outbox.push(async () => null),
      outbox.push(messageEvent('A', 'A3')),
    ];
    expect(outbox.size).toBe(4);
    download.resolve();
    await Promise.all(pushed);
    expect(queue.sent).toEqual(['A1-media', 'A2', 'A3']);
  });

  it('close waits for what is queued in every chat', async () => {
    const queue = controllableQueue();
    for (const id of ['A1', 'B1', 'C2']) queue.hold(id);
    const { outbox } = outboxWith(queue);
    for (const id of ['A1', 'B1', 'C1', 'C2', 'A2']) void outbox.push(messageEvent(id[0]!, id));

    let closed: boolean | undefined;
    const closing = outbox.close(100_000).then((done) => {
      closed = done;
    });
    await vi.waitFor(() => expect(queue.sent).toEqual(['C1']), { timeout: 500 });
    queue.release('A1');
    queue.release('B1');
    await vi.waitFor(() => expect(queue.sent).toHaveLength(4), { timeout: 500 });
    expect(closed).toBeUndefined();
    expect(outbox.size).toBe(1);

    queue.release('C2');
    await closing;
    expect(closed).toBe(true);
    expect(outbox.size).toBe(0);
    expect(inChat(queue.sent, 'A')).toEqual(['A1', 'A2']);
    expect(inChat(queue.sent, 'C')).toEqual(['C1', 'C2']);
  });

  it('close gives up after its timeout, and leaves a refused event in the spool without retrying it', async () => {
    const queue = controllableQueue();
    queue.hold('A1');
    queue.refuse('B1');
    const { outbox, spool } = outboxWith(queue);
    void outbox.push(messageEvent('A', 'A1'));
    void outbox.push(messageEvent('B', 'B1'));
    await vi.waitFor(() => expect(spool.items.size).toBe(1), { timeout: 500 });

    expect(await outbox.close(1_000)).toBe(false);
    expect([...spool.items.values()].map(idOf)).toEqual(['B1']);
    const attemptsAtClose = queue.attempts.get('B1')!;
    queue.release('A1');
    expect(await outbox.close(1_000)).toBe(true);
    expect(queue.attempts.get('B1')).toBeLessThanOrEqual(attemptsAtClose + 1);
    expect(queue.sent).toEqual(['A1']);
    expect([...spool.items.values()].map(idOf)).toEqual(['B1']);
  });

  it('a replayed spool item goes before a new event of its chat, even while the spool is being listed', async () => {
    const queue = controllableQueue();
    const spool = memorySpool([
      { sk: 'WSPOOL#2#000000000000001#000000001', message: toQueueMessage(messageEvent('A', 'A0-spooled')) },
      { sk: 'WSPOOL#2#000000000000001#000000002', message: toQueueMessage(messageEvent('B', 'B0-spooled')) },
    ]);
    const listed = deferred();
    spool.holdListing(listed.promise);
    const { outbox } = outboxWith(queue, spool);

    const replaying = outbox.replaySpool();
    const pushed = outbox.push(messageEvent('A', 'A1-new'));
    listed.resolve();
    expect(await replaying).toBe(2);
    await pushed;
    expect(await outbox.close(5_000)).toBe(true);
    expect(inChat(queue.sent, 'A')).toEqual(['A0-spooled', 'A1-new']);
    expect(queue.sent).toContain('B0-spooled');
    expect(spool.items.size).toBe(0);
  });

  it('does not replay a spooled event it already has in hand', async () => {
    const queue = controllableQueue();
    queue.refuse('A1');
    const { outbox, spool } = outboxWith(queue);
    const pushed = outbox.push(messageEvent('A', 'A1'));
    await vi.waitFor(() => expect(spool.items.size).toBe(1), { timeout: 500 });

    expect(await outbox.replaySpool()).toBe(0);
    queue.accept('A1');
    await pushed;
    expect(queue.sent).toEqual(['A1']);
    expect(spool.items.size).toBe(0);
  });

  it('a spool listing that fails while a source is still building rejects the replay and leaves the line going', async () => {
    const queue = controllableQueue();
    const spool = memorySpool();
    spool.list = async () => {
      throw new Error('table unavailable');
    };
    const { outbox } = outboxWith(queue, spool);
    const download = deferred();
    const first = outbox.push(async () => {
      await download.promise;
      return messageEvent('A', 'A1-media');
    });
    const replaying = outbox.replaySpool();
    const second = outbox.push(messageEvent('A', 'A2'));
    // The listing has failed by now, before the build line reached it.
    await new Promise((resolve) => setTimeout(resolve, 10));
    download.resolve();
    await expect(replaying).rejects.toThrow('table unavailable');
    await Promise.all([first, second]);
    expect(queue.sent).toEqual(['A1-media', 'A2']);
    expect(await outbox.close(100_000)).toBe(true);
  });
});
