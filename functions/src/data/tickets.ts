import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { EntityItem } from 'electrodb';
import { documentClient, tableName } from '#aws/dynamo';
import { ticketIndexKeys } from '#domain/ticket-keys';
import type { TicketAction, TicketState } from '#domain/ticket-transitions';
import { campaignEntity } from './campaign-entity.ts';
import { getItems, itemRef, type ItemRef } from './batch-get.ts';
import { campaignRunCheck, type CampaignRunGuard } from './campaigns.ts';
import { nextId } from './ids.ts';
import { isConditionFailure, writtenIf } from './sessions.ts';
import { contactTicketEntity, ticketEntity, ticketEventEntity, ticketTokenEntity, ticketUuidEntity } from './ticket-entity.ts';
import type { TicketContactSnapshot } from './ticket-contact.ts';
import { ticketCreatedEntity } from './ticket-created-entity.ts';
import { newTicketSearchItemCount, newTicketSearchItems, ticketSearchEntities, type TicketSearchContact } from './ticket-search.ts';
import { writeAll, type TransactionWriter } from './transaction.ts';
import type { ErrorCode } from '@atende/shared/errors';
import { messageEntity } from './message-entity.ts';
import { newMessageWrites, transactionItemLimit, type MessageRecord, type NewMessage, type TicketMessageUpdate } from './message-writes.ts';
import { queryCount } from './paged-query.ts';

export type TicketRecord = EntityItem<typeof ticketEntity>;

const nowIso = () => new Date().toISOString();
const seq = () => randomUUID().slice(0, 8);

/** AP-TK-1: a ticket by id. */
export async function getTicket(companyId: number, id: number): Promise<TicketRecord | undefined> {
  const { data } = await ticketEntity.get({ companyId, id }).go({ consistent: true });
  return data ?? undefined;
}

/** AP-TK-10: a ticket by its uuid. */
export async function getTicketByUuid(companyId: number, uuid: string): Promise<TicketRecord | undefined> {
  const { data } = await ticketUuidEntity.get({ companyId, uuid }).go();
  return data ? getTicket(companyId, data.ticketId) : undefined;
}

/** AP-TK-2: the current ticket of a contact on a connection, if any. */
export async function currentTicketOf(companyId: number, whatsappId: number, contactId: number): Promise<TicketRecord | undefined> {
  const { data: claim } = await contactTicketEntity.get({ companyId, whatsappId, contactId }).go({ consistent: true });
  return claim ? getTicket(companyId, claim.ticketId) : undefined;
}

function keysOf(ticket: Pick<TicketRecord, 'companyId' | 'id' | 'status' | 'queueId' | 'userId'>, activityAt: string) {
  return ticketIndexKeys({ ...ticket, activityAt });
}

/**
 * AP-TK-3: the ticket an inbound message belongs to: the contact's current ticket on the
 * connection, reopened as pending if it was closed, or a new pending ticket created with its
 * claim in one conditional transaction (so there is never a second non-closed ticket).
 */
export async function ticketForInbound(
  companyId: number,
  whatsappId: number,
  /** The contact (its name and number: the new ticket's search tokens). */
  contact: TicketSearchContact,
  isGroup: boolean,
  /** A closed ticket this answers true for stays closed and takes the message (a rating answer). */
  keepClosed: (ticket: TicketRecord) => boolean = () => false,
  /** The contact's current ticket as the caller has just read it (AP-IN-1): the first attempt starts from it. */
  known?: { current: TicketRecord | undefined },
  /** What a created ticket shows of the contact (data/ticket-contact.ts contactSnapshotOf). */
  contactSnapshot?: TicketContactSnapshot,
): Promise<{ ticket: TicketRecord; change: 'existing' | 'reopened' | 'created' }> {
  const contactId = contact.id;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const current = attempt === 0 && known ? known.current : await currentTicketOf(companyId, whatsappId, contactId);
    if (current && (current.status !== 'closed' || keepClosed(current))) return { ticket: current, change: 'existing' };
    if (current) {
      const at = nowIso();
      try {
        await writeAll(
          { ticket: ticketEntity, event: ticketEventEntity, claim: contactTicketEntity },
          ({ ticket, event, claim }) => [
            ticket
              .patch({ companyId, id: current.id })
              .set({ status: 'pending', activityAt: at, ...keysOf({ ...current, status: 'pending', userId: undefined }, at) })
              .remove(['userId'])
              .where(({ status }, { eq }) => eq(status, 'closed'))
              .commit(),
            event
              .put({ companyId, ticketId: current.id, at, seq: seq(), action: 'inbound-reopen', fromStatus: 'closed', toStatus: 'pending', ...(current.userId ? { fromUserId: current.userId } : {}) })
              .commit(),
            // Still the contact's current ticket: a ticket created for the contact meanwhile keeps its place.
            claim
              .check({ companyId, whatsappId, contactId })
              .where(({ ticketId }, { eq }) => eq(ticketId, current.id))
              .commit(),
          ],
          ['ERR_TICKET_CONFLICT', undefined, 'ERR_TICKET_CONFLICT'],
        );
        return { ticket: { ...current, status: 'pending', userId: undefined, activityAt: at }, change: 'reopened' };
      } catch (error) {
        if (error instanceof Error && error.message === 'ERR_TICKET_CONFLICT') continue; // reopened meanwhile
        throw error;
      }
    }
    const created = await createTicket({ companyId, whatsappId, contact, isGroup, status: 'pending', ...(contactSnapshot ? { contactSnapshot } : {}) }, undefined, { current });
    if (created.outcome === 'created') return { ticket: created.ticket, change: 'created' };
    // Another message created it first: loop and use it.
  }
  throw new Error(`no ticket for contact ${contactId} on connection ${whatsappId} after retries`);
}

type NewTicketFields = {
  companyId: number;
  whatsappId: number;
  /** Its name and number are the ticket's contact search tokens (newTicketSearchItems). */
  contact: TicketSearchContact;
  isGroup: boolean;
  status: 'pending' | 'open';
  userId?: number;
  queueId?: number;
  /** What the lists show of the contact (data/ticket-contact.ts contactSnapshotOf); without it they read the contact. */
  contactSnapshot?: TicketContactSnapshot;
};

/**
 * A new ticket's item as it is first written, without its list keys: the one place a ticket
 * item is built (createTicket, and a new customer's first message in data/inbound-chat.ts).
 * `at` is its creation instant, the same as its TCREATED item (the "created on a day" filter).
 */
export function newTicketItem(fields: NewTicketFields, id: number, at: string) {
  return {
    companyId: fields.companyId,
    id,
    uuid: randomUUID(),
    status: fields.status,
    contactId: fields.contact.id,
    whatsappId: fields.whatsappId,
    isGroup: fields.isGroup,
    unreadMessages: 0,
    tagIds: [] as number[],
    activityAt: at,
    createdAt: at,
    ...(fields.userId ? { userId: fields.userId } : {}),
    ...(fields.queueId ? { queueId: fields.queueId } : {}),
    ...(fields.contactSnapshot ? { contactSnapshot: fields.contactSnapshot } : {}),
  };
}

/**
 * The writes that create a ticket (without its contact claim, which the caller writes as the
 * case needs): the ticket with its list keys (first: the caller may keep the item), its uuid and
 * creation references, the timeline's "create" entry (these four in this order, for the callers'
 * error codes), then its contact's search items (newTicketSearchItemCount of them). Each create is
 * conditional.
 */
export function newTicketWrites(
  entities: {
    ticket: TransactionWriter<typeof ticketEntity>;
    event: TransactionWriter<typeof ticketEventEntity>;
    uuidRef: TransactionWriter<typeof ticketUuidEntity>;
    createdRef: TransactionWriter<typeof ticketCreatedEntity>;
    searchToken: TransactionWriter<typeof ticketSearchEntities.searchToken>;
    searchLink: TransactionWriter<typeof ticketSearchEntities.searchLink>;
  },
  ticket: ReturnType<typeof newTicketItem> & Partial<TicketRecord>,
  actorId: number | undefined,
  contact: TicketSearchContact,
) {
  const { companyId, id, createdAt: at } = ticket;
  return [
    entities.ticket.create({ ...ticket, ...keysOf(ticket, ticket.activityAt) }).commit(),
    entities.uuidRef.create({ companyId, uuid: ticket.uuid, ticketId: id }).commit(),
    entities.createdRef.put({ companyId, createdAt: at, ticketId: id }).commit(),
    entities.event
      .put({ companyId, ticketId: id, at, seq: seq(), action: 'create', toStatus: ticket.status, ...(actorId ? { actorId } : {}), ...(ticket.userId ? { toUserId: ticket.userId } : {}), ...(ticket.queueId ? { toQueueId: ticket.queueId } : {}) })
      .commit(),
    // Found by its contact's name and number from the start (the search's one token partition).
    ...newTicketSearchItems(entities, companyId, id, contact),
  ];
}

/**
 * AP-TK-4: create a ticket and make it the contact's current one on the connection, if the
 * current one is absent or closed (checked inside the transaction). Otherwise answers the
 * ticket that holds the place.
 */
export async function createTicket(
  fields: NewTicketFields,
  actorId: number | undefined,
  /** The contact's current ticket as the caller has just read it (AP-TK-2), so it is not read again. */
  known?: { current: TicketRecord | undefined },
  options: Omit<TicketWriteOptions, 'firstMessage'> = {},
): Promise<{ outcome: 'created' | 'taken'; ticket: TicketRecord }> {
  const created = await writeNewTicket(fields, actorId, known, options);
  if (created.outcome === 'message-stored') throw new Error('unreachable: no message was written');
  return created;
}

/**
 * AP-TK-4 with a message the business sends (a schedule, a campaign): the ticket is created
 * already holding it, the message written in the same transaction (AP-MS-2's ticket part), as a
 * new customer's first message is (data/inbound-chat.ts): one write and one ticket change where
 * creating then storing made two. Not written when the place is taken (the caller stores the
 * message on that ticket); `message-stored` when its id is stored already (a repeated send).
 */
export async function createTicketHoldingMessage(
  fields: NewTicketFields,
  actorId: number | undefined,
  known: { current: TicketRecord | undefined } | undefined,
  options: TicketWriteOptions & { firstMessage: FirstOutboundMessage },
): Promise<
  | { outcome: 'created'; ticket: TicketRecord; message: MessageRecord }
  | { outcome: 'taken'; ticket: TicketRecord }
  | { outcome: 'message-stored' }
> {
  const created = await writeNewTicket(fields, actorId, known, options);
  if (created.outcome !== 'created') return created;
  if (!created.message) throw new Error('unreachable: the message was written');
  return { outcome: 'created', ticket: created.ticket, message: created.message };
}

/** A message written with a new ticket: the message without its ticket id, and its list line. */
export interface FirstOutboundMessage {
  message: Omit<NewMessage, 'ticketId'>;
  ticketUpdate: TicketMessageUpdate;
}

interface TicketWriteOptions {
  /** A campaign's recipient: created only while its run is not cancelled (else ERR_CAMPAIGN_STATUS). */
  guard?: CampaignRunGuard;
  /** An id reserved ahead (AP-SEQ-3, a campaign's window of recipients): no counter call here. */
  id?: number;
  firstMessage?: FirstOutboundMessage;
}

async function writeNewTicket(
  fields: NewTicketFields,
  actorId: number | undefined,
  known: { current: TicketRecord | undefined } | undefined,
  options: TicketWriteOptions,
): Promise<
  | { outcome: 'created'; ticket: TicketRecord; message?: MessageRecord }
  | { outcome: 'taken'; ticket: TicketRecord }
  /** `firstMessage`'s id is stored already (a repeat of a send done before): nothing was written. */
  | { outcome: 'message-stored' }
> {
  const { guard, firstMessage } = options;
  const { companyId, whatsappId } = fields;
  const contactId = fields.contact.id;
  const current = known ? known.current : await currentTicketOf(companyId, whatsappId, contactId);
  if (current && current.status !== 'closed') return { outcome: 'taken', ticket: current };
  const id = options.id ?? (await nextId({ companyId }, 'ticket'));
  const at = nowIso();
  const update = firstMessage?.ticketUpdate;
  const ticket = {
    ...newTicketItem(fields, id, at),
    ...(update
      ? {
          lastMessage: update.lastMessage,
          lastMessageAt: update.lastMessageAt,
          activityAt: update.lastMessageAt,
          unreadMessages: update.countUnread ? 1 : 0,
          ...(update.botPendingId ? { botPendingId: update.botPendingId } : {}),
        }
      : {}),
  };
  const message: NewMessage | undefined = firstMessage && { ...firstMessage.message, ticketId: id };
  // The ticket and the message exactly as the transaction writes them, so they need not be read back.
  let written: Record<string, unknown> | undefined;
  let writtenMessage: Record<string, unknown> | undefined;
  const itemOf = (put: unknown) => (put as { Put?: { Item?: Record<string, unknown> } } | undefined)?.Put?.Item;
  const ticketWrites = (entities: Parameters<typeof newTicketWrites>[0]) => {
    const writes = newTicketWrites(entities, ticket, actorId, fields.contact);
    written = itemOf(writes[0]);
    return writes;
  };
  const errors: (ErrorCode | undefined)[] = ['ERR_OTHER_OPEN_TICKET', ...(guard ? (['ERR_CAMPAIGN_STATUS'] as const) : [])];
  if (message)
    errors.push(
      ...Array.from({ length: 4 + newTicketSearchItemCount(fields.contact) }, () => undefined),
      'ERR_CREATING_MESSAGE',
    );
  try {
    await writeAll(
      { ticket: ticketEntity, claim: contactTicketEntity, event: ticketEventEntity, uuidRef: ticketUuidEntity, createdRef: ticketCreatedEntity, campaign: campaignEntity, message: messageEntity, token: ticketTokenEntity, ...ticketSearchEntities },
      ({ ticket: tickets, claim, event, uuidRef, createdRef, campaign, searchToken, searchLink, message: messages, token }) => {
        const head = [
          current
            ? claim
                .patch({ companyId, whatsappId, contactId })
                .set({ ticketId: id })
                .where(({ ticketId }, { eq }) => eq(ticketId, current.id))
                .commit()
            : claim.create({ companyId, whatsappId, contactId, ticketId: id }).commit(),
          ...(guard ? [campaignRunCheck(campaign, guard)] : []),
          ...ticketWrites({ ticket: tickets, event, uuidRef, createdRef, searchToken, searchLink }),
        ];
        // The message's words take what the ticket's items leave of the transaction's 100.
        const messageWrites = message
          ? newMessageWrites({ message: messages, token }, message, transactionItemLimit - head.length)
          : [];
        writtenMessage = itemOf(messageWrites[0]);
        return [...head, ...messageWrites];
      },
      errors,
    );
  } catch (error) {
    if (error instanceof Error && error.message === 'ERR_CREATING_MESSAGE') return { outcome: 'message-stored' };
    if (!(error instanceof Error) || error.message !== 'ERR_OTHER_OPEN_TICKET') throw error;
    const winner = await currentTicketOf(companyId, whatsappId, contactId);
    if (winner) return { outcome: 'taken', ticket: winner };
    throw error;
  }
  const created = written && (ticketEntity.parse({ Item: written }).data as TicketRecord | null);
  if (!created) throw new Error(`ticket ${companyId}/${id}: the created item could not be read back`);
  if (!writtenMessage) return { outcome: 'created', ticket: created };
  const stored = messageEntity.parse({ Item: writtenMessage }).data as MessageRecord | null;
  if (!stored) throw new Error(`message ${companyId}/${message!.id}: the created item could not be read back`);
  return { outcome: 'created', ticket: created, message: stored };
}

/**
 * AP-TK-5: move a ticket to its next state, only if it is still in the state that was read
 * (status and user): of two agents accepting at once, one wins and the other gets
 * ERR_TICKET_CONFLICT. The timeline entry is written in the same transaction.
 */
export async function changeTicketState(
  current: TicketRecord,
  next: TicketState,
  action: TicketAction,
  actorId: number,
  extra: { clearIntegration?: boolean } = {},
): Promise<TicketRecord> {
  const at = nowIso();
  const { companyId, id } = current;
  const state = { ...current, status: next.status, userId: next.userId ?? undefined, queueId: next.queueId ?? undefined, whatsappId: next.whatsappId };
  const remove = [
    ...(next.userId == null ? (['userId'] as const) : []),
    ...(next.queueId == null ? (['queueId'] as const) : []),
    ...(extra.clearIntegration ? (['integrationId', 'promptId'] as const) : []),
    // A closed ticket reopened by an agent may no longer be its contact's current ticket, which
    // contact changes keep current (data/ticket-contact.ts): the lists read its contact instead.
    ...(current.status === 'closed' && current.contactSnapshot ? (['contactSnapshot'] as const) : []),
  ];
  await writeAll(
    { ticket: ticketEntity, event: ticketEventEntity },
    ({ ticket, event }) => {
      const patch = ticket
        .patch({ companyId, id })
        .set({
          status: next.status,
          whatsappId: next.whatsappId,
          activityAt: at,
          ...(next.userId != null ? { userId: next.userId } : {}),
          ...(next.queueId != null ? { queueId: next.queueId } : {}),
          ...(extra.clearIntegration ? { useIntegration: false } : {}),
          ...keysOf(state, at),
        });
      const guarded = (remove.length > 0 ? patch.remove([...remove]) : patch).where((attributes, { eq, notExists }) =>
        [
          eq(attributes.status, current.status),
          current.userId === undefined ? notExists(attributes.userId) : eq(attributes.userId, current.userId),
        ].join(' AND '),
      );
      return [
        guarded.commit(),
        event
          .put({
            companyId,
            ticketId: id,
            at,
            seq: seq(),
            action,
            actorId,
            fromStatus: current.status,
            toStatus: next.status,
            ...(current.userId ? { fromUserId: current.userId } : {}),
            ...(next.userId ? { toUserId: next.userId } : {}),
            ...(current.queueId ? { fromQueueId: current.queueId } : {}),
            ...(next.queueId ? { toQueueId: next.queueId } : {}),
          })
          .commit(),
      ];
    },
    ['ERR_TICKET_CONFLICT'],
  );
  const changed = await getTicket(companyId, id);
  if (!changed) throw new Error(`ticket ${companyId}/${id} vanished`);
  return changed;
}

/**
 * What a list page shows of a ticket (modules/tickets/serialize.ts) and orders it by, its
 * contact's snapshot included: a list query brings these, not the chatbot's state or the index
 * keys (about half of a ticket's attributes).
 */
export const listedAttributes = [
  'companyId',
  'id',
  'uuid',
  'status',
  'contactId',
  'contactSnapshot',
  'whatsappId',
  'queueId',
  'userId',
  'lastMessage',
  'lastMessageAt',
  'unreadMessages',
  'isGroup',
  'chatbot',
  'useIntegration',
  'promptId',
  'integrationId',
  'tagIds',
  'activityAt',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof TicketRecord)[];
export const listedProjection = {
  expression: listedAttributes.map((_, index) => `#a${index}`).join(', '),
  names: Object.fromEntries(listedAttributes.map((name, index) => [`#a${index}`, name])),
};

/** A ticket as a list page shows it. */
export type ListedTicket = Pick<TicketRecord, (typeof listedAttributes)[number]>;

/**
 * A listed item (read with `listedProjection`) as a ticket record, without ElectroDB's parse:
 * the projection already holds only the ticket's own attributes, under their own names, so
 * copying them is all the parse would do, at a fraction of its CPU on a page of 41 items
 * (docs/decisions.md, "Ticket lists: the contact on the ticket").
 */
export function listedTicketOf(item: Record<string, unknown>): ListedTicket {
  const ticket: Record<string, unknown> = {};
  for (const name of listedAttributes) if (item[name] !== undefined) ticket[name] = item[name];
  return ticket as ListedTicket;
}

/**
 * AP-TK-6: one page of a list partition, newest activity first, with the attributes a list shows;
 * with `since` (an ISO instant) only tickets with activity from then on, as a key condition on the
 * `<activityAt>#<id>` sort key.
 */
export async function queryTicketPartition(
  index: 'gsi1' | 'gsi2' | 'gsi3',
  partition: string,
  options: { limit: number; unreadOnly?: boolean; since?: string },
): Promise<ListedTicket[]> {
  const answer = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: index,
      KeyConditionExpression: options.since ? '#pk = :pk AND #sk >= :since' : '#pk = :pk',
      ExpressionAttributeNames: {
        ...listedProjection.names,
        '#pk': `${index}pk`,
        ...(options.since ? { '#sk': `${index}sk` } : {}),
        ...(options.unreadOnly ? { '#unread': 'unreadMessages' } : {}),
      },
      ProjectionExpression: listedProjection.expression,
      ExpressionAttributeValues: {
        ':pk': partition,
        ...(options.since ? { ':since': options.since } : {}),
        ...(options.unreadOnly ? { ':zero': 0 } : {}),
      },
      ...(options.unreadOnly ? { FilterExpression: '#unread > :zero' } : {}),
      ScanIndexForward: false,
      Limit: options.limit,
    }),
  );
  return (answer.Items ?? []).map(listedTicketOf);
}

/** A ticket's item as a list shows it (`listedTicketOf`: copied, not parsed by ElectroDB), for `getItems`. */
export function listedTicketRef(companyId: number, id: number): ItemRef<ListedTicket> {
  return { ...itemRef(ticketEntity, { companyId, id }), parse: listedTicketOf };
}

/**
 * AP-TK-13 for pages: tickets by id as a list shows them, missing ones skipped, without
 * ElectroDB's parse (the search's candidates: a page of 41 parsed by ElectroDB cost about as much
 * CPU as the rest of the request).
 */
export async function getListedTicketsByIds(companyId: number, ids: readonly number[]): Promise<Map<number, ListedTicket>> {
  const found = await getItems([...new Set(ids)].map((id) => listedTicketRef(companyId, id)));
  return new Map(found.flatMap((ticket) => (ticket ? [[ticket.id, ticket] as const] : [])));
}

/** AP-TK-7: how many tickets a list partition holds (tab badges; open and pending only), optionally with activity since an instant. */
export async function countTicketPartition(index: 'gsi1' | 'gsi2' | 'gsi3', partition: string, since?: string): Promise<number> {
  return queryCount({
    IndexName: index,
    KeyConditionExpression: since ? '#pk = :pk AND #sk >= :since' : '#pk = :pk',
    ExpressionAttributeNames: { '#pk': `${index}pk`, ...(since ? { '#sk': `${index}sk` } : {}) },
    ExpressionAttributeValues: { ':pk': partition, ...(since ? { ':since': since } : {}) },
  });
}

/** AP-TK-8: delete a ticket (admins); the contact's claim is released if it named this ticket. */
export async function deleteTicket(current: TicketRecord): Promise<void> {
  const { companyId, whatsappId, contactId, id } = current;
  await ticketEntity.delete({ companyId, id }).go();
  if (current.createdAt) await ticketCreatedEntity.delete({ companyId, createdAt: current.createdAt, ticketId: id }).go();
  await contactTicketEntity
    .delete({ companyId, whatsappId, contactId })
    .where(({ ticketId }, { eq }) => eq(ticketId, id))
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

/** AP-TK-9: record activity on a ticket (a message), keeping its list keys current. */
export function activityUpdate(ticket: TicketRecord, at: string) {
  return { activityAt: at, ...keysOf(ticket, at) };
}

/** AP-TK-11: the agent read the ticket: its unread count goes back to zero. */
export async function clearUnread(companyId: number, id: number): Promise<void> {
  await ticketEntity
    .patch({ companyId, id })
    .set({ unreadMessages: 0 })
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

/**
 * AP-TK-17: a ticket's list line follows its last message when that message is deleted or
 * edited: `lastMessage` becomes `text` only while the ticket's last message is still the one
 * sent at `sentAt` (a newer message has replaced the line otherwise). One conditional
 * patch that touches no key or index attribute; false when the condition did not hold.
 */
export async function replaceLastMessageText(
  companyId: number,
  ticketId: number,
  sentAt: string,
  text: string,
): Promise<boolean> {
  return writtenIf(() =>
    ticketEntity
      .patch({ companyId, id: ticketId })
      .set({ lastMessage: text })
      .where(({ lastMessageAt, lastMessage }, { eq, ne }) => `${eq(lastMessageAt, sentAt)} AND ${ne(lastMessage, text)}`)
      .go({ response: 'none' }),
  );
}
