import { languageOf } from '@atende/shared/language';
import { customerTexts } from '#domain/chatbot/texts';
import type { InboundCall, InboundEvent, InboundMessage } from '@atende/shared/entities/inbound-message';
import { findOrCreateContact, renameContactIfUnnamed } from '#data/contacts';
import { readInboundChat, type InboundChatHint } from '#data/inbound-reads';
import { nextId } from '#data/ids';
import { storeFirstMessage } from '#data/inbound-chat';
import {
  applyMessageEdit,
  changeMessage,
  raiseAck,
  storeMessageOnTicket,
  type NewMessage,
  type TicketMessageUpdate,
} from '#data/messages';
import type { SettingRecord } from '#data/settings';
import { contactSnapshotOf } from '#data/ticket-contact';
import { ticketForInbound, type TicketRecord } from '#data/tickets';
import { awaitingRating, needsAutomation } from '#domain/chatbot/automation-plan';
import {
  chatNumber,
  lastMessagePreview,
  storedBody,
  storedMedia,
} from '#domain/inbound-rules';
import { sendConnectorCommand } from '#modules/connector-commands/send';
import { automationSettingKeys, loadAutomationContext } from '../timers/automation-context.ts';
import { runInboundAutomation } from './automation.ts';
import { answerCampaignConfirmation } from '../campaigns/confirmation-reply.ts';
import { handToBot } from '../bot-turn/enqueue.ts';
import { botRunState, botTakesMessage } from '#domain/bot-turn-rules';
import { answerText } from '#domain/chatbot/menu-message';
import { isLidJid } from '@atende/shared/entities/inbound-message';
import { learnLidPair, lidAware } from './lid-contacts.ts';
import { IdContention } from './id-contention.ts';

/** One normalised WhatsApp event into the table; every step is idempotent. */
export async function ingestEvent(event: InboundEvent): Promise<void> {
  switch (event.kind) {
    case 'message':
      return withLid(event, ingestMessage);
    case 'ack':
      await raiseAck(event.companyId, event.messageId, event.ack);
      return;
    case 'edit':
      await applyMessageEdit(event.companyId, event.messageId, {
        body: event.body,
        at: event.timestamp,
        editId: event.editId,
      });
      return;
    case 'revoke':
      await changeMessage(event.companyId, event.messageId, { isDeleted: true });
      return;
    case 'call':
      return withLid(event, ingestCall);
    case 'lidMapping':
      await learnLidPair(event.companyId, event.lid, event.pn);
      return;
  }
}

/**
 * A one-to-one event of a person with a LID (docs/decisions, "LID contacts"): the LID↔number pair
 * it carries is settled first, and a chat under the LID alone goes to the contact holding it.
 */
async function withLid<E extends InboundMessage | InboundCall>(event: E, ingest: (event: E) => Promise<void>): Promise<void> {
  const aware = await lidAware(event);
  await ingest(aware.event);
  if (aware.learnAfter && aware.event.lid && aware.event.pn) await learnLidPair(aware.event.companyId, aware.event.lid, aware.event.pn);
}

/**
 * Where each chat's contact and ticket were last found, per container: the next event of the chat
 * reads them in the same call as everything else (AP-IN-1). Only a hint: that read checks it
 * against the claims, so an out-of-date entry costs a read, never a wrong ticket.
 */
const chatHints = new Map<string, InboundChatHint>();
const maxChatHints = 20_000;

function rememberChat(key: string, hint: InboundChatHint): void {
  chatHints.delete(key);
  chatHints.set(key, hint);
  if (chatHints.size > maxChatHints) chatHints.delete(chatHints.keys().next().value!);
}

type ChatEvent = { companyId: number; whatsappId: number; chatJid: string; isGroup: boolean };

/**
 * The chat's contact and current ticket, with whatever else the event needs, read together.
 * `counters`: a chat this container has not seen may be a new customer's, so the contact and
 * ticket counters are read with it (AP-IN-2 takes the ids from them without a call of its own).
 */
async function readChat(event: ChatEvent, wanted: Parameters<typeof readInboundChat>[3], counters = false) {
  const number = chatNumber(event.chatJid);
  const key = `${event.companyId}:${event.whatsappId}:${number}`;
  const hint = chatHints.get(key);
  const state = await readInboundChat(
    event.companyId,
    event.whatsappId,
    number,
    { ...wanted, counters: counters && !hint },
    hint,
  );
  return { number, key, state };
}

type Chat = Awaited<ReturnType<typeof readChat>>;

/** Whether new customers' ids are tried from the counters as read, per company (id-contention.ts). */
const idContention = new IdContention();

/**
 * A new customer's first message (no contact has the chat's number): the contact, its ticket and
 * the message in one transaction (AP-IN-2), with `botPendingId` set when the new ticket needs
 * the automation. The ids come from the counters read with the chat; when another writer took
 * one meanwhile (customers arriving together), they are taken with the counters' ADD instead
 * (two calls, never contended) and the write is retried with them; while other new customers of
 * the company are being written, or shortly after such a conflict, straight away (id-contention.ts).
 * A number another event claimed first (or a message already stored) answers undefined, and the
 * caller takes the known-chat path from a fresh read.
 */
async function storeNewCustomerMessage(
  event: InboundMessage,
  chat: Chat,
  message: Omit<NewMessage, 'ticketId' | 'contactId'>,
  ticketUpdate: TicketMessageUpdate,
) {
  const ids: Parameters<typeof storeFirstMessage>[1] | undefined =
    chat.state.counters && idContention.optimistic(event.companyId, Date.now())
      ? { counters: chat.state.counters }
      : undefined;
  idContention.start(event.companyId);
  try {
    return await storeWithIds(event, chat, message, ticketUpdate, ids);
  } finally {
    idContention.finish(event.companyId);
  }
}

async function storeWithIds(
  event: InboundMessage,
  chat: Chat,
  message: Omit<NewMessage, 'ticketId' | 'contactId'>,
  ticketUpdate: TicketMessageUpdate,
  optimisticIds: Parameters<typeof storeFirstMessage>[1] | undefined,
) {
  let ids = optimisticIds;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (!ids) {
      const [contactId, ticketId] = await Promise.all([
        nextId({ companyId: event.companyId }, 'contact'),
        nextId({ companyId: event.companyId }, 'ticket'),
      ]);
      ids = { contactId, ticketId };
    }
    const result = await storeFirstMessage(
      {
        companyId: event.companyId,
        whatsappId: event.whatsappId,
        contact: {
          number: chat.number,
          name: (!event.isGroup && !event.fromMe && event.pushName) || chat.number,
          isGroup: event.isGroup,
          // Under a LID alone: `number` is the LID's digits until the number is learned.
          ...(isLidJid(event.chatJid) ? { lidOnly: true } : {}),
        },
        message,
        ticketUpdate,
      },
      ids,
    );
    if (result.outcome === 'known') return undefined;
    if (result.outcome === 'stored') {
      rememberChat(chat.key, { contactId: result.contact.id, ticketId: result.ticket.id });
      return result;
    }
    // Ids read from the counters are given up; ids taken with ADD are ours, kept for the retry.
    if ('counters' in ids) {
      idContention.conflicted(event.companyId, Date.now());
      ids = undefined;
    }
  }
  throw new Error(`first message ${event.messageId}: its transaction kept conflicting`);
}

/** The chat's contact (created when new) and its ticket for this event (reopened or created when needed). */
async function ticketOf(
  event: ChatEvent,
  chat: Awaited<ReturnType<typeof readChat>>,
  pushName?: string | null,
  keepClosed?: Parameters<typeof ticketForInbound>[4],
) {
  const { number, state } = chat;
  const found = await findOrCreateContact(
    event.companyId,
    {
      number,
      name: (!event.isGroup && pushName) || number,
      isGroup: event.isGroup,
      whatsappId: event.whatsappId,
      ...(isLidJid(event.chatJid) ? { lidOnly: true } : {}),
    },
    { contact: state.contact },
  );
  // Named from the push name when it had only its number, before its ticket takes its tokens.
  const contact =
    pushName && !event.isGroup ? await renameContactIfUnnamed(found.contact, pushName) : found.contact;
  // The current ticket was read with the contact; a contact this event created has none; one
  // another event created at the same moment is read.
  const known =
    contact.id === state.contact?.id
      ? { current: state.current }
      : found.created
        ? { current: undefined }
        : undefined;
  const { ticket } = await ticketForInbound(
    event.companyId,
    event.whatsappId,
    contact,
    event.isGroup,
    keepClosed,
    known,
    contactSnapshotOf(contact),
  );
  rememberChat(chat.key, { contactId: contact.id, ticketId: ticket.id });
  return { contact, ticket };
}

/**
 * The company's CheckMsgIsGroup setting, when enabled, keeps group chats out of the inbox
 * (the settings screen calls it "ignore group messages"). Read with the chat, for group traffic only.
 */
function ignoresGroups(settings: readonly SettingRecord[]): boolean {
  return (settings.find((s) => s.key === 'CheckMsgIsGroup')?.value ?? 'enabled') === 'enabled';
}

/**
 * A message into its ticket, exactly once. A customer's message that needs the automation
 * (docs/chatbot.md: the chatbot, an out-of-hours answer, a rating answer, the timers) is stored
 * with the ticket's `botPendingId` set to it, and the step runs after; a redelivered message whose
 * step did not finish runs it then, and one whose step did only re-sends what it left unsent.
 * What it reads (the chat's contact and ticket; for a customer the connection, company and
 * settings the automation needs; for a group the group setting) is read in one call (AP-IN-1).
 */
async function ingestMessage(event: InboundMessage): Promise<void> {
  const customer = !event.fromMe && !event.isGroup;
  const wanted = {
    whatsapp: customer,
    company: customer,
    settings: [...(event.isGroup ? ['CheckMsgIsGroup'] : []), ...(customer ? automationSettingKeys : [])],
    campaignConfirmation: customer,
  };
  let chat = await readChat(event, wanted, true);
  if (event.isGroup && ignoresGroups(chat.state.settings)) return;
  const { whatsapp, settings, company } = chat.state;
  const automation = customer
    ? await loadAutomationContext(event.companyId, event.whatsappId, { whatsapp, settings, company })
    : undefined;
  const now = new Date();
  const message = {
    companyId: event.companyId,
    id: event.messageId,
    whatsappId: event.whatsappId,
    body: storedBody(event),
    fromMe: event.fromMe,
    ack: event.fromMe ? 1 : 0,
    read: event.fromMe,
    ...storedMedia(event),
    ...(event.quotedMessageId ? { quotedMsgId: event.quotedMessageId } : {}),
    ...(event.participant ? { participant: event.participant } : {}),
    createdAt: event.timestamp,
  };
  const ticketUpdate = (pending: boolean): TicketMessageUpdate => ({
    lastMessage: lastMessagePreview(event),
    lastMessageAt: event.timestamp,
    countUnread: !event.fromMe,
    ...(pending ? { botPendingId: event.messageId } : {}),
  });
  // A new customer: contact, ticket and message in one write. Its ticket is a new pending one.
  const first = chat.state.contact
    ? undefined
    : await storeNewCustomerMessage(
        event,
        chat,
        message,
        ticketUpdate(
          Boolean(
            automation &&
            needsAutomation({ status: 'pending', isGroup: event.isGroup }, automation.context, now),
          ),
        ),
      );
  // Another event created the chat's contact first: read the chat as it is now.
  if (!first && !chat.state.contact) chat = await readChat(event, wanted);
  // A message we sent from the product already exists under its id: only new ones get a ticket.
  // A resolved ticket waiting for its rating stays closed and takes the answer.
  const { contact, ticket } = first
    ? first
    : await ticketOf(
        event,
        chat,
        event.fromMe ? null : event.pushName,
        (t) => customer && awaitingRating(t, now),
      );
  const pending =
    automation && needsAutomation(ticket, automation.context, now) ? event.messageId : undefined;
  const stored = first
    ? { outcome: 'stored' as const, ticket: first.ticket }
    : await storeMessageOnTicket(
        { ...message, ticketId: ticket.id, contactId: contact.id },
        ticketUpdate(Boolean(pending)),
        ticket,
      );
  // A customer's answer to a campaign's confirmation request releases the campaign's message.
  if (customer) {
    await answerCampaignConfirmation(event.companyId, event.whatsappId, contact.number, {
      pending: chat.state.campaignConfirmation,
    });
  }
  // The ticket as the chatbot's step leaves it (a one-queue connection places the first message
  // in its queue), and whether this message was judged now (stored now, or its unfinished step
  // run now) or earlier (a redelivery of a finished step: the ticket may have moved on since).
  let after: TicketRecord = stored.outcome === 'stored' ? stored.ticket : ticket;
  let judgedNow = stored.outcome === 'stored';
  let queueBots: Parameters<typeof handToBot>[3];
  if (automation && (stored.outcome === 'duplicate' || pending)) {
    const stepped = await runInboundAutomation(
      ticket.id,
      {
        companyId: event.companyId,
        messageId: event.messageId,
        text: answerText(event),
        timestamp: event.timestamp,
      },
      contact,
      automation.context,
      stored.outcome,
      stored.outcome === 'stored' ? stored.ticket : undefined,
    );
    if (stepped) [after, judgedNow, queueBots] = [stepped.ticket, true, stepped.queueBots];
  }
  // A bot (AI prompt or queue integration) answers it off this path (modules/bot-turn), after the
  // chatbot's step, judged on the ticket as that step left it (docs/chatbot.md, "The chatbot and
  // the queue's bot"). A redelivered message goes again only to a bot already running the ticket
  // (its turn may not have finished; the turn's reply ids keep its answer single).
  if (automation && (judgedNow ? botTakesMessage(ticket, after) : botRunState(after) === 'running')) {
    await handToBot(after, automation.whatsapp, event.messageId, queueBots);
  }
}

async function ingestCall(event: InboundCall): Promise<void> {
  // One log line per call, on the first signal; later status changes of the same call are noise.
  if (event.status !== 'offer' && event.status !== 'ringing') return;
  // The company too: the reply to a refused call is in its language (docs/i18n.md).
  const chat = await readChat(event, { settings: ['call'], company: true });
  const { contact, ticket } = await ticketOf(event, chat, event.pushName);
  const stored = await storeMessageOnTicket(
    {
      companyId: event.companyId,
      id: `call-${event.callId}`,
      ticketId: ticket.id,
      contactId: contact.id,
      whatsappId: event.whatsappId,
      body: event.isVideo ? 'Llamada de video perdida' : 'Llamada de voz perdida',
      fromMe: false,
      mediaType: 'call_log',
      createdAt: event.timestamp,
    },
    {
      lastMessage: event.isVideo ? '📞 Llamada de video' : '📞 Llamada de voz',
      lastMessageAt: event.timestamp,
      countUnread: true,
    },
    ticket,
  );
  if (stored.outcome === 'duplicate') return;
  if (chat.state.settings.find((s) => s.key === 'call')?.value !== 'disabled') return;
  await sendConnectorCommand({
    type: 'rejectCall',
    companyId: event.companyId,
    whatsappId: event.whatsappId,
    callId: event.callId,
    from: event.from,
  });
  await sendConnectorCommand({
    type: 'sendMessage',
    companyId: event.companyId,
    whatsappId: event.whatsappId,
    messageId: `call-reply-${event.callId}`,
    ticketId: ticket.id,
    to: event.chatJid,
    body: customerTexts[languageOf(chat.state.company?.language)].callRejected,
  });
}
