import { marshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { AggregateWrite } from '../src/data/dashboard-aggregates.ts';
import {
  dashboardAnswer,
  periodTotals,
  ticketsDayAnswer,
  ticketsUsersAnswer,
  type DayBucket,
} from '../src/domain/dashboard/figures.ts';
import {
  addFields,
  timelineKey,
  type Fields,
  type FirstResponse,
  type MessageFact,
  type TimelineEvent,
} from '../src/domain/dashboard/metrics.ts';
import { blocksCovering, bucketsOfDays } from '../src/domain/dashboard/blocks.ts';
import { aggregate, sourceOf, type AggregatorStore } from '../src/modules/dashboard-aggregator/aggregate.ts';

/**
 * The aggregator against a store that keeps the table's items in memory with the guarantees the
 * DynamoDB one gives: the timeline and messages are there before their stream records, and a
 * write counts only if its guard item is new.
 */
class MemoryStore implements AggregatorStore {
  readonly timeline = new Map<string, TimelineEvent[]>();
  readonly messages = new Map<string, MessageFact[]>();
  readonly guards = new Set<string>();
  readonly firstResponses = new Map<string, FirstResponse>();
  readonly days = new Map<string, Fields>();
  readonly agentBlocks = new Map<string, Fields>();
  readonly live = new Map<number, Fields>();
  readonly listCounts = new Map<string, number>();
  readonly zones = new Map<number, string>();
  reads = 0;

  async timeZone(companyId: number) {
    return this.zones.get(companyId) ?? 'America/Sao_Paulo';
  }

  /** Two entries a page, so walks that need several pages are exercised. */
  async timelineBefore(
    companyId: number,
    ticketId: number,
    beforeKey: string,
    startKey?: Record<string, unknown>,
  ) {
    this.reads += 1;
    const all = (this.timeline.get(`${companyId}|${ticketId}`) ?? [])
      .filter((event) => timelineKey(event) < beforeKey)
      .sort((a, b) => (timelineKey(a) < timelineKey(b) ? 1 : -1));
    const offset = Number(startKey?.offset ?? 0);
    const events = all.slice(offset, offset + 2);
    return { events, ...(offset + 2 < all.length ? { next: { offset: offset + 2 } } : {}) };
  }

  async *ticketMessagesBetween(companyId: number, ticketId: number, after: string, untilKey: string) {
    const key = (message: MessageFact) => `${message.createdAt}#${message.id}`;
    const all = (this.messages.get(`${companyId}|${ticketId}`) ?? [])
      .filter((message) => key(message) >= (after || '0') && key(message) <= untilKey)
      .sort((a, b) => (key(a) < key(b) ? -1 : 1));
    for (let offset = 0; offset < all.length; offset += 2) yield all.slice(offset, offset + 2);
  }

  async firstResponseRecorded(companyId: number, ticketId: number, conversation: string) {
    return this.firstResponses.has(`${companyId}|${ticketId}|${conversation}`);
  }

  async applyAggregates(writes: readonly AggregateWrite[]) {
    let applied = 0;
    let duplicates = 0;
    for (const { guard, increments } of writes) {
      const id =
        guard.kind === 'applied'
          ? `${guard.companyId}|${guard.source}`
          : `${guard.companyId}|${guard.ticketId}|${guard.conversation}`;
      if (this.guards.has(id)) {
        duplicates += 1;
        continue;
      }
      this.guards.add(id);
      if (guard.kind === 'firstResponse') this.firstResponses.set(id, guard.response);
      for (const { target, fields } of increments) {
        if (target.kind === 'live')
          this.live.set(target.companyId, addFields({ ...this.live.get(target.companyId) }, fields));
        else if (target.kind === 'day')
          this.days.set(
            `${target.companyId}|${target.day}`,
            addFields({ ...this.days.get(`${target.companyId}|${target.day}`) }, fields),
          );
        else if (target.kind === 'list')
          this.listCounts.set(
            `${target.companyId}|${target.partition}`,
            (this.listCounts.get(`${target.companyId}|${target.partition}`) ?? 0) + (fields.count ?? 0),
          );
        else {
          const key = `${target.companyId}|${target.size}|${target.start}`;
          this.agentBlocks.set(key, addFields({ ...this.agentBlocks.get(key) }, fields));
        }
      }
      applied += 1;
    }
    return { applied, duplicates };
  }

  /** A period's figures from the blocks that cover it, as the API reads them. */
  blocks(companyId: number, from: string, to: string): Fields {
    return periodTotals(
      blocksCovering({ from, to }).map((block) => ({
        fields: this.agentBlocks.get(`${companyId}|${block.size}|${block.start}`) ?? {},
      })),
    );
  }

  buckets(companyId: number, from: string, to: string): DayBucket[] {
    return [...this.days]
      .map(([key, fields]) => ({ company: Number(key.split('|')[0]), day: key.split('|')[1]!, fields }))
      .filter((bucket) => bucket.company === companyId && bucket.day >= from && bucket.day <= to)
      .map(({ day, fields }) => ({ day, fields }));
  }
}

/**
 * The store with the one-read path (AP-DA-8) as the table answers it: a ticket partition read
 * newest first, the first-response guards (which sort after the timeline) then the timeline, at
 * most `pageSize` items; the guard reads and walks it saves are counted.
 */
class OneReadStore extends MemoryStore {
  guardReads = 0;
  oneReads = 0;

  constructor(readonly pageSize = 25) {
    super();
  }

  override async firstResponseRecorded(companyId: number, ticketId: number, conversation: string) {
    this.guardReads += 1;
    return super.firstResponseRecorded(companyId, ticketId, conversation);
  }

  async firstResponsesAndTimeline(companyId: number, ticketId: number, beforeKey: string) {
    this.oneReads += 1;
    const guards = [...this.firstResponses.keys()]
      .filter((key) => key.startsWith(`${companyId}|${ticketId}|`))
      .map((key) => key.split('|')[2]!)
      .sort()
      .reverse();
    const timeline = [...(this.timeline.get(`${companyId}|${ticketId}`) ?? [])].sort((a, b) =>
      timelineKey(a) < timelineKey(b) ? 1 : -1,
    );
    const all = [...guards.map((guard) => ({ guard })), ...timeline.map((event) => ({ event }))];
    const page = all.slice(0, this.pageSize);
    const events = page.flatMap((entry) =>
      'event' in entry && timelineKey(entry.event) < beforeKey ? [entry.event] : [],
    );
    return {
      recorded: new Set(page.flatMap((entry) => ('guard' in entry ? [entry.guard] : []))),
      events,
      sawTimeline: page.some((entry) => 'event' in entry),
      complete: page.length === all.length,
    };
  }
}

// ---------------------------------------------------------------- Stream records as Lambda gets them

let sequence = 1000;
function streamRecord(
  entity: string,
  kind: 'INSERT' | 'MODIFY' | 'REMOVE',
  newItem?: object,
  oldItem?: object,
): DynamoDBRecord {
  sequence += 1;
  const image = (item: object | undefined) =>
    item
      ? (marshall({ ...item, __edb_e__: entity, __edb_v__: '1' }, { removeUndefinedValues: true }) as Record<
          string,
          AttributeValue
        >)
      : undefined;
  return {
    eventID: `ev-${sequence}`,
    eventName: kind,
    dynamodb: {
      SequenceNumber: String(sequence),
      ...(newItem ? { NewImage: image(newItem) } : {}),
      ...(oldItem ? { OldImage: image(oldItem) } : {}),
    },
  };
}

/** A company's history written the way the table holds it: timeline, messages, tickets, contacts. */
class History {
  readonly records: DynamoDBRecord[] = [];
  private seq = 0;
  private readonly statuses = new Map<number, string>();

  constructor(
    readonly store: MemoryStore,
    readonly companyId: number,
  ) {}

  event(
    ticketId: number,
    action: TimelineEvent['action'],
    at: string,
    fields: Partial<TimelineEvent> = {},
  ): TimelineEvent {
    this.seq += 1;
    const before = this.statuses.get(ticketId);
    const event: TimelineEvent = {
      companyId: this.companyId,
      ticketId,
      at,
      seq: `q${String(this.seq).padStart(4, '0')}`,
      action,
      ...(action === 'create' ? {} : { fromStatus: before }),
      toStatus: before ?? 'pending',
      ...fields,
    };
    const key = `${this.companyId}|${ticketId}`;
    this.store.timeline.set(key, [...(this.store.timeline.get(key) ?? []), event]);
    this.records.push(streamRecord('ticketEvent', 'INSERT', event));
    if (event.toStatus !== before && action !== 'rating') {
      this.records.push(
        streamRecord(
          'ticket',
          before ? 'MODIFY' : 'INSERT',
          { companyId: this.companyId, id: ticketId, status: event.toStatus },
          before ? { companyId: this.companyId, id: ticketId, status: before } : undefined,
        ),
      );
      this.statuses.set(ticketId, event.toStatus);
    }
    return event;
  }

  message(ticketId: number, id: string, createdAt: string, userId?: number): void {
    const message: MessageFact = {
      id,
      createdAt,
      fromMe: userId !== undefined,
      ...(userId ? { userId } : {}),
    };
    const key = `${this.companyId}|${ticketId}`;
    this.store.messages.set(key, [...(this.store.messages.get(key) ?? []), message]);
    this.records.push(
      streamRecord('message', 'INSERT', { companyId: this.companyId, ticketId, whatsappId: 1, ...message }),
    );
    // Every message also touches its ticket (last message): a change that moves no counter.
    const status = this.statuses.get(ticketId);
    this.records.push(
      streamRecord(
        'ticket',
        'MODIFY',
        { companyId: this.companyId, id: ticketId, status, lastMessage: id },
        { companyId: this.companyId, id: ticketId, status },
      ),
    );
  }

  contact(id: number, createdAt: string, isGroup = false): void {
    this.records.push(
      streamRecord('contact', 'INSERT', {
        companyId: this.companyId,
        id,
        name: `c${id}`,
        number: `55${id}`,
        isGroup,
        createdAt,
      }),
    );
  }

  deleteTicket(ticketId: number): void {
    const status = this.statuses.get(ticketId);
    this.records.push(
      streamRecord('ticket', 'REMOVE', undefined, { companyId: this.companyId, id: ticketId, status }),
    );
    this.statuses.delete(ticketId);
  }
}

/** The agents' figures of a total. */
const agentsOnly = (fields: Fields) =>
  Object.fromEntries(Object.entries(fields).filter(([name]) => /^u\d+_/.test(name)));

const ana = 11;
const bruno = 12;
const min = 60_000;

/**
 * Two days in São Paulo (UTC-3), hand-computed:
 * 2025-03-10: t1 created 09:00, queued 09:02, accepted by Ana 09:07 (wait 5), replied 09:10 to the
 *   customer's 09:00 (first response 10), resolved 09:37 (support 30), rated 3. t2 created 20:30
 *   (customer writes 20:30), accepted by Bruno 23:30 (wait 180), replied 23:35 (first response 185).
 *   Contacts: one at 12:00, one at 23:00 (02:00 UTC the next day), and a group.
 * 2025-03-11: t2 returned 23:40 on the 10th, accepted by Ana 00:10 (wait 30), passed to Bruno
 *   00:20, resolved 01:10 (support 60 from 00:10, for Bruno), rated 1 for Bruno 01:15. t1 written
 *   again 10:00 (inbound-reopen), accepted by Bruno 10:04 (wait 4), replied 10:06 (first
 *   response 6), expired 11:04 (support 60, Bruno). t3 created 11:30 and left pending; t4 opened
 *   by Ana at 12:00; t5 created 12:30 and deleted while pending. One contact.
 */
function scenario(store: MemoryStore, companyId: number): History {
  const h = new History(store, companyId);
  h.contact(1, '2025-03-10T15:00:00.000Z');
  h.event(1, 'create', '2025-03-10T12:00:00.000Z', { toStatus: 'pending' });
  h.message(1, 'm1-customer', '2025-03-10T12:00:00.000Z');
  h.event(1, 'chatbot-queue', '2025-03-10T12:02:00.000Z', { toStatus: 'pending', toQueueId: 3 });
  h.event(1, 'accept', '2025-03-10T12:07:00.000Z', { toStatus: 'open', toUserId: ana, actorId: ana });
  h.message(1, 'm1-reply', '2025-03-10T12:10:00.000Z', ana);
  h.message(1, 'm1-reply2', '2025-03-10T12:11:00.000Z', ana);
  h.event(1, 'resolve', '2025-03-10T12:37:00.000Z', {
    toStatus: 'closed',
    fromUserId: ana,
    toUserId: ana,
    actorId: ana,
  });
  h.event(1, 'rating', '2025-03-10T12:38:00.000Z', {
    fromStatus: 'closed',
    toStatus: 'closed',
    rating: 3,
    ratedUserId: ana,
  });

  h.event(2, 'create', '2025-03-10T23:30:00.000Z', { toStatus: 'pending' });
  h.message(2, 'm2-customer', '2025-03-10T23:30:00.000Z');
  h.contact(2, '2025-03-11T02:00:00.000Z');
  h.contact(3, '2025-03-11T02:10:00.000Z', true);
  h.event(2, 'accept', '2025-03-11T02:30:00.000Z', { toStatus: 'open', toUserId: bruno, actorId: bruno });
  h.message(2, 'm2-reply', '2025-03-11T02:35:00.000Z', bruno);
  h.event(2, 'return', '2025-03-11T02:40:00.000Z', {
    toStatus: 'pending',
    fromUserId: bruno,
    actorId: bruno,
  });
  h.event(2, 'accept', '2025-03-11T03:10:00.000Z', { toStatus: 'open', toUserId: ana, actorId: ana });
  h.event(2, 'transfer', '2025-03-11T03:20:00.000Z', {
    toStatus: 'open',
    fromUserId: ana,
    toUserId: bruno,
    actorId: ana,
  });
  h.message(2, 'm2-reply-bruno', '2025-03-11T03:25:00.000Z', bruno);
  h.event(2, 'resolve', '2025-03-11T04:10:00.000Z', {
    toStatus: 'closed',
    fromUserId: bruno,
    toUserId: bruno,
    actorId: bruno,
  });
  h.event(2, 'rating', '2025-03-11T04:15:00.000Z', {
    fromStatus: 'closed',
    toStatus: 'closed',
    rating: 1,
    ratedUserId: bruno,
  });

  h.event(1, 'inbound-reopen', '2025-03-11T13:00:00.000Z', { toStatus: 'pending', fromUserId: ana });
  h.message(1, 'm1b-customer', '2025-03-11T12:59:58.000Z'); // WhatsApp's time, just before the reopen
  h.event(1, 'accept', '2025-03-11T13:04:00.000Z', { toStatus: 'open', toUserId: bruno, actorId: bruno });
  h.message(1, 'm1b-reply', '2025-03-11T13:05:58.000Z', bruno);
  h.event(1, 'expire', '2025-03-11T14:04:00.000Z', { toStatus: 'closed', fromUserId: bruno });

  h.event(3, 'create', '2025-03-11T14:30:00.000Z', { toStatus: 'pending' });
  h.contact(4, '2025-03-11T14:30:00.000Z');
  h.event(4, 'create', '2025-03-11T15:00:00.000Z', { toStatus: 'open', toUserId: ana, actorId: ana });
  h.event(5, 'create', '2025-03-11T15:30:00.000Z', { toStatus: 'pending' });
  h.deleteTicket(5);
  return h;
}

const users = [
  { id: ana, name: 'Ana' },
  { id: bruno, name: 'Bruno' },
];
const now = new Date('2025-03-11T18:00:00.000Z');

function answerFor(store: MemoryStore, companyId: number, from: string, to: string) {
  return dashboardAnswer(store.blocks(companyId, from, to), store.live.get(companyId) ?? {}, users, now);
}

/** A deterministic shuffle (a stream gives no order across items). */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const copy = [...items];
  let state = seed;
  for (let i = copy.length - 1; i > 0; i -= 1) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

function batches<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, index * size + size),
  );
}

const expectedTwoDays = {
  counters: {
    supportHappening: 1, // t4
    supportPending: 1, // t3 (t5 was deleted)
    supportFinished: 3,
    leads: 3,
    avgSupportTime: 50, // (30 + 60 + 60) / 3
    avgWaitTime: 54.75, // (5 + 180 + 30 + 4) / 4
    avgFirstResponseTime: 67, // (10 + 185 + 6) / 3, minutes
  },
  attendants: [
    { id: ana, name: 'Ana', rating: 3, avgSupportTime: 30, tickets: 1, online: false },
    { id: bruno, name: 'Bruno', rating: 1, avgSupportTime: 60, tickets: 2, online: false },
  ],
};

describe('the dashboard aggregator', () => {
  it('turns a two-day history into the hand-computed figures, per day, per hour and per agent', async () => {
    const store = new MemoryStore();
    const history = scenario(store, 7);
    for (const batch of batches(history.records, 10)) await aggregate(batch, store);

    expect(answerFor(store, 7, '2025-03-10', '2025-03-11')).toEqual(expectedTwoDays);
    expect(answerFor(store, 7, '2025-03-10', '2025-03-10').counters).toEqual({
      supportHappening: 1,
      supportPending: 1,
      supportFinished: 1,
      leads: 2, // 12:00 and 23:00 local; the group is not a lead
      avgSupportTime: 30,
      avgWaitTime: 92.5, // (5 + 180) / 2: Bruno's accept at 23:30 local belongs to the 10th
      avgFirstResponseTime: 97.5, // (10 + 185) / 2
    });
    expect(answerFor(store, 7, '2025-03-11', '2025-03-11').counters).toMatchObject({
      supportFinished: 2,
      leads: 1,
      avgSupportTime: 60,
      avgWaitTime: 17, // (30 + 4) / 2
      avgFirstResponseTime: 6,
    });
    const day10 = store.buckets(7, '2025-03-10', '2025-03-10');
    expect(
      ticketsDayAnswer(day10, { from: '2025-03-10', to: '2025-03-10' }).data.filter((row) => row.total > 0),
    ).toEqual([
      { horario: '09', total: 1 },
      { horario: '20', total: 1 },
    ]);
    const both = store.buckets(7, '2025-03-10', '2025-03-11');
    // The 11th: t1 again (10:00), t3 (11:30), t4 (12:00), t5 (12:30).
    expect(ticketsDayAnswer(both, { from: '2025-03-10', to: '2025-03-11' })).toEqual({
      data: [
        { data: '2025-03-10', total: 2 },
        { data: '2025-03-11', total: 4 },
      ],
      count: 6,
    });
    expect(ticketsUsersAnswer(store.blocks(7, '2025-03-10', '2025-03-11'), users).data).toEqual([
      { nome: 'Bruno', quantidade: 2 },
      { nome: 'Ana', quantidade: 1 },
    ]);
    // Each first response is recorded once per conversation, with the messages it measured.
    expect(
      [...store.firstResponses.values()].map((r) => [r.customerMessageId, r.responseMessageId, r.userId]),
    ).toEqual(
      expect.arrayContaining([
        ['m1-customer', 'm1-reply', ana],
        ['m2-customer', 'm2-reply', bruno],
        ['m1b-customer', 'm1b-reply', bruno],
      ]),
    );
    expect(store.firstResponses.size).toBe(3);
    // Agents' figures per day: Bruno's two closes are on the 11th, each 60 minutes; the day item
    // holds only the company's figures.
    expect(agentsOnly(store.blocks(7, '2025-03-11', '2025-03-11'))).toEqual({
      u12_fin: 2,
      u12_supS: 120 * min,
      u12_supN: 2,
      u12_rateS: 1,
      u12_rateN: 1,
      u12_frtS: 6 * min,
      u12_frtN: 1,
    });
    expect(Object.keys(store.days.get('7|2025-03-11')!).filter((name) => name.startsWith('u'))).toEqual([]);
    // The day items (the charts) and the blocks (the counters) agree on the company's figures.
    for (const [from, to] of [
      ['2025-03-10', '2025-03-10'],
      ['2025-03-10', '2025-03-11'],
      ['2025-03-01', '2025-03-31'],
    ] as const) {
      const days = periodTotals(store.buckets(7, from, to));
      const blocks = store.blocks(7, from, to);
      expect(Object.fromEntries(Object.entries(blocks).filter(([name]) => !name.startsWith('u')))).toEqual(
        Object.fromEntries(Object.entries(days).filter(([name]) => !/^h\d\d$/.test(name))),
      );
    }
  });

  it('counts nothing twice when batches are delivered again, and lands late events in their own day', async () => {
    const store = new MemoryStore();
    const history = scenario(store, 7);
    const parts = batches(shuffled(history.records, 42), 7);
    // Every batch delivered twice, the second time after later batches (a retried batch), in reverse.
    for (const batch of parts) await aggregate(batch, store);
    for (const batch of [...parts].reverse()) {
      const again = await aggregate(batch, store);
      expect(again.applied).toBe(0);
    }
    expect(answerFor(store, 7, '2025-03-10', '2025-03-11')).toEqual(expectedTwoDays);
  });

  it('gets the same figures whatever order the stream delivers the events in', async () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const store = new MemoryStore();
      const history = scenario(store, 7);
      for (const batch of batches(shuffled(history.records, seed), 5)) await aggregate(batch, store);
      expect(answerFor(store, 7, '2025-03-10', '2025-03-11'), `seed ${seed}`).toEqual(expectedTwoDays);
    }
  });

  it('leaves the same items a seed made with bucketsOfDays from the per-day figures', async () => {
    const store = new MemoryStore();
    const history = scenario(store, 7);
    await aggregate(history.records, store);
    // Per-day figures (company and agents together) of the same history…
    const perDay = new Map<string, Fields>();
    for (const [key, fields] of store.days) perDay.set(key.split('|')[1]!, { ...fields });
    for (const [key, fields] of store.agentBlocks) {
      const [, size, start] = key.split('|');
      if (size !== '1') continue;
      const agents = Object.fromEntries(Object.entries(fields).filter(([name]) => /^u\d+_/.test(name)));
      perDay.set(start!, addFields(perDay.get(start!) ?? {}, agents));
    }
    // …make exactly the aggregator's day items and blocks.
    const seeded = bucketsOfDays(perDay);
    expect(seeded.days).toEqual(
      new Map([...store.days].map(([key, fields]) => [key.split('|')[1]!, fields])),
    );
    expect(
      new Map([...seeded.blocks.values()].map((block) => [`7|${block.size}|${block.start}`, block.fields])),
    ).toEqual(store.agentBlocks);
  });

  it('keeps companies apart and buckets each in its own time zone', async () => {
    const store = new MemoryStore();
    store.zones.set(8, 'UTC');
    const seven = scenario(store, 7);
    const eight = new History(store, 8);
    eight.event(1, 'create', '2025-03-11T02:30:00.000Z', { toStatus: 'pending' });
    eight.contact(1, '2025-03-11T02:30:00.000Z');
    await aggregate([...seven.records, ...eight.records], store);
    expect(answerFor(store, 7, '2025-03-10', '2025-03-11')).toEqual(expectedTwoDays);
    // 02:30 UTC is the 11th in a UTC company and the 10th in São Paulo.
    expect(store.buckets(8, '2025-03-10', '2025-03-10')).toEqual([]);
    expect(store.buckets(8, '2025-03-11', '2025-03-11')).toEqual([
      { day: '2025-03-11', fields: { st: 1, h02: 1, leads: 1 } },
    ]);
    expect(store.live.get(8)).toEqual({ pending: 1 });
  });

  it('counts a first response once per conversation, even when a later reply is delivered first', async () => {
    const store = new MemoryStore();
    const h = new History(store, 9);
    h.event(1, 'create', '2025-03-10T12:00:00.000Z', { toStatus: 'pending' });
    h.message(1, 'c', '2025-03-10T12:00:00.000Z');
    h.event(1, 'accept', '2025-03-10T12:01:00.000Z', { toStatus: 'open', toUserId: ana });
    h.message(1, 'r1', '2025-03-10T12:03:00.000Z', ana);
    h.message(1, 'r2', '2025-03-10T12:09:00.000Z', bruno);
    const messages = h.records.filter((record) => sourceOf(record)?.kind === 'agentMessage');
    // r2 arrives alone first: the first reply after the customer is still r1, by Ana.
    await aggregate([messages[1]!], store);
    await aggregate([messages[0]!], store);
    await aggregate(h.records, store);
    expect(store.buckets(9, '2025-03-10', '2025-03-10')[0]?.fields).toEqual({
      st: 1,
      h09: 1,
      waitS: min,
      waitN: 1,
      frtS: 3 * min,
      frtN: 1,
    });
    expect(agentsOnly(store.blocks(9, '2025-03-10', '2025-03-10'))).toEqual({
      u11_frtS: 3 * min,
      u11_frtN: 1,
    });
  });

  it("finds a reply's conversation and whether it is counted in one read, with the same figures", async () => {
    for (const pageSize of [25, 3, 1]) {
      const store = new OneReadStore(pageSize);
      const history = scenario(store, 7);
      for (const batch of batches(history.records, 10)) await aggregate(batch, store);
      expect(answerFor(store, 7, '2025-03-10', '2025-03-11'), `page of ${pageSize}`).toEqual(expectedTwoDays);
      expect(store.firstResponses.size).toBe(3);
    }
    // A later reply in a counted conversation: one read, no walk, no guard read.
    const store = new OneReadStore();
    const h = new History(store, 11);
    h.event(1, 'create', '2025-03-10T12:00:00.000Z', { toStatus: 'pending' });
    h.message(1, 'c', '2025-03-10T12:00:00.000Z');
    h.event(1, 'accept', '2025-03-10T12:01:00.000Z', { toStatus: 'open', toUserId: ana });
    h.message(1, 'r1', '2025-03-10T12:03:00.000Z', ana);
    await aggregate(h.records, store);
    expect(store.firstResponses.size).toBe(1);
    const before = h.records.length;
    h.message(1, 'r2', '2025-03-10T12:05:00.000Z', ana);
    store.reads = 0;
    store.oneReads = 0;
    store.guardReads = 0;
    await aggregate(h.records.slice(before), store);
    expect({ oneReads: store.oneReads, walks: store.reads, guardReads: store.guardReads }).toEqual({
      oneReads: 1,
      walks: 0,
      guardReads: 0,
    });
    // After a close and a reopen the next reply opens a new conversation, counted once.
    h.event(1, 'resolve', '2025-03-10T12:10:00.000Z', { toStatus: 'closed', fromUserId: ana });
    h.event(1, 'reopen', '2025-03-10T12:20:00.000Z', { toStatus: 'pending' });
    h.message(1, 'c2', '2025-03-10T12:20:00.000Z');
    h.event(1, 'accept', '2025-03-10T12:21:00.000Z', { toStatus: 'open', toUserId: bruno });
    h.message(1, 'r3', '2025-03-10T12:24:00.000Z', bruno);
    await aggregate(h.records.slice(before), store);
    expect(store.firstResponses.size).toBe(2);
  });

  it('reads only what it needs: customer messages and unchanged ticket statuses cost nothing', async () => {
    const store = new MemoryStore();
    const h = new History(store, 10);
    h.event(1, 'create', '2025-03-10T12:00:00.000Z', { toStatus: 'pending' });
    h.message(1, 'c1', '2025-03-10T12:00:00.000Z');
    h.message(1, 'c2', '2025-03-10T12:00:01.000Z');
    store.reads = 0;
    await aggregate(h.records.slice(1), store);
    expect(store.reads).toBe(0);
    expect(store.guards.size).toBe(1); // the ticket's INSERT: one more pending
    expect(store.live.get(10)).toEqual({ pending: 1 });
  });

  it('keeps the open and pending list counts per partition, once per change, including transfers between queues', async () => {
    const store = new MemoryStore();
    const keys = (status: string, queue: string, user: string) => ({
      companyId: 4,
      id: 9,
      status,
      queueId: Number(queue),
      ...(user === 'none' ? {} : { userId: Number(user) }),
    });
    const created = streamRecord('ticket', 'INSERT', keys('pending', '1', 'none'));
    const transferred = streamRecord(
      'ticket',
      'MODIFY',
      keys('pending', '2', 'none'),
      keys('pending', '1', 'none'),
    );
    const accepted = streamRecord('ticket', 'MODIFY', keys('open', '2', '7'), keys('pending', '2', 'none'));
    const closed = streamRecord('ticket', 'MODIFY', keys('closed', '2', '7'), keys('open', '2', '7'));
    await aggregate([created, transferred], store);
    await aggregate([transferred, accepted], store); // the transfer delivered again counts nothing
    const count = (partition: string) => store.listCounts.get(`4|${partition}`) ?? 0;
    expect([
      count('C#4#TS#pending'),
      count('C#4#TSQ#pending#1'),
      count('C#4#TSQ#pending#2'),
      count('C#4#TSU#pending#none'),
    ]).toEqual([0, 0, 0, 0]);
    expect([count('C#4#TS#open'), count('C#4#TSQ#open#2'), count('C#4#TSU#open#7')]).toEqual([1, 1, 1]);
    await aggregate([closed], store);
    expect([
      count('C#4#TS#open'),
      count('C#4#TSQ#open#2'),
      count('C#4#TSU#open#7'),
      count('C#4#TS#closed'),
    ]).toEqual([0, 0, 0, 0]);
    expect(store.live.get(4)).toEqual({ pending: 0, open: 0 });
  });

  it('ignores its own items and entities the dashboard does not count', async () => {
    const store = new MemoryStore();
    const records = [
      streamRecord(
        'dashboardDay',
        'MODIFY',
        { companyId: 1, day: '2025-03-10', st: 2 },
        { companyId: 1, day: '2025-03-10', st: 1 },
      ),
      streamRecord('dashboardLive', 'INSERT', { companyId: 1, open: 1 }),
      streamRecord('user', 'INSERT', { companyId: 1, id: 3, name: 'x' }),
      streamRecord('ticketEvent', 'MODIFY', {
        companyId: 1,
        ticketId: 1,
        at: 'x',
        seq: 'y',
        action: 'create',
        toStatus: 'open',
      }),
      {
        eventID: 'raw',
        eventName: 'INSERT',
        dynamodb: { NewImage: { pk: { S: 'LOCAL#x' } } },
      } as DynamoDBRecord,
    ];
    expect(records.map(sourceOf)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(await aggregate(records, store)).toEqual({ applied: 0, duplicates: 0 });
  });
});
