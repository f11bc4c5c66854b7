/** UI text of the media in the conversation (merged into the catalogue by messages.es.ts). */
export const inboxMediaMessages = {
  'tickets.media.openImage': 'Abrir imagen: {name}',
  'tickets.media.zoomIn': 'Ampliar',
  'tickets.media.zoomOut': 'Reducir',
  'tickets.media.audioOf': 'Audio: {name}',
  'tickets.media.videoOf': 'Video: {name}',
  'tickets.media.startConversation': 'Iniciar conversación',
  'tickets.media.startConversationWith': 'Iniciar conversación con {name}',
  'tickets.media.contactPreview': 'Contacto: {names}',
  'tickets.media.locationPreview': 'Ubicación: {place}',
} as const;
