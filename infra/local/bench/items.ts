/**
 * The seeded company as the product's own items: each one built by the product's ElectroDB
 * entity (`put(...).params()`), with the list keys of domain/ticket-keys.ts and the search tokens
 * of domain/contact-tokens.ts and domain/message-tokens.ts — the same items createContact,
 * createTicket, storeMessageOnce, the ticket transitions and the dashboard aggregator write, only
 * dated over the last 90 days and written in bulk.
 *
 * The data modules read TABLE_NAME when imported, so they are imported lazily (loadProductData)
 * after the runtime's environment is known; only `params()` is used, never their client.
 */
import { randomUUID } from 'node:crypto';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { tableName } from '../src/env.ts';
import { dashboardDays, messagesOf, type Shape, type TicketSpec } from './shape.ts';

export type TableItem = Record<string, AttributeValue>;

async function importProductData() {
  process.env.TABLE_NAME ??= tableName;
  const [contactEntities, ticketEntities, created, messages, dashboard, ticketKeys, contactTokens, messageTokens, companyRules, calendar, constants, listCounts, searchKeys] =
    await Promise.all([
      import('../../../functions/src/data/contact-entity.ts'),
      import('../../../functions/src/data/ticket-entity.ts'),
      import('../../../functions/src/data/ticket-created-entity.ts'),
      import('../../../functions/src/data/message-entity.ts'),
      import('../../../functions/src/data/dashboard-entities.ts'),
      import('../../../functions/src/domain/ticket-keys.ts'),
      import('../../../functions/src/domain/contact-tokens.ts'),
      import('../../../functions/src/domain/message-tokens.ts'),
      import('../../../functions/src/domain/company-rules.ts'),
      import('../../../functions/src/domain/dashboard/calendar.ts'),
      import('@atende/shared/constants'),
      import('../../../functions/src/domain/ticket-list-counts.ts'),
      import('../../../functions/src/domain/ticket-search-keys.ts'),
    ]);
  return {
    ...contactEntities,
    ...ticketEntities,
    ...created,
    ...messages,
    ...dashboard,
    ...ticketKeys,
    ...contactTokens,
    ...messageTokens,
    ...companyRules,
    ...calendar,
    ...listCounts,
    ...searchKeys,
    defaultTimeZone: constants.defaultTimeZone,
  };
}

type ProductData = Awaited<ReturnType<typeof importProductData>>;
let productData: Promise<ProductData> | undefined;
export function loadProductData(): Promise<ProductData> {
  productData ??= importProductData();
  return productData;
}

export interface SeedTarget {
  companyId: number;
  whatsappId: number;
  queueId: number;
  /** User id of each agent (by the shape's agent index). */
  agentUserIds: number[];
  timeZone?: string;
}

interface PutParams {
  Item: Record<string, unknown>;
}

function item(params: unknown): TableItem {
  return marshall((params as PutParams).Item, { removeUndefinedValues: true, convertClassInstanceToMap: false });
}

type Scalar = string | number;

/**
 * A fast maker of one entity's items, for the kinds written by the hundred thousand (search
 * tokens, claims, timeline entries): the entity builds one item with sentinel values, and each
 * later item is that item with the sentinels replaced, so it is still exactly what the entity
 * writes (keys, markers, attribute names) at a fraction of ElectroDB's cost per item. Only for
 * attributes stored as given (no enum, no transform); items.test.ts checks it against the entity.
 */
export function itemFactory<K extends string>(fields: readonly K[], build: (values: Record<K, Scalar>) => unknown, kinds: Record<K, 'number' | 'string'>) {
  const sentinels = fields.map((field, index) => (kinds[field] === 'number' ? 700_000_001 + index : `zqxsentinel${index}zqx`));
  const sample = Object.fromEntries(fields.map((field, index) => [field, sentinels[index]])) as Record<K, Scalar>;
  const text = JSON.stringify(item(build(sample)));
  // The template as literal pieces with the index of the value that goes between each two.
  const pattern = new RegExp(sentinels.map((sentinel) => String(sentinel)).join('|'), 'g');
  const pieces: string[] = [];
  const slots: number[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    pieces.push(text.slice(last, match.index));
    slots.push(sentinels.findIndex((sentinel) => String(sentinel) === match[0]));
    last = match.index + match[0].length;
  }
  pieces.push(text.slice(last));
  return (values: Record<K, Scalar>): TableItem => {
    let json = pieces[0]!;
    for (let i = 0; i < slots.length; i += 1) {
      const value = values[fields[slots[i]!]!];
      json += (typeof value === 'number' ? String(value) : JSON.stringify(value).slice(1, -1)) + pieces[i + 1]!;
    }
    return JSON.parse(json) as TableItem;
  };
}

/** The same 8-character sequence createTicket gives timeline entries, deterministic here. */
function sequenceOf(ticketId: number, step: number): string {
  return (ticketId * 4 + step).toString(16).padStart(8, '0').slice(-8);
}

/** WhatsApp-like message ids (3EB0 + hex), as the product's own. */
export function seededMessageId(ticketId: number, index: number): string {
  return `3EB0BE${ticketId.toString(16).toUpperCase().padStart(10, '0')}${String(index).padStart(4, '0')}`;
}

/** How many items of each kind the seed writes (filled while generating; progress and docs). */
export type ItemCounts = Record<string, number>;

/**
 * Every item of the seeded company, a ticket (or contact) at a time, so a size of 100k tickets
 * never holds its ~1.5 M items in memory at once.
 */
/** The fast item makers of one run (itemFactory), built from the product's entities. */
export function itemMakers(data: ProductData) {
  type V = Record<string, Scalar>;
  const n = 'number' as const;
  const t = 'string' as const;
  return {
    contactNumber: itemFactory(['companyId', 'number', 'contactId'], (v: V) => data.contactNumberEntity.create(v as { companyId: number; number: string; contactId: number }).params(), { companyId: n, number: t, contactId: n }),
    contactToken: itemFactory(['companyId', 'token', 'contactId'], (v: V) => data.contactTokenEntity.put(v as { companyId: number; token: string; contactId: number }).params(), { companyId: n, token: t, contactId: n }),
    contactTicket: itemFactory(
      ['companyId', 'whatsappId', 'contactId', 'ticketId'],
      (v: V) => data.contactTicketEntity.create(v as { companyId: number; whatsappId: number; contactId: number; ticketId: number }).params(),
      { companyId: n, whatsappId: n, contactId: n, ticketId: n },
    ),
    ticketUuid: itemFactory(['companyId', 'uuid', 'ticketId'], (v: V) => data.ticketUuidEntity.create(v as { companyId: number; uuid: string; ticketId: number }).params(), { companyId: n, uuid: t, ticketId: n }),
    ticketCreated: itemFactory(['companyId', 'createdAt', 'ticketId'], (v: V) => data.ticketCreatedEntity.put(v as { companyId: number; createdAt: string; ticketId: number }).params(), { companyId: n, createdAt: t, ticketId: n }),
    ticketToken: itemFactory(
      ['companyId', 'token', 'ticketKey', 'ticketId'],
      (v: V) => data.ticketTokenEntity.put(v as { companyId: number; token: string; ticketKey: string; ticketId: number }).params(),
      { companyId: n, token: t, ticketKey: t, ticketId: n },
    ),
    ticketContactToken: itemFactory(
      ['companyId', 'token', 'ticketKey', 'ticketId', 'contactId'],
      (v: V) => data.ticketContactTokenEntity.put(v as { companyId: number; token: string; ticketKey: string; ticketId: number; contactId: number }).params(),
      { companyId: n, token: t, ticketKey: t, ticketId: n, contactId: n },
    ),
    contactTicketLink: itemFactory(
      ['companyId', 'contactId', 'ticketKey', 'ticketId'],
      (v: V) => data.contactTicketLinkEntity.put(v as { companyId: number; contactId: number; ticketKey: string; ticketId: number }).params(),
      { companyId: n, contactId: n, ticketKey: t, ticketId: n },
    ),
    /** Timeline: created pending by the customer's first message, in the queue. */
    createEvent: itemFactory(
      ['companyId', 'ticketId', 'at', 'seq', 'toQueueId'],
      (v: V) => data.ticketEventEntity.put({ ...(v as { companyId: number; ticketId: number; at: string; seq: string; toQueueId: number }), action: 'create', toStatus: 'pending' }).params(),
      { companyId: n, ticketId: n, at: t, seq: t, toQueueId: n },
    ),
    /** Timeline: accepted by an agent. */
    acceptEvent: itemFactory(
      ['companyId', 'ticketId', 'at', 'seq', 'actorId', 'toUserId', 'fromQueueId', 'toQueueId'],
      (v: V) =>
        data.ticketEventEntity
          .put({
            ...(v as { companyId: number; ticketId: number; at: string; seq: string; actorId: number; toUserId: number; fromQueueId: number; toQueueId: number }),
            action: 'accept',
            fromStatus: 'pending',
            toStatus: 'open',
          })
          .params(),
      { companyId: n, ticketId: n, at: t, seq: t, actorId: n, toUserId: n, fromQueueId: n, toQueueId: n },
    ),
    /** Timeline: resolved by that agent. */
    resolveEvent: itemFactory(
      ['companyId', 'ticketId', 'at', 'seq', 'actorId', 'fromUserId', 'toUserId', 'fromQueueId', 'toQueueId'],
      (v: V) =>
        data.ticketEventEntity
          .put({
            ...(v as { companyId: number; ticketId: number; at: string; seq: string; actorId: number; fromUserId: number; toUserId: number; fromQueueId: number; toQueueId: number }),
            action: 'resolve',
            fromStatus: 'open',
            toStatus: 'closed',
          })
          .params(),
      { companyId: n, ticketId: n, at: t, seq: t, actorId: n, fromUserId: n, toUserId: n, fromQueueId: n, toQueueId: n },
    ),
  };
}

/**
 * Every item of the seeded company, a ticket (or contact) at a time, so a size of 100k tickets
 * never holds its ~2 M items in memory at once.
 */
export async function* seedItems(shape: Shape, target: SeedTarget, counts: ItemCounts): AsyncGenerator<TableItem> {
  const data = await loadProductData();
  const make = itemMakers(data);
  const { companyId, whatsappId, queueId } = target;
  const count = (kind: string, n = 1) => {
    counts[kind] = (counts[kind] ?? 0) + n;
  };
  const userOf = (ticket: TicketSpec) => (ticket.agent === undefined ? undefined : target.agentUserIds[ticket.agent]);
  // Written in the search's current layout: the start's migration task has nothing to do.
  yield marshall({ pk: 'PLATFORM', sk: 'MIGRATION#TICKETSEARCH3', at: new Date(shape.nowMs).toISOString() });
  count('migrationMarker');
  /** Each contact's search tokens, which every ticket of the contact carries too. */
  const tokensOfContact = new Map<number, string[]>();

  for (const contact of shape.contacts) {
    const record = {
      companyId,
      id: contact.id,
      name: contact.name,
      nameKey: data.nameKey(contact.name),
      number: contact.number,
      email: '',
      isGroup: false,
      extraInfo: [],
      whatsappId,
      createdAt: contact.createdAt,
    };
    yield make.contactNumber({ companyId, number: contact.number, contactId: contact.id });
    yield item(data.contactEntity.create(record).params());
    const tokens = data.contactTokens(record);
    // A ticket carries its contact's name phrases too (ticketContactTokens).
    tokensOfContact.set(contact.id, data.ticketContactTokens(record));
    for (const token of tokens) yield make.contactToken({ companyId, token, contactId: contact.id });
    count('contact');
    count('contactNumber');
    count('contactToken', tokens.length);
  }

  // The contact's current ticket: its open or pending one (each contact has exactly one).
  for (const ticket of shape.tickets) {
    if (ticket.status === 'closed') continue;
    yield make.contactTicket({ companyId, whatsappId, contactId: ticket.contactId, ticketId: ticket.id });
    count('contactTicket');
  }

  // What each ticket shows of its contact, as the product writes it (data/ticket-contact.ts).
  const contactById = new Map(shape.contacts.map((contact) => [contact.id, contact]));
  // The open and pending tabs' counters (domain/ticket-list-counts.ts), as the aggregator keeps them.
  const listCounts = new Map<string, number>();
  for (const ticket of shape.tickets) {
    const userId = userOf(ticket);
    for (const [partition, delta] of Object.entries(data.listCountDeltas(undefined, { companyId, status: ticket.status, queueId, userId }))) {
      listCounts.set(partition, (listCounts.get(partition) ?? 0) + delta);
    }
    const messages = messagesOf(ticket);
    const last = messages[messages.length - 1]!;
    const record = {
      companyId,
      id: ticket.id,
      uuid: randomUUID(),
      status: ticket.status,
      contactId: ticket.contactId,
      whatsappId,
      queueId,
      ...(userId !== undefined ? { userId } : {}),
      isGroup: false,
      unreadMessages: ticket.unreadMessages,
      lastMessage: last.body,
      lastMessageAt: ticket.lastMessageAt,
      activityAt: ticket.activityAt,
      createdAt: ticket.createdAt,
      tagIds: [] as number[],
      ...(contactById.has(ticket.contactId)
        ? { contactSnapshot: { name: contactById.get(ticket.contactId)!.name, number: contactById.get(ticket.contactId)!.number, isGroup: false } }
        : {}),
    };
    const keys = data.ticketIndexKeys({ companyId, id: ticket.id, status: ticket.status, queueId, userId, activityAt: ticket.activityAt });
    yield item(data.ticketEntity.create({ ...record, ...keys }).params());
    yield make.ticketUuid({ companyId, uuid: record.uuid, ticketId: ticket.id });
    yield make.ticketCreated({ companyId, createdAt: ticket.createdAt, ticketId: ticket.id });
    count('ticket');
    count('ticketUuid');
    count('ticketCreated');

    // Its timeline: created pending by the customer, accepted, resolved.
    const ticketId = ticket.id;
    yield make.createEvent({ companyId, ticketId, at: ticket.createdAt, seq: sequenceOf(ticketId, 0), toQueueId: queueId });
    count('ticketEvent');
    if (ticket.acceptedAt !== undefined && userId !== undefined) {
      const moved = { companyId, ticketId, actorId: userId, toUserId: userId, fromQueueId: queueId, toQueueId: queueId };
      yield make.acceptEvent({ ...moved, at: ticket.acceptedAt, seq: sequenceOf(ticketId, 1) });
      count('ticketEvent');
      if (ticket.closedAt !== undefined) {
        yield make.resolveEvent({ ...moved, fromUserId: userId, at: ticket.closedAt, seq: sequenceOf(ticketId, 2) });
        count('ticketEvent');
      }
    }

    // The search tokens of all five messages (one item per word and ticket, as storeMessageOnce
    // writes them); the messages themselves only for the tickets the agents open.
    const tokens = new Set(messages.flatMap((message) => data.messageTokens(message.body)));
    const key = data.ticketKey(ticketId);
    for (const token of tokens) yield make.ticketToken({ companyId, token, ticketKey: key, ticketId });
    count('ticketToken', tokens.size);
    // Its contact's tokens and link, as createTicket writes them (newTicketSearchItems).
    const ofContact = tokensOfContact.get(ticket.contactId) ?? [];
    for (const token of ofContact) yield make.ticketContactToken({ companyId, token, ticketKey: key, ticketId, contactId: ticket.contactId });
    yield make.contactTicketLink({ companyId, contactId: ticket.contactId, ticketKey: key, ticketId });
    count('ticketContactToken', ofContact.length);
    count('contactTicketLink');
    if (ticket.opened) {
      for (const [index, message] of messages.entries()) {
        yield item(
          data.messageEntity
            .create({
              companyId,
              id: seededMessageId(ticketId, index),
              ticketId,
              contactId: ticket.contactId,
              whatsappId,
              body: message.body,
              fromMe: message.fromMe,
              ack: message.fromMe ? 3 : 0,
              read: true,
              ...(message.fromMe && userId !== undefined ? { userId } : {}),
              createdAt: message.at,
            })
            .params(),
        );
      }
      count('message', messages.length);
    }
  }

  // The dashboard's day buckets and live counters, as the aggregator would have left them.
  const timeZone = target.timeZone ?? data.defaultTimeZone;
  const perDay = dashboardDays(shape, (agent) => target.agentUserIds[agent]!, (instant) => data.localDayHour(instant, timeZone));
  // Day items (charts) and 1/4/16/64-day blocks (counters, attendants) as the aggregator splits them.
  const { bucketsOfDays } = await import('../../../functions/src/domain/dashboard/blocks.ts');
  const { days, blocks } = bucketsOfDays(perDay);
  for (const [day, fields] of days) {
    const base = (data.dashboardDayEntity.put({ companyId, day }).params() as PutParams).Item;
    yield marshall({ ...base, ...fields });
  }
  count('dashboardDay', days.size);
  for (const block of blocks.values()) {
    const base = (data.dashboardBlockEntity.put({ companyId, size: block.size, start: block.start }).params() as PutParams).Item;
    yield marshall({ ...base, ...block.fields });
  }
  count('dashboardBlock', blocks.size);
  yield item(data.dashboardLiveEntity.put({ companyId, open: shape.counts.open, pending: shape.counts.pending }).params());
  count('dashboardLive');
  for (const [partition, listCount] of listCounts) yield item(data.ticketListCountEntity.put({ companyId, partition, count: listCount }).params());
  count('ticketListCount', listCounts.size);
}

/** The id counters the product hands new ids from, moved past the seeded ones. */
export function counterItems(companyId: number, shape: Shape): TableItem[] {
  return [
    { pk: { S: `C#${companyId}` }, sk: { S: 'SEQ#ticket' }, value: { N: String(shape.tickets.length) } },
    { pk: { S: `C#${companyId}` }, sk: { S: 'SEQ#contact' }, value: { N: String(shape.contacts.length) } },
  ];
}

/** Items a size writes, estimated before writing (progress). */
export function estimatedItemCount(shape: Shape): number {
  // Per contact: itself, its number claim, its current-ticket claim and 12 search tokens; per
  // ticket: itself, its uuid and creation items, 2.3 timeline entries, ~7.4 message search tokens
  // and its contact's 12 tokens and link.
  return Math.round(shape.contacts.length * 15 + shape.tickets.length * 25.7);
}
