/** UI text of the chatbot's menus sent as lists or buttons, and of the bot's notes (merged by messages.es.ts). */
export const chatMenusMessages = {
  'tickets.messages.menu.list': 'Enviado como lista',
  'tickets.messages.menu.buttons': 'Enviado como botones',
  'tickets.messages.menu.options': 'Opciones del menú',
  'tickets.notes.bot': 'Bot',
} as const;
