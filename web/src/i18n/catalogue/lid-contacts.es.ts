/** UI text of LID contacts: a person WhatsApp shows only by its privacy id (merged into the catalogue by messages.es.ts). */
export const lidContactsMessages = {
  'contacts.lid': 'LID',
  'contacts.lidHint': 'WhatsApp oculta el número de este contacto (LID): se completa cuando WhatsApp lo revela.',
} as const;
