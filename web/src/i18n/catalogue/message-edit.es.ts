/** UI text of editing a sent message in the chat (merged into the catalogue by messages.es.ts). */
export const messageEditMessages = {
  'tickets.messages.edit': 'Editar',
  'tickets.messages.editTitle': 'Editar mensaje',
  'tickets.messages.editLabel': 'Mensaje',
  'tickets.messages.editHint': 'El contacto verá el texto nuevo. WhatsApp permite editar durante 15 minutos después del envío.',
  'tickets.messages.editHistory': 'Versiones anteriores:',
} as const;
