import { createHash, randomBytes } from 'node:crypto';
import { currentCorrelationId } from '#observability/correlation';
import type { CampaignRunGuard } from '#data/campaigns';
import type { ContactRecord } from '#data/contacts';
import {
  getMessage,
  storeMessageOnTicket,
  type MessageRecord,
  type NewMessage,
  type TicketMessageUpdate,
} from '#data/messages';
import { currentTicketClaimsOf, getTicketsByIds } from '#data/ticket-batch';
import { contactSnapshotOf } from '#data/ticket-contact';
import { createTicket, createTicketHoldingMessage, getTicket, type TicketRecord } from '#data/tickets';
import { listWhatsapps } from '#data/whatsapps';
import { AppError } from '#domain/app-error';
import { chatOf } from '#domain/contact-chat';
import type { StoredMediaType } from '#domain/media-rules';
import { sendConnectorCommand } from '#modules/connector-commands/send';

/** Ids shaped like WhatsApp's own (3EB0 + hex), so the phone and our store agree on them. */
export function newMessageId(): string {
  return `3EB0${randomBytes(10).toString('hex').toUpperCase()}`;
}

/**
 * A message id derived from a stable key (a schedule, a campaign shipping): sending the same
 * key again stores and sends nothing new, so a redelivered job sends once.
 */
export function derivedMessageId(key: string): string {
  return `3EB0${createHash('sha256').update(key).digest('hex').slice(0, 20).toUpperCase()}`;
}

/** A medium already put in the media bucket under `key`. */
export interface OutboundMedia {
  mediaType: StoredMediaType;
  key: string;
  mimetype: string;
  fileName: string;
  sizeBytes: number;
}

export interface OutboundMessage {
  companyId: number;
  /** The ticket as just read (strongly consistent): the store starts from it. */
  ticket: TicketRecord;
  contact: Pick<ContactRecord, 'number' | 'isGroup'> | undefined;
  /** Caller-chosen: the same id again is stored once and sent once. */
  id: string;
  body: string;
  userId?: number;
  media?: OutboundMedia;
  quotedId?: string;
  /** Sent through the external message API: stored marked so the chat labels it. */
  fromApi?: boolean;
  /** Sent for this schedule: the message carries it so its send result reaches the schedule. */
  scheduleId?: number;
  /** Sent to this campaign recipient (its shipping position): a refused send marks the recipient failed. */
  campaign?: { id: number; position: number };
  /** Stored only while this campaign run is not cancelled (else ERR_CAMPAIGN_STATUS). */
  guard?: CampaignRunGuard;
}

/** An outbound message to go on a ticket not known yet (ticketForOutbound's `firstMessage`). */
export type OutboundFirstMessage = Omit<OutboundMessage, 'companyId' | 'ticket' | 'contact' | 'guard'>;

/** What storing an outbound message left to do: hand its command to the connector (none when already carried out). */
export interface StoredOutbound {
  result:
    | { outcome: 'stored'; message: MessageRecord }
    | { outcome: 'duplicate'; message: MessageRecord | undefined };
  handOver: (() => Promise<void>) | undefined;
}

/**
 * Stores an outbound message on a ticket (ack 0) and asks the connector to send it. Idempotent on
 * the message id: when the id is already stored and not yet sent (a crash between the two steps,
 * or a redelivered job) the command is asked again under the same command id; FIFO deduplication
 * and the connector's own check (a message with ack >= 1 is not sent again) make it go out once.
 */
export async function sendOutbound(message: OutboundMessage): Promise<StoredOutbound['result']> {
  const stored = await storeOutbound(message);
  await stored.handOver?.();
  return stored.result;
}

/**
 * sendOutbound's first half: the message stored (or found stored), and the connector command it
 * is owed, to be handed over by the caller (a campaign claims its next recipient meanwhile).
 */
export async function storeOutbound(message: OutboundMessage): Promise<StoredOutbound> {
  const { companyId, ticket, id } = message;
  const { record, ticketUpdate } = outboundRecord(message, {
    contactId: ticket.contactId,
    whatsappId: ticket.whatsappId,
  });
  const stored = await storeMessageOnTicket({ ...record, ticketId: ticket.id }, ticketUpdate, ticket, message.guard);
  const existing = stored.outcome === 'duplicate' ? await getMessage(companyId, id) : undefined;
  // Already carried out (or failed for good): nothing to ask again.
  if (stored.outcome === 'duplicate' && existing && existing.ack !== 0)
    return { result: { outcome: 'duplicate', message: existing }, handOver: undefined };
  const sent = existing ?? (stored.outcome === 'stored' ? stored.message : undefined);
  return {
    result:
      stored.outcome === 'stored'
        ? { outcome: 'stored', message: stored.message }
        : { outcome: 'duplicate', message: existing },
    handOver: handOverOf(message, {
      whatsappId: sent?.whatsappId ?? ticket.whatsappId,
      ticketId: sent?.ticketId ?? ticket.id,
    }),
  };
}

/** What an outbound message is stored as (ack 0, read), and what it makes of its ticket's list line. */
function outboundRecord(
  message: OutboundFirstMessage & { companyId: number },
  on: { contactId: number; whatsappId: number },
): { record: Omit<NewMessage, 'ticketId'>; ticketUpdate: TicketMessageUpdate } {
  const { companyId, id, body, media, quotedId } = message;
  const now = new Date().toISOString();
  const correlationId = currentCorrelationId();
  return {
    record: {
      companyId,
      id,
      contactId: on.contactId,
      whatsappId: on.whatsappId,
      body,
      fromMe: true,
      ack: 0,
      read: true,
      ...(message.userId ? { userId: message.userId } : {}),
      ...(message.fromApi ? { fromApi: true } : {}),
      ...(message.scheduleId ? { scheduleId: message.scheduleId } : {}),
      ...(message.campaign
        ? { campaignId: message.campaign.id, campaignPosition: message.campaign.position }
        : {}),
      ...(media
        ? {
            mediaType: media.mediaType,
            mediaKey: media.key,
            mimetype: media.mimetype,
            mediaName: media.fileName,
            mediaSize: media.sizeBytes,
          }
        : {}),
      ...(quotedId ? { quotedMsgId: quotedId } : {}),
      ...(correlationId ? { correlationId } : {}),
      createdAt: now,
    },
    ticketUpdate: { lastMessage: (body || media?.fileName || '').slice(0, 255), lastMessageAt: now, countUnread: false },
  };
}

/** The connector command a stored outbound message is owed, handed over when called. */
function handOverOf(
  message: OutboundFirstMessage & Pick<OutboundMessage, 'companyId' | 'contact'>,
  sent: { whatsappId: number; ticketId: number },
): () => Promise<void> {
  const { companyId, id, body, media, quotedId } = message;
  return async () => {
    await sendConnectorCommand({
      type: 'sendMessage',
      commandId: `send-${id}`,
      companyId,
      whatsappId: sent.whatsappId,
      messageId: id,
      ticketId: sent.ticketId,
      to: chatOf(message.contact),
      body,
      ...(media
        ? {
            media: {
              key: media.key,
              mimetype: media.mimetype,
              fileName: media.fileName,
              sizeBytes: media.sizeBytes,
            },
          }
        : {}),
      ...(quotedId ? { quotedMessageId: quotedId } : {}),
    });
  };
}

const statusRank: Record<string, number> = { open: 0, pending: 1 };

/**
 * The ticket a message sent on the business's initiative (a schedule, a campaign) goes on: the
 * contact's newest non-closed ticket on any connection; else a new ticket on the given
 * connection or the company's default one, as POST /tickets opens it (AP-TK-4: a closed current
 * ticket gives its place; a ticket created meanwhile by someone else is used instead).
 * Throws ERR_NO_DEF_WAPP_FOUND when there is no connection to open it on. `known` (with
 * `whatsappId`): the contact's current ticket on that connection as the caller has just read it
 * (a campaign reads a window of recipients ahead), so nothing is looked up again.
 * `connectionChecked` (with `whatsappId`): the caller has read that connection, so the company's
 * connections are not listed.
 */
export async function ticketForOutbound(
  companyId: number,
  contact: Pick<ContactRecord, 'id' | 'isGroup' | 'name' | 'number' | 'profilePicUrl'>,
  options: {
    whatsappId?: number;
    userId?: number;
    status?: 'open' | 'pending';
    known?: { current: TicketRecord | undefined };
    /** The caller has just read the `whatsappId` connection: the company's list is not needed. */
    connectionChecked?: boolean;
    /** A new ticket is created only while this campaign run is not cancelled (else ERR_CAMPAIGN_STATUS). */
    guard?: CampaignRunGuard;
    /** A ticket id reserved ahead for a new ticket (a campaign's window): no counter call. */
    ticketId?: number;
    /**
     * The message to send: when a new ticket is created, it is created holding this message in
     * the same transaction (one write, one ticket change) and `stored` answers it; on a ticket
     * found, the caller stores it with storeOutbound.
     */
    firstMessage?: OutboundFirstMessage;
  } = {},
): Promise<{ ticket: TicketRecord; change: 'existing' | 'created'; stored?: StoredOutbound }> {
  const { firstMessage } = options;
  const known = options.whatsappId ? options.known : undefined;
  // With a connection given, only its ticket can be used (the filter below), so only its
  // current-ticket pointer is read; the list only proves the connection exists when the
  // caller has not.
  const whatsapps =
    known || (options.whatsappId && options.connectionChecked)
      ? [{ id: options.whatsappId!, isDefault: false }]
      : await listWhatsapps(companyId);
  const claims = known
    ? undefined
    : await currentTicketClaimsOf(
        companyId,
        whatsapps.map((w) => ({ whatsappId: w.id, contactId: contact.id })),
      );
  const ids = known ? (known.current ? [known.current.id] : []) : claims!.map((claim) => claim.ticketId);
  const read = known
    ? new Map(known.current ? [[known.current.id, known.current]] : [])
    : await getTicketsByIds(companyId, ids);
  const tickets = [...read.values()]
    .filter((t) => t.status !== 'closed' && (!options.whatsappId || t.whatsappId === options.whatsappId))
    .sort(
      (a, b) =>
        (statusRank[a.status] ?? 2) - (statusRank[b.status] ?? 2) ||
        String(b.activityAt ?? '').localeCompare(String(a.activityAt ?? '')),
    );
  if (tickets[0]) return { ticket: tickets[0], change: 'existing' };
  const whatsapp = options.whatsappId
    ? whatsapps.find((w) => w.id === options.whatsappId)
    : whatsapps.find((w) => w.isDefault);
  if (!whatsapp) throw new AppError(options.whatsappId ? 'ERR_NO_WAPP_FOUND' : 'ERR_NO_DEF_WAPP_FOUND');
  const status = options.status ?? (options.userId ? 'open' : 'pending');
  const fields = {
    companyId,
    whatsappId: whatsapp.id,
    contact,
    isGroup: contact.isGroup ?? false,
    status,
    contactSnapshot: contactSnapshotOf(contact),
    ...(status === 'open' && options.userId ? { userId: options.userId } : {}),
  };
  const writeOptions = {
    ...(options.guard ? { guard: options.guard } : {}),
    ...(options.ticketId !== undefined ? { id: options.ticketId } : {}),
  };
  // The connection's current ticket as just read (closed, or none), so AP-TK-4 does not read
  // its claim again; the transaction's condition on the claim still guards the write.
  const claimed = claims?.find((claim) => claim.whatsappId === whatsapp.id);
  const current = known
    ? { current: known.current }
    : { current: claimed ? read.get(claimed.ticketId) : undefined };
  if (!firstMessage) {
    const created = await createTicket(fields, options.userId, current, writeOptions);
    return { ticket: created.ticket, change: created.outcome === 'created' ? 'created' : 'existing' };
  }
  const { record, ticketUpdate } = outboundRecord({ ...firstMessage, companyId }, { contactId: contact.id, whatsappId: whatsapp.id });
  const created = await createTicketHoldingMessage(fields, options.userId, current, {
    ...writeOptions,
    firstMessage: { message: record, ticketUpdate },
  });
  if (created.outcome === 'message-stored') {
    // A repeat of a send that created its ticket before (which has been closed since): the
    // message's ticket, and the caller's storeOutbound finds the message stored.
    const message = await getMessage(companyId, firstMessage!.id);
    const ticket = message && (await getTicket(companyId, message.ticketId));
    if (!ticket) throw new Error(`message ${companyId}/${firstMessage!.id}: stored, but its ticket is not found`);
    return { ticket, change: 'existing' };
  }
  if (created.outcome === 'taken') return { ticket: created.ticket, change: 'existing' };
  return {
    ticket: created.ticket,
    change: 'created',
    stored: {
      result: { outcome: 'stored', message: created.message },
      handOver: handOverOf({ ...firstMessage, companyId, contact }, { whatsappId: whatsapp.id, ticketId: created.ticket.id }),
    },
  };
}
