import type { inboxMediaMessages } from './inbox-media.es.ts';

/** Brazilian Portuguese text of the media in the conversation. */
export const inboxMediaMessagesPtBr: Record<keyof typeof inboxMediaMessages, string> = {
  'tickets.media.openImage': 'Abrir imagem: {name}',
  'tickets.media.zoomIn': 'Ampliar',
  'tickets.media.zoomOut': 'Reduzir',
  'tickets.media.audioOf': 'Áudio: {name}',
  'tickets.media.videoOf': 'Vídeo: {name}',
  'tickets.media.startConversation': 'Iniciar conversa',
  'tickets.media.startConversationWith': 'Iniciar conversa com {name}',
  'tickets.media.contactPreview': 'Contato: {names}',
  'tickets.media.locationPreview': 'Localização: {place}',
};
