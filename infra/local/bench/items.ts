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
  const [contactEntities, ticketEntities, created, messages, dashboard, ticketKeys, contactTokens, messageTokens, companyRules, calendar, constants] =
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
export async function* seedItems(shape: Shape, target: SeedTarget, counts: ItemCounts): AsyncGenerator<TableItem> {
  const data = await loadProductData();
  const { companyId, whatsappId, queueId } = target;
  const count = (kind: string, n = 1) => {
    counts[kind] = (counts[kind] ?? 0) + n;
  };
  const userOf = (ticket: TicketSpec) => (ticket.agent === undefined ? undefined : target.agentUserIds[ticket.agent]);

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
    yield item(data.contactNumberEntity.create({ companyId, number: contact.number, contactId: contact.id }).params());
    yield item(data.contactEntity.create(record).params());
    const tokens = data.contactTokens(record);
    for (const token of tokens) yield item(data.contactTokenEntity.put({ companyId, token, contactId: contact.id }).params());
    count('contact');
    count('contactNumber');
    count('contactToken', tokens.length);
  }

  // The contact's current ticket: its open or pending one (each contact has exactly one).
  for (const ticket of shape.tickets) {
    if (ticket.status === 'closed') continue;
    yield item(data.contactTicketEntity.create({ companyId, whatsappId, contactId: ticket.contactId, ticketId: ticket.id }).params());
    count('contactTicket');
  }

  for (const ticket of shape.tickets) {
    const userId = userOf(ticket);
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
    };
    const keys = data.ticketIndexKeys({ companyId, id: ticket.id, status: ticket.status, queueId, userId, activityAt: ticket.activityAt });
    yield item(data.ticketEntity.create({ ...record, ...keys }).params());
    yield item(data.ticketUuidEntity.create({ companyId, uuid: record.uuid, ticketId: ticket.id }).params());
    yield item(data.ticketCreatedEntity.put({ companyId, createdAt: ticket.createdAt, ticketId: ticket.id }).params());
    count('ticket');
    count('ticketUuid');
    count('ticketCreated');

    // Its timeline: created pending by the customer, accepted, resolved.
    const events = [
      { at: ticket.createdAt, action: 'create' as const, toStatus: 'pending' as const, toQueueId: queueId },
      ...(ticket.acceptedAt !== undefined && userId !== undefined
        ? [{ at: ticket.acceptedAt, action: 'accept' as const, actorId: userId, fromStatus: 'pending', toStatus: 'open' as const, toUserId: userId, fromQueueId: queueId, toQueueId: queueId }]
        : []),
      ...(ticket.closedAt !== undefined && userId !== undefined
        ? [{ at: ticket.closedAt, action: 'resolve' as const, actorId: userId, fromStatus: 'open', toStatus: 'closed' as const, fromUserId: userId, toUserId: userId, fromQueueId: queueId, toQueueId: queueId }]
        : []),
    ];
    for (const [step, event] of events.entries()) {
      yield item(data.ticketEventEntity.put({ companyId, ticketId: ticket.id, seq: sequenceOf(ticket.id, step), ...event }).params());
    }
    count('ticketEvent', events.length);

    // The search tokens of all five messages (one item per word and ticket, as storeMessageOnce
    // writes them); the messages themselves only for the tickets the agents open.
    const tokens = new Set(messages.flatMap((message) => data.messageTokens(message.body)));
    for (const token of tokens) yield item(data.ticketTokenEntity.put({ companyId, token, ticketId: ticket.id }).params());
    count('ticketToken', tokens.size);
    if (ticket.opened) {
      for (const [index, message] of messages.entries()) {
        yield item(
          data.messageEntity
            .create({
              companyId,
              id: seededMessageId(ticket.id, index),
              ticketId: ticket.id,
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
  const days = dashboardDays(shape, (agent) => target.agentUserIds[agent]!, (instant) => data.localDayHour(instant, timeZone));
  for (const [day, fields] of days) {
    const base = (data.dashboardDayEntity.put({ companyId, day }).params() as PutParams).Item;
    yield marshall({ ...base, ...fields });
  }
  count('dashboardDay', days.size);
  yield item(data.dashboardLiveEntity.put({ companyId, open: shape.counts.open, pending: shape.counts.pending }).params());
  count('dashboardLive');
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
  const contacts = shape.contacts.length * 15;
  const tickets = shape.tickets.length * 10;
  return contacts + tickets;
}
