import type { messageEditMessages } from './message-edit.es.ts';

/** Brazilian Portuguese text of editing a sent message in the chat. */
export const messageEditMessagesPtBr: Record<keyof typeof messageEditMessages, string> = {
  'tickets.messages.edit': 'Editar',
  'tickets.messages.editTitle': 'Editar mensagem',
  'tickets.messages.editLabel': 'Mensagem',
  'tickets.messages.editHint':
    'O contato verá o novo texto. O WhatsApp permite editar por até 15 minutos após o envio.',
  'tickets.messages.editHistory': 'Versões anteriores:',
};
