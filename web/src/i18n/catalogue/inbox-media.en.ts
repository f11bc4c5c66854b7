import type { inboxMediaMessages } from './inbox-media.es.ts';

/** English (en) UI text of the media in the conversation (merged by messages.en.ts). */
export const inboxMediaMessagesEn: Record<keyof typeof inboxMediaMessages, string> = {
  'tickets.media.openImage': 'Open image: {name}',
  'tickets.media.zoomIn': 'Zoom in',
  'tickets.media.zoomOut': 'Zoom out',
  'tickets.media.audioOf': 'Audio: {name}',
  'tickets.media.videoOf': 'Video: {name}',
  'tickets.media.startConversation': 'Start conversation',
  'tickets.media.startConversationWith': 'Start a conversation with {name}',
  'tickets.media.contactPreview': 'Contact: {names}',
  'tickets.media.locationPreview': 'Location: {place}',
};
