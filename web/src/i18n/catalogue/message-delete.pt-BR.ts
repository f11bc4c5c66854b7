import type { messageDeleteMessages } from './message-delete.es.ts';

/** Brazilian Portuguese text of deleting a sent message in the chat. */
export const messageDeleteMessagesPtBr: Record<keyof typeof messageDeleteMessages, string> = {
  'tickets.messages.options': 'Opções da mensagem',
  'tickets.messages.delete': 'Apagar',
  'tickets.messages.deleteTitle': 'Apagar mensagem?',
  'tickets.messages.deleteConfirm':
    'A mensagem também será apagada no WhatsApp do contato. Esta ação não pode ser desfeita.',
};
