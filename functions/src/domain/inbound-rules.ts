import { mediaTypeOfInbound, type InboundMessage } from '@atende/shared/entities/inbound-message';
import { familyOf, servedType } from '@atende/shared/media-type';
import { customerTexts } from './chatbot/texts.ts';

/** The contact number of a chat: the user part of its JID (groups keep their group id). */
export function chatNumber(chatJid: string): string {
  return chatJid.split('@')[0]!.split(':')[0]!;
}

/** What the ticket list shows as the last message: the text, or a label for media. */
export function lastMessagePreview(message: Pick<InboundMessage, 'type' | 'body'>): string {
  if (message.body.trim()) return message.body.trim().slice(0, 255);
  const labels: Record<InboundMessage['type'], string> = {
    text: '',
    image: '📷 Imagen',
    sticker: '📷 Sticker',
    audio: '🎤 Audio',
    video: '🎥 Video',
    document: '📄 Documento',
    location: '📍 Ubicación',
    vcard: '👤 Contacto',
  };
  return labels[message.type];
}

/**
 * The stored fields of an inbound message's media part. The connector decided the type from the
 * bytes; it is still held to the allow-list here (an unknown type is opaque bytes), and a medium
 * whose bytes are not the image, audio or video the message claims is shown as a file.
 */
export function storedMedia(message: InboundMessage) {
  const claimed = mediaTypeOfInbound(message.type);
  const mimetype = message.media ? servedType(message.media.mimetype).split(';')[0]! : undefined;
  const mediaType =
    mimetype && (claimed === 'image' || claimed === 'audio' || claimed === 'video')
      ? familyOf(mimetype)
      : claimed;
  return {
    ...(mediaType ? { mediaType } : {}),
    ...(message.media ? { mediaKey: message.media.key, mimetype } : {}),
    ...(message.media?.fileName ? { mediaName: message.media.fileName } : {}),
    ...(message.media?.sizeBytes !== undefined ? { mediaSize: message.media.sizeBytes } : {}),
  };
}

/** Text stored for a location or shared contact, so the chat shows something useful. */
export function storedBody(message: InboundMessage): string {
  if (message.type === 'location' && message.location) {
    const { latitude, longitude, name, address } = message.location;
    return JSON.stringify({ latitude, longitude, name: name ?? null, address: address ?? null });
  }
  if (message.type === 'vcard' && message.vcards?.length) return message.vcards.join('\n');
  return message.body;
}

/** The reply sent to a call when the company does not take calls (Spanish; customerTexts has each language's). */
export const callRejectedText = customerTexts.es.callRejected;
