import type { InboundCall, InboundEvent, InboundMessage } from '@atende/shared/entities/inbound-message';
import { findOrCreateContact, renameContactIfUnnamed } from '#data/contacts';
import { changeMessage, raiseAck, storeMessageOnce } from '#data/messages';
import { listSettings } from '#data/settings';
import { ticketForInbound } from '#data/tickets';
import { awaitingRating, needsAutomation } from '#domain/chatbot/automation-plan';
import { callRejectedText, chatNumber, lastMessagePreview, storedBody, storedMedia } from '#domain/inbound-rules';
import { sendConnectorCommand } from '#ports/connector-commands';
import { loadAutomationContext } from '../timers/automation-context.ts';
import { runInboundAutomation } from './automation.ts';

/** One normalised WhatsApp event into the table; every step is idempotent. */
export async function ingestEvent(event: InboundEvent): Promise<void> {
  switch (event.kind) {
    case 'message':
      return ingestMessage(event);
    case 'ack':
      await raiseAck(event.companyId, event.messageId, event.ack);
      return;
    case 'edit':
      await changeMessage(event.companyId, event.messageId, { body: event.body, isEdited: true });
      return;
    case 'revoke':
      await changeMessage(event.companyId, event.messageId, { isDeleted: true });
      return;
    case 'call':
      return ingestCall(event);
  }
}

async function ticketOf(
  event: { companyId: number; whatsappId: number; chatJid: string; isGroup: boolean },
  pushName?: string | null,
  keepClosed?: Parameters<typeof ticketForInbound>[4],
) {
  const number = chatNumber(event.chatJid);
  const { contact } = await findOrCreateContact(event.companyId, {
    number,
    name: (!event.isGroup && pushName) || number,
    isGroup: event.isGroup,
    whatsappId: event.whatsappId,
  });
  if (pushName && !event.isGroup) await renameContactIfUnnamed(contact, pushName);
  const { ticket } = await ticketForInbound(event.companyId, event.whatsappId, contact.id, event.isGroup, keepClosed);
  return { contact, ticket };
}

/**
 * The company's CheckMsgIsGroup setting, when enabled, keeps group chats out of the inbox
 * (the settings screen calls it "ignore group messages"). Read only for group traffic.
 */
async function ignoresGroups(companyId: number): Promise<boolean> {
  const settings = await listSettings(companyId);
  return (settings.find((s) => s.key === 'CheckMsgIsGroup')?.value ?? 'enabled') === 'enabled';
}

/**
 * A message into its ticket, exactly once. A customer's message that needs the automation
 * (docs/chatbot.md: the chatbot, an out-of-hours answer, a rating answer, the timers) is stored
 * with the ticket's `botPendingId` set to it, and the step runs after; a redelivered message whose
 * step did not finish runs it then, and one whose step did only re-sends what it left unsent.
 */
async function ingestMessage(event: InboundMessage): Promise<void> {
  if (event.isGroup && (await ignoresGroups(event.companyId))) return;
  const customer = !event.fromMe && !event.isGroup;
  // Read alongside the contact and ticket: the connection, settings and hours the automation needs.
  const loading = customer ? loadAutomationContext(event.companyId, event.whatsappId) : Promise.resolve(undefined);
  loading.catch(() => undefined);
  const now = new Date();
  // A message we sent from the product already exists under its id: only new ones get a ticket.
  // A resolved ticket waiting for its rating stays closed and takes the answer.
  const { contact, ticket } = await ticketOf(event, event.fromMe ? null : event.pushName, (t) => customer && awaitingRating(t, now));
  const automation = await loading;
  const pending = automation && needsAutomation(ticket, automation.context, now) ? event.messageId : undefined;
  const outcome = await storeMessageOnce(
    {
      companyId: event.companyId,
      id: event.messageId,
      ticketId: ticket.id,
      contactId: contact.id,
      whatsappId: event.whatsappId,
      body: storedBody(event),
      fromMe: event.fromMe,
      ack: event.fromMe ? 1 : 0,
      read: event.fromMe,
      ...storedMedia(event),
      ...(event.quotedMessageId ? { quotedMsgId: event.quotedMessageId } : {}),
      ...(event.participant ? { participant: event.participant } : {}),
      createdAt: event.timestamp,
    },
    {
      lastMessage: lastMessagePreview(event),
      lastMessageAt: event.timestamp,
      countUnread: !event.fromMe,
      ...(pending ? { botPendingId: pending } : {}),
    },
  );
  if (!automation || (outcome === 'stored' && !pending)) return;
  await runInboundAutomation(
    ticket.id,
    { companyId: event.companyId, messageId: event.messageId, text: event.body, timestamp: event.timestamp },
    contact,
    automation.context,
    outcome,
  );
}

async function ingestCall(event: InboundCall): Promise<void> {
  // One log line per call, on the first signal; later status changes of the same call are noise.
  if (event.status !== 'offer' && event.status !== 'ringing') return;
  const { contact, ticket } = await ticketOf(event, event.pushName);
  const stored = await storeMessageOnce(
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
    { lastMessage: event.isVideo ? '📞 Llamada de video' : '📞 Llamada de voz', lastMessageAt: event.timestamp, countUnread: true },
  );
  if (stored === 'duplicate') return;
  const settings = await listSettings(event.companyId);
  if (settings.find((s) => s.key === 'call')?.value !== 'disabled') return;
  await sendConnectorCommand({ type: 'rejectCall', companyId: event.companyId, whatsappId: event.whatsappId, callId: event.callId, from: event.from });
  await sendConnectorCommand({
    type: 'sendMessage',
    companyId: event.companyId,
    whatsappId: event.whatsappId,
    messageId: `call-reply-${event.callId}`,
    ticketId: ticket.id,
    to: event.chatJid,
    body: callRejectedText,
  });
}
