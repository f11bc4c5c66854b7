import type { chatMenusMessages } from './chat-menus.es.ts';

/** Brazilian Portuguese text of the chatbot's menus sent as lists or buttons, and of the bot's notes. */
export const chatMenusMessagesPtBr: Record<keyof typeof chatMenusMessages, string> = {
  'tickets.messages.menu.list': 'Enviado como lista',
  'tickets.messages.menu.buttons': 'Enviado como botões',
  'tickets.messages.menu.options': 'Opções do menu',
  'tickets.notes.bot': 'Bot',
};
