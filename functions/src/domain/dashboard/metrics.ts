/**
 * What each source event adds to the dashboard's buckets (docs/metrics.md). Pure: the
 * aggregator (modules/dashboard-aggregator) reads the facts these rules need from the table and
 * writes the increments, once per source event.
 *
 * Each event adds to the calendar day it happened on, in the company's time zone: the company's
 * figures and hour slots go to that day's item (the charts), the company's and each agent's
 * figures (flat attributes `u<userId>_<metric>`) to the blocks containing the day (blocks.ts;
 * the counters and attendants). Durations are summed in milliseconds next to their count;
 * averages are sum / count over the period.
 */
import { localDayHour } from './calendar.ts';

/** Increments of one bucket: attribute name → amount (negative for the live counters). */
export type Fields = Record<string, number>;

/** The company figures of a day item. */
export const dayField = {
  /** Conversations started (create, inbound-reopen, reopen). */
  started: 'st',
  /** Conversations finished (any move to closed). */
  finished: 'fin',
  supportSum: 'supS',
  supportCount: 'supN',
  waitSum: 'waitS',
  waitCount: 'waitN',
  firstResponseSum: 'frtS',
  firstResponseCount: 'frtN',
  /** New contacts (not groups). */
  leads: 'leads',
} as const;

export type AgentMetric = 'fin' | 'supS' | 'supN' | 'rateS' | 'rateN' | 'frtS' | 'frtN';
export const agentMetrics: readonly AgentMetric[] = ['fin', 'supS', 'supN', 'rateS', 'rateN', 'frtS', 'frtN'];

/** An agent's figure: `u<userId>_<metric>`. */
export function agentField(userId: number, metric: AgentMetric): string {
  return `u${userId}_${metric}`;
}

/** Conversations started in an hour slot of the day: `h00`..`h23`. */
export function hourField(hour: string): string {
  return `h${hour}`;
}

export function isHourField(name: string): boolean {
  return /^h\d{2}$/.test(name);
}

const agentFieldPattern = /^u(\d+)_(fin|supS|supN|rateS|rateN|frtS|frtN)$/;

/** The agent and metric of an attribute, if it is an agent's figure. */
export function parseAgentField(name: string): { userId: number; metric: AgentMetric } | undefined {
  const match = agentFieldPattern.exec(name);
  return match ? { userId: Number(match[1]), metric: match[2] as AgentMetric } : undefined;
}

/** The live counters' attributes: tickets open and pending now. */
export const liveField = { open: 'open', pending: 'pending' } as const;

// ---------------------------------------------------------------- The ticket timeline

export type TimelineAction =
  | 'create'
  | 'accept'
  | 'return'
  | 'resolve'
  | 'reopen'
  | 'transfer'
  | 'inbound-reopen'
  | 'chatbot-queue'
  | 'auto-transfer'
  | 'expire'
  | 'rating'
  | 'bot-handoff'
  | 'contact-merged';

/** A timeline entry as the table holds it (data/ticket-entity.ts, ticketEventEntity). */
export interface TimelineEvent {
  companyId: number;
  ticketId: number;
  at: string;
  seq: string;
  action: TimelineAction;
  actorId?: number | undefined;
  rating?: number | undefined;
  ratedUserId?: number | undefined;
  fromStatus?: string | undefined;
  toStatus: string;
  fromUserId?: number | undefined;
  toUserId?: number | undefined;
  fromQueueId?: number | undefined;
  toQueueId?: number | undefined;
}

/** The entry's sort key in its ticket's partition; unique, and in time order. */
export function timelineKey(event: Pick<TimelineEvent, 'at' | 'seq'>): string {
  return `EV#${event.at}#${event.seq}`;
}

/** Ratings, bot hand-offs and contact merges are not moves: they say nothing about where the ticket is. */
function isMove(event: TimelineEvent): boolean {
  return event.action !== 'rating' && event.action !== 'bot-handoff' && event.action !== 'contact-merged';
}

/** A conversation starts: the ticket is created, or leaves closed (inbound-reopen, reopen). */
export function startsConversation(event: TimelineEvent): boolean {
  return isMove(event) && event.toStatus !== 'closed' && (event.fromStatus === undefined || event.fromStatus === 'closed');
}

/** A conversation ends: the ticket moves to closed (resolve, expire). */
export function closesConversation(event: TimelineEvent): boolean {
  return isMove(event) && event.toStatus === 'closed' && event.fromStatus !== undefined && event.fromStatus !== 'closed';
}

/** An agent takes a waiting ticket: pending → open (accept, or a transfer to a user). */
export function takesTicket(event: TimelineEvent): boolean {
  return isMove(event) && event.fromStatus === 'pending' && event.toStatus === 'open';
}

/** Whether the event's figures need the entries before it (a wait or a support time). */
export function needsHistory(event: TimelineEvent): boolean {
  return takesTicket(event) || (closesConversation(event) && event.fromStatus === 'open');
}

/**
 * A step of a backwards walk over a ticket's timeline (newest first): `continue` to look at
 * the entry before, or the answer (`null` when the timeline gives none).
 */
export type WalkStep<T> = (event: TimelineEvent) => T | null | 'continue';

/**
 * When the wait that a take ends began: the last chatbot-queue entry of the pending stay (the
 * menu put the ticket in a queue: from then on it waits for an agent), else the entry that made
 * it pending (create, return, inbound-reopen, a transfer without user). Moves within pending
 * (a transfer to another queue) do not restart the wait.
 */
export const waitStartStep: WalkStep<string> = (event) => {
  if (!isMove(event)) return 'continue';
  if (event.toStatus !== 'pending') return null;
  if (event.action === 'chatbot-queue' || event.fromStatus !== 'pending') return event.at;
  return 'continue';
};

/**
 * When the attendance that a close ends began: the entry that made the ticket open (accept,
 * create as open, reopen, a transfer to a user of a pending ticket). Transfers between agents
 * keep the ticket open and do not restart it.
 */
export const openStartStep: WalkStep<string> = (event) => {
  if (!isMove(event)) return 'continue';
  if (event.toStatus !== 'open') return null;
  return event.fromStatus !== 'open' ? event.at : 'continue';
};

/**
 * Which conversation a message at some instant belongs to: the one after the ticket's last close
 * before it. The answer is that close's timeline key (the conversation's identity for its first
 * response) and instant; walking off the start of the timeline means the first conversation.
 */
export const conversationStep: WalkStep<{ key: string; after: string }> = (event) =>
  closesConversation(event) ? { key: timelineKey(event), after: event.at } : 'continue';

/** The first conversation of a ticket (no close before it). */
export const firstConversation = { key: 'FIRST', after: '' } as const;

/** Milliseconds from one instant to a later one (0 if the clocks disagree). */
export function elapsedMs(from: string, to: string): number {
  return Math.max(0, Date.parse(to) - Date.parse(from));
}

/** What an event adds to the day it happened on (company and agent figures). */
export interface DayIncrement {
  day: string;
  fields: Fields;
}

/** The agent a close counts for: the ticket's agent when it closed, else who closed it. */
function closingAgent(event: TimelineEvent): number | undefined {
  return event.fromUserId ?? event.toUserId ?? event.actorId;
}

function isRating(value: unknown): value is 1 | 2 | 3 {
  return value === 1 || value === 2 || value === 3;
}

/**
 * What a timeline entry adds to the day it happened on, in the company's zone. `history` is the
 * start found by walking back (the wait's start for a take, the attendance's start for a close
 * from open); without it the entry still counts, only its duration is left out.
 */
export function timelineIncrement(event: TimelineEvent, timeZone: string, history?: { since?: string | null }): DayIncrement | undefined {
  const { day, hour } = localDayHour(event.at, timeZone);
  const fields: Fields = {};
  const since = history?.since ?? undefined;
  if (startsConversation(event)) {
    fields[dayField.started] = 1;
    fields[hourField(hour)] = 1;
  }
  if (takesTicket(event) && since) {
    fields[dayField.waitSum] = elapsedMs(since, event.at);
    fields[dayField.waitCount] = 1;
  }
  if (closesConversation(event)) {
    fields[dayField.finished] = 1;
    const agent = closingAgent(event);
    if (agent) fields[agentField(agent, 'fin')] = 1;
    if (event.fromStatus === 'open' && since) {
      const support = elapsedMs(since, event.at);
      fields[dayField.supportSum] = support;
      fields[dayField.supportCount] = 1;
      if (agent) {
        fields[agentField(agent, 'supS')] = support;
        fields[agentField(agent, 'supN')] = 1;
      }
    }
  }
  if (event.action === 'rating' && isRating(event.rating) && event.ratedUserId) {
    fields[agentField(event.ratedUserId, 'rateS')] = event.rating;
    fields[agentField(event.ratedUserId, 'rateN')] = 1;
  }
  return Object.keys(fields).length > 0 ? { day, fields } : undefined;
}

// ---------------------------------------------------------------- Messages

/** What the first-response rule needs of a message. */
export interface MessageFact {
  id: string;
  createdAt: string;
  fromMe: boolean;
  userId?: number | undefined;
}

/** An agent's reply written in the product (the phone's own messages carry no user). */
export function isAgentReply(message: MessageFact): message is MessageFact & { userId: number } {
  return message.fromMe && typeof message.userId === 'number' && message.userId > 0;
}

export interface FirstResponse {
  customerMessageId: string;
  customerAt: string;
  responseMessageId: string;
  responseAt: string;
  userId: number;
}

/**
 * The first response of a conversation, from its messages in time order: the first agent reply
 * after the customer's first message. Agent messages before the customer wrote do not count.
 */
export function firstResponseOf(messages: Iterable<MessageFact>): FirstResponse | undefined {
  let customer: MessageFact | undefined;
  for (const message of messages) {
    if (!message.fromMe) customer ??= message;
    else if (customer && isAgentReply(message)) {
      return {
        customerMessageId: customer.id,
        customerAt: customer.createdAt,
        responseMessageId: message.id,
        responseAt: message.createdAt,
        userId: message.userId,
      };
    }
  }
  return undefined;
}

/** A first response adds to the day of the reply, for the company and the replying agent. */
export function firstResponseIncrement(response: FirstResponse, timeZone: string): DayIncrement {
  const elapsed = elapsedMs(response.customerAt, response.responseAt);
  return {
    day: localDayHour(response.responseAt, timeZone).day,
    fields: {
      [dayField.firstResponseSum]: elapsed,
      [dayField.firstResponseCount]: 1,
      [agentField(response.userId, 'frtS')]: elapsed,
      [agentField(response.userId, 'frtN')]: 1,
    },
  };
}

// ---------------------------------------------------------------- Contacts and live counters

/** A new contact counts as a lead on the day it was created; groups are not leads. */
export function leadIncrement(contact: { createdAt: string; isGroup?: boolean | undefined }, timeZone: string): DayIncrement | undefined {
  if (contact.isGroup) return undefined;
  return { day: localDayHour(contact.createdAt, timeZone).day, fields: { [dayField.leads]: 1 } };
}

/** How a ticket's change moves the open and pending counters (undefined status: no ticket). */
export function liveDelta(before: string | undefined, after: string | undefined): Fields | undefined {
  if (before === after) return undefined;
  const fields: Fields = {};
  const move = (status: string | undefined, amount: number) => {
    if (status === 'open' || status === 'pending') fields[liveField[status]] = (fields[liveField[status]] ?? 0) + amount;
  };
  move(before, -1);
  move(after, 1);
  return Object.keys(fields).length > 0 ? fields : undefined;
}

/** Adds increments into a running total (the same bucket touched by several events). */
export function addFields(into: Fields, more: Fields): Fields {
  for (const [name, amount] of Object.entries(more)) into[name] = (into[name] ?? 0) + amount;
  return into;
}
