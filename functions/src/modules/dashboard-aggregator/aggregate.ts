/**
 * The dashboard aggregator's work on one stream batch (docs/metrics.md): which source events
 * the batch holds, what each adds to which bucket, and the writes that count each exactly once.
 * The table access comes in as a port so the rules can be exercised without DynamoDB.
 */
import type { DynamoDBRecord } from 'aws-lambda';
import type { AggregateWrite } from '#data/dashboard-aggregates';
import { blocksContaining, splitIncrement } from '#domain/dashboard/blocks';
import {
  conversationStep,
  firstConversation,
  firstResponseIncrement,
  firstResponseOf,
  isAgentReply,
  leadIncrement,
  liveDelta,
  needsHistory,
  openStartStep,
  takesTicket,
  timelineIncrement,
  timelineKey,
  waitStartStep,
  type DayIncrement,
  type MessageFact,
  type TimelineEvent,
  type WalkStep,
} from '#domain/dashboard/metrics';
import { changeFromRecord } from '#live/stream-changes';
import { listCountDeltas } from '#domain/ticket-list-counts';

/** What the aggregator reads and writes. */
export interface AggregatorStore {
  timeZone(companyId: number): Promise<string>;
  timelineBefore(
    companyId: number,
    ticketId: number,
    beforeKey: string,
    startKey?: Record<string, unknown>,
  ): Promise<{ events: TimelineEvent[]; next?: Record<string, unknown> }>;
  ticketMessagesBetween(
    companyId: number,
    ticketId: number,
    after: string,
    untilKey: string,
  ): AsyncIterable<MessageFact[]>;
  firstResponseRecorded(companyId: number, ticketId: number, conversation: string): Promise<boolean>;
  /**
   * In one read, the conversations already counted and the newest timeline before an entry
   * (data/dashboard-aggregates.ts, AP-DA-8); absent, a reply costs the walk and the guard read.
   */
  firstResponsesAndTimeline?(
    companyId: number,
    ticketId: number,
    beforeKey: string,
  ): Promise<{ recorded: Set<string>; events: TimelineEvent[]; sawTimeline: boolean; complete: boolean }>;
  applyAggregates(writes: readonly AggregateWrite[]): Promise<{ applied: number; duplicates: number }>;
}

/** A change of the table that the dashboard counts. */
export type SourceChange =
  | { kind: 'timeline'; event: TimelineEvent }
  | {
      kind: 'ticketStatus';
      companyId: number;
      eventId: string;
      before?: string | undefined;
      after?: string | undefined;
      /** What the change moves per list partition (the tabs' counts). */
      lists: Record<string, number>;
    }
  | { kind: 'agentMessage'; companyId: number; ticketId: number; message: MessageFact & { userId: number } }
  | { kind: 'contact'; companyId: number; contactId: number; createdAt: string; isGroup: boolean };

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** The source change a stream record carries, if the dashboard counts it. */
export function sourceOf(record: DynamoDBRecord): SourceChange | undefined {
  const change = changeFromRecord(record);
  if (!change) return undefined;
  const item = change.newItem ?? change.oldItem ?? {};
  const companyId = num(item.companyId);
  if (companyId === undefined) return undefined;
  switch (change.entity) {
    case 'ticketEvent':
      // Timeline entries are inserted once and never changed.
      return change.kind === 'create'
        ? { kind: 'timeline', event: change.newItem as unknown as TimelineEvent }
        : undefined;
    case 'ticket': {
      const before = str(change.oldItem?.status);
      const after = str(change.newItem?.status);
      const eventId = record.eventID ?? record.dynamodb?.SequenceNumber;
      const lists = listCountDeltas(change.oldItem, change.newItem);
      if ((before === after && Object.keys(lists).length === 0) || !eventId) return undefined;
      return { kind: 'ticketStatus', companyId, eventId, before, after, lists };
    }
    case 'message': {
      if (change.kind !== 'create' || !change.newItem) return undefined;
      const message = {
        id: String(change.newItem.id),
        createdAt: String(change.newItem.createdAt),
        fromMe: change.newItem.fromMe === true,
        userId: num(change.newItem.userId),
      };
      const ticketId = num(change.newItem.ticketId);
      return ticketId !== undefined && isAgentReply(message)
        ? { kind: 'agentMessage', companyId, ticketId, message }
        : undefined;
    }
    case 'contact': {
      if (change.kind !== 'create' || !change.newItem) return undefined;
      const contactId = num(change.newItem.id);
      const createdAt = str(change.newItem.createdAt);
      if (contactId === undefined || !createdAt) return undefined;
      return { kind: 'contact', companyId, contactId, createdAt, isGroup: change.newItem.isGroup === true };
    }
    default:
      return undefined;
  }
}

/** Walks a ticket's timeline back from an entry until the step has its answer; null past the start. */
async function walkBack<T>(
  store: AggregatorStore,
  companyId: number,
  ticketId: number,
  beforeKey: string,
  step: WalkStep<T>,
): Promise<T | null> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await store.timelineBefore(companyId, ticketId, beforeKey, startKey);
    for (const event of page.events) {
      const answer = step(event);
      if (answer !== 'continue') return answer;
    }
    startKey = page.next;
  } while (startKey);
  return null;
}

/** Runs `work` over the items, a few at a time, keeping the results in order. */
async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const parallelReads = 8;

/** The buckets a day's increments go to: the company's day item, and the day's four blocks. */
export function bucketIncrements(companyId: number, increment: DayIncrement): AggregateWrite['increments'] {
  const { day, block } = splitIncrement(increment);
  return [
    ...(Object.keys(day).length > 0
      ? [{ target: { kind: 'day' as const, companyId, day: increment.day }, fields: day }]
      : []),
    ...(Object.keys(block).length > 0
      ? blocksContaining(increment.day).map((where) => ({
          target: { kind: 'block' as const, companyId, ...where },
          fields: block,
        }))
      : []),
  ];
}

async function timelineWrite(
  store: AggregatorStore,
  event: TimelineEvent,
): Promise<AggregateWrite | undefined> {
  const timeZone = await store.timeZone(event.companyId);
  let since: string | null | undefined;
  if (needsHistory(event)) {
    const step = takesTicket(event) ? waitStartStep : openStartStep;
    since = await walkBack(store, event.companyId, event.ticketId, timelineKey(event), step);
  }
  const increment = timelineIncrement(event, timeZone, { since });
  if (!increment) return undefined;
  return {
    guard: {
      kind: 'applied',
      companyId: event.companyId,
      source: `EV#${event.ticketId}#${event.at}#${event.seq}`,
    },
    increments: bucketIncrements(event.companyId, increment),
  };
}

/**
 * A reply's conversation and whether its first response is counted, from the one read of the
 * ticket's partition that usually holds both (every guard, and the timeline back to the last
 * close or the start); undefined when it did not, and the walk and the guard read decide.
 */
async function conversationInOneRead(
  store: AggregatorStore,
  companyId: number,
  ticketId: number,
  beforeKey: string,
): Promise<{ conversation: { key: string; after: string }; recorded: boolean } | undefined> {
  if (!store.firstResponsesAndTimeline) return undefined;
  const page = await store.firstResponsesAndTimeline(companyId, ticketId, beforeKey);
  // Guards sort after the timeline: once a timeline entry is on the page, every guard is too.
  if (!page.sawTimeline && !page.complete) return undefined;
  let conversation: { key: string; after: string } | undefined;
  for (const event of page.events) {
    const answer = conversationStep(event);
    if (answer !== 'continue') {
      conversation = answer ?? firstConversation;
      break;
    }
  }
  if (!conversation && !page.complete) return undefined;
  conversation ??= firstConversation;
  return { conversation, recorded: page.recorded.has(conversation.key) };
}

/** A message's key in its ticket's message index (gsi1): `<createdAt>#<id>`. */
const messageKey = (message: MessageFact) => `${message.createdAt}#${message.id}`;

/**
 * First responses: each agent message finds its conversation (the ticket's last close before
 * it); per conversation not counted yet, the conversation's messages up to the newest of the
 * batch's replies are read in order and the first reply after the customer's first message is
 * the answer, whichever reply the stream delivered first.
 */
async function firstResponseWrites(
  store: AggregatorStore,
  messages: Extract<SourceChange, { kind: 'agentMessage' }>[],
): Promise<AggregateWrite[]> {
  const located = await mapLimited(messages, parallelReads, async (change) => {
    const beforeKey = `EV#${change.message.createdAt}#~`;
    const known = await conversationInOneRead(store, change.companyId, change.ticketId, beforeKey);
    if (known) return { change, ...known };
    const conversation =
      (await walkBack(store, change.companyId, change.ticketId, beforeKey, conversationStep)) ??
      firstConversation;
    return { change, conversation, recorded: undefined };
  });
  const latestPerConversation = new Map<string, (typeof located)[number]>();
  for (const entry of located) {
    const id = `${entry.change.companyId}|${entry.change.ticketId}|${entry.conversation.key}`;
    const known = latestPerConversation.get(id);
    if (!known || messageKey(entry.change.message) > messageKey(known.change.message))
      latestPerConversation.set(id, entry);
  }
  const writes = await mapLimited(
    [...latestPerConversation.values()],
    parallelReads,
    async ({ change, conversation, recorded }) => {
      const { companyId, ticketId } = change;
      if (recorded ?? (await store.firstResponseRecorded(companyId, ticketId, conversation.key)))
        return undefined;
      const seen: MessageFact[] = [];
      for await (const page of store.ticketMessagesBetween(
        companyId,
        ticketId,
        conversation.after,
        messageKey(change.message),
      )) {
        seen.push(...page);
        const response = firstResponseOf(seen);
        if (!response) continue;
        const increment = firstResponseIncrement(response, await store.timeZone(companyId));
        const write: AggregateWrite = {
          guard: { kind: 'firstResponse', companyId, ticketId, conversation: conversation.key, response },
          increments: bucketIncrements(companyId, increment),
        };
        return write;
      }
      return undefined;
    },
  );
  return writes.filter((write): write is AggregateWrite => write !== undefined);
}

/** Counts what a batch of stream records adds to the dashboards, each source event once. */
export async function aggregate(
  records: readonly DynamoDBRecord[],
  store: AggregatorStore,
): Promise<{ applied: number; duplicates: number }> {
  const changes = records.map(sourceOf).filter((change): change is SourceChange => change !== undefined);
  if (changes.length === 0) return { applied: 0, duplicates: 0 };
  const simple = await mapLimited(
    changes.filter((change) => change.kind !== 'agentMessage'),
    parallelReads,
    async (change): Promise<AggregateWrite | undefined> => {
      switch (change.kind) {
        case 'timeline':
          return timelineWrite(store, change.event);
        case 'ticketStatus': {
          const fields = liveDelta(change.before, change.after);
          const increments: AggregateWrite['increments'] = [
            ...(fields ? [{ target: { kind: 'live' as const, companyId: change.companyId }, fields }] : []),
            ...Object.entries(change.lists).map(([partition, count]) => ({
              target: { kind: 'list' as const, companyId: change.companyId, partition },
              fields: { count },
            })),
          ];
          return increments.length > 0
            ? {
                guard: { kind: 'applied', companyId: change.companyId, source: `TS#${change.eventId}` },
                increments,
              }
            : undefined;
        }
        case 'contact': {
          const increment = leadIncrement(change, await store.timeZone(change.companyId));
          return increment
            ? {
                guard: { kind: 'applied', companyId: change.companyId, source: `CT#${change.contactId}` },
                increments: bucketIncrements(change.companyId, increment),
              }
            : undefined;
        }
        default:
          return undefined;
      }
    },
  );
  const responses = await firstResponseWrites(
    store,
    changes.filter(
      (change): change is Extract<SourceChange, { kind: 'agentMessage' }> => change.kind === 'agentMessage',
    ),
  );
  const writes = [...simple.filter((write): write is AggregateWrite => write !== undefined), ...responses];
  return writes.length > 0 ? store.applyAggregates(writes) : { applied: 0, duplicates: 0 };
}
