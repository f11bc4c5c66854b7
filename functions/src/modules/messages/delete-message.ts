import type { Principal } from '#auth/principal';
import { getContact } from '#data/contacts';
import { getMessage } from '#data/messages';
import { AppError } from '#domain/app-error';
import { chatOf } from '#domain/contact-chat';
import { askConnector } from '#modules/connector-commands/ask';
import { visibleTicket } from './visible-ticket.ts';

/**
 * DELETE /messages/{id}: deletes a message the business sent, for everyone. WhatsApp is asked
 * first and the connector marks the message deleted only once WhatsApp took the delete (its live
 * `appMessage` update shows "Mensaje eliminado" to everyone watching the ticket). A refusal, a
 * connection that is not connected, or no answer in time: ERR_DELETE_WAPP_MSG and the message
 * stays as it was (docs/decisions.md, "Deleting a sent message").
 */
export async function deleteSentMessage(principal: Principal, messageId: string): Promise<void> {
  const { companyId } = principal;
  const message = await getMessage(companyId, messageId);
  if (!message) throw new AppError('ERR_NOT_FOUND');
  const ticket = await visibleTicket(principal, message.ticketId);
  // Only what the business sent can be deleted for everyone.
  if (!message.fromMe) throw new AppError('ERR_NO_PERMISSION');
  if (message.isDeleted) return;
  const contact = await getContact(companyId, ticket.contactId);
  if (!contact) throw new AppError('ERR_DELETE_WAPP_MSG');
  const reply = await askConnector({
    type: 'deleteMessage',
    companyId,
    whatsappId: ticket.whatsappId,
    messageId: message.id,
    chat: chatOf(contact),
    fromMe: true,
  });
  if (reply?.type !== 'deleteMessage') throw new AppError('ERR_DELETE_WAPP_MSG');
}
