import type { messageEditMessages } from './message-edit.es.ts';

/** English (en) UI text of editing a sent message in the chat (merged by messages.en.ts). */
export const messageEditMessagesEn: Record<keyof typeof messageEditMessages, string> = {
  'tickets.messages.edit': 'Edit',
  'tickets.messages.editTitle': 'Edit message',
  'tickets.messages.editLabel': 'Message',
  'tickets.messages.editHint':
    'The contact will see the new text. WhatsApp allows editing for 15 minutes after sending.',
  'tickets.messages.editHistory': 'Earlier versions:',
};
