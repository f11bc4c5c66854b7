import type { messageDeleteMessages } from './message-delete.es.ts';

/** English (en) UI text of deleting a sent message in the chat (merged by messages.en.ts). */
export const messageDeleteMessagesEn: Record<keyof typeof messageDeleteMessages, string> = {
  'tickets.messages.options': 'Message options',
  'tickets.messages.delete': 'Delete',
  'tickets.messages.deleteTitle': 'Delete message?',
  'tickets.messages.deleteConfirm':
    "The message will also be deleted from the contact's WhatsApp. This can't be undone.",
};
