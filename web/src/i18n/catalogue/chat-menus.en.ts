import type { chatMenusMessages } from './chat-menus.es.ts';

/** English (en) UI text of the chatbot's menus sent as lists or buttons, and of the bot's notes. */
export const chatMenusMessagesEn: Record<keyof typeof chatMenusMessages, string> = {
  'tickets.messages.menu.list': 'Sent as a list',
  'tickets.messages.menu.buttons': 'Sent as buttons',
  'tickets.messages.menu.options': 'Menu options',
  'tickets.notes.bot': 'Bot',
};
