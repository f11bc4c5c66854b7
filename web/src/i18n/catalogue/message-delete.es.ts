/** UI text of deleting a sent message in the chat (merged into the catalogue by messages.es.ts). */
export const messageDeleteMessages = {
  'tickets.messages.options': 'Opciones del mensaje',
  'tickets.messages.delete': 'Borrar',
  'tickets.messages.deleteTitle': '¿Borrar mensaje?',
  'tickets.messages.deleteConfirm':
    'El mensaje se borrará también en el WhatsApp del contacto. Esta acción no se puede revertir.',
} as const;
