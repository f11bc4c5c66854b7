import { createHash, randomBytes } from 'node:crypto';
import { getContact, type ContactRecord } from '#data/contacts';
import { getMessage, storeMessageOnce } from '#data/messages';
import type { SystemMessageItem } from '#data/ticket-automation';
import type { TicketRecord } from '#data/tickets';
import type { ChatMenu } from '@atende/shared/entities/chat-menu';
import { storedMenu } from '#domain/chatbot/menu-message';
import { renderTemplate } from '#domain/chatbot/texts';
import { chatOf } from '#domain/contact-chat';
import { sendConnectorCommand } from '#modules/connector-commands/send';

/**
 * Messages the system sends to a ticket's customer (the chatbot's menus, greetings, notices,
 * the rating question, completion and inactivity messages). Each is stored on the ticket as a
 * fromMe message first, so agents see it in the chat, then handed to the connector like an
 * agent's message; the connector marks it sent (ack 1) or failed.
 *
 * Ids are shaped like WhatsApp's own (3EB0 + hex). A message caused by an inbound message gets
 * an id derived from that message's id, so handling the inbound message again (a redelivery
 * after a crash) produces the same ids: the store keeps one, the command queue's deduplication
 * drops a second command within five minutes, and the connector skips a message already sent.
 */

export function randomMessageId(): string {
  return `3EB0${randomBytes(10).toString('hex').toUpperCase()}`;
}

/** The id of the n-th system message caused by `cause` (an inbound message id, a timer's version…). */
export function derivedMessageId(companyId: number, cause: string, index: number): string {
  return `3EB0${createHash('sha256').update(`${companyId}:${cause}:${index}`).digest('hex').slice(0, 20).toUpperCase()}`;
}

/**
 * The stored form of system messages for a ticket: configured texts get the contact's name,
 * and each a creation time after `after` (and after the previous one), so the chat shows them
 * in order right after the message that caused them.
 */
export function systemMessageItems(
  ticket: Pick<TicketRecord, 'companyId' | 'id' | 'contactId' | 'whatsappId'>,
  contact: Pick<ContactRecord, 'name'> | undefined,
  texts: readonly string[],
  ids: (index: number) => string,
  after?: string,
): SystemMessageItem[] {
  let at = Math.max(Date.now(), after ? Date.parse(after) + 1 : 0);
  return texts.map((text, index) => {
    const item: SystemMessageItem = {
      companyId: ticket.companyId,
      id: ids(index),
      ticketId: ticket.id,
      contactId: ticket.contactId,
      whatsappId: ticket.whatsappId,
      body: renderTemplate(text, { name: contact?.name }),
      createdAt: new Date(at).toISOString(),
    };
    at += 1;
    return item;
  });
}

/**
 * The items' menus (plan index → list or buttons), stored as JSON with the message; a title
 * gets the contact's name like the body.
 */
export function withMenus(
  items: SystemMessageItem[],
  menus: readonly { reply: number; menu: ChatMenu }[] | undefined,
  contact: Pick<ContactRecord, 'name'> | undefined,
): SystemMessageItem[] {
  if (!menus?.length) return items;
  return items.map((item, index) => {
    const menu = menus.find((m) => m.reply === index)?.menu;
    if (!menu) return item;
    const title = menu.title ? renderTemplate(menu.title, { name: contact?.name }).slice(0, 60) : undefined;
    return { ...item, menu: JSON.stringify({ ...menu, ...(title ? { title } : {}) }) };
  });
}

/** Hands stored system messages to the connector (command ids follow the message ids). */
export async function dispatchSystemMessages(
  ticket: Pick<TicketRecord, 'companyId' | 'id' | 'whatsappId'>,
  contact: Pick<ContactRecord, 'number' | 'isGroup'> | undefined,
  items: readonly Pick<SystemMessageItem, 'id' | 'body' | 'menu'>[],
): Promise<void> {
  for (const item of items) {
    const menu = storedMenu(item.menu);
    await sendConnectorCommand({
      type: 'sendMessage',
      commandId: `system-${item.id}`,
      companyId: ticket.companyId,
      whatsappId: ticket.whatsappId,
      messageId: item.id,
      ticketId: ticket.id,
      to: chatOf(contact),
      body: item.body,
      ...(menu ? { menu } : {}),
    });
  }
}

/**
 * Sends again what a cause stored but may not have handed over (the process stopped between
 * the two): its messages in order, those still unsent (ack 0, no error).
 */
export async function resendUnsent(
  ticket: Pick<TicketRecord, 'companyId' | 'id' | 'whatsappId' | 'contactId'>,
  contact: Pick<ContactRecord, 'number' | 'isGroup'> | undefined,
  ids: (index: number) => string,
): Promise<number> {
  const unsent: { id: string; body: string; menu?: string }[] = [];
  for (let index = 0; ; index += 1) {
    const message = await getMessage(ticket.companyId, ids(index));
    if (!message) break;
    if ((message.ack ?? 0) === 0 && !message.error && !message.isDeleted) unsent.push({ id: message.id, body: message.body ?? '', ...(message.menu ? { menu: message.menu } : {}) });
  }
  if (unsent.length === 0) return 0;
  await dispatchSystemMessages(ticket, contact ?? (await getContact(ticket.companyId, ticket.contactId)), unsent);
  return unsent.length;
}

/**
 * Send a system message to the ticket's customer: stored on the ticket (fromMe; `userId` when
 * an agent's action caused it, e.g. the acceptance greeting), then sent. With a derived `id`
 * a second call stores nothing and only sends it again if it was never sent.
 */
export async function sendSystemMessage(
  ticket: Pick<TicketRecord, 'companyId' | 'id' | 'contactId' | 'whatsappId'>,
  text: string,
  options: { id?: string; userId?: number; contact?: ContactRecord } = {},
): Promise<string | undefined> {
  if (!text.trim()) return undefined;
  const contact = options.contact ?? (await getContact(ticket.companyId, ticket.contactId));
  const id = options.id ?? randomMessageId();
  const [item] = systemMessageItems(ticket, contact, [text], () => id);
  const stored = await storeMessageOnce(
    { ...item!, fromMe: true, ack: 0, read: true, ...(options.userId ? { userId: options.userId } : {}) },
    { lastMessage: item!.body.slice(0, 255), lastMessageAt: item!.createdAt, countUnread: false },
  );
  if (stored === 'duplicate') {
    const existing = await getMessage(ticket.companyId, id);
    if (!existing || (existing.ack ?? 0) > 0 || existing.error) return id;
  }
  await dispatchSystemMessages(ticket, contact, [item!]);
  return id;
}
