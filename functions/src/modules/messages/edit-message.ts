import { editRefusal } from '@atende/shared/message-edit';
import type { Principal } from '#auth/principal';
import { getContact } from '#data/contacts';
import { getMessage, type MessageRecord } from '#data/messages';
import { getWhatsapp } from '#data/whatsapps';
import { AppError } from '#domain/app-error';
import { chatOf } from '#domain/contact-chat';
import { askConnector } from '#modules/connector-commands/ask';
import { visibleTicket } from './visible-ticket.ts';

/**
 * PUT /messages/{id}: edits the text of a message the business sent, for everyone, within
 * WhatsApp's 15 minutes (shared/src/message-edit.ts). WhatsApp is asked first; the connector
 * stores the edit (the replaced text in the history, "Editado", a live `appMessage` update) only
 * once WhatsApp took it, then answers. A refusal, a connection that is not connected, or no
 * answer in time: ERR_EDIT_WAPP_MSG and the message stays as it was (a connection known not to
 * be connected: ERR_WAPP_NOT_INITIALIZED at once) (docs/decisions.md, "Editing
 * a sent message"). Answers the message as stored after the edit.
 */
export async function editSentMessage(principal: Principal, messageId: string, body: string): Promise<MessageRecord> {
  const { companyId } = principal;
  const message = await getMessage(companyId, messageId);
  if (!message) throw new AppError('ERR_NOT_FOUND');
  const ticket = await visibleTicket(principal, message.ticketId);
  const refusal = editRefusal(message, Date.now());
  if (refusal) throw new AppError(refusal);
  if (message.body === body) return message;
  const [contact, whatsapp] = await Promise.all([
    getContact(companyId, ticket.contactId),
    getWhatsapp(companyId, message.whatsappId),
  ]);
  // A connection that is not connected cannot edit: said at once rather than after the wait.
  if (whatsapp?.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED');
  if (!contact) throw new AppError('ERR_EDIT_WAPP_MSG');
  const reply = await askConnector({
    type: 'editMessage',
    companyId,
    whatsappId: message.whatsappId,
    messageId: message.id,
    chat: chatOf(contact),
    body,
  });
  if (reply?.type !== 'editMessage') throw new AppError('ERR_EDIT_WAPP_MSG');
  return (await getMessage(companyId, messageId)) ?? message;
}
