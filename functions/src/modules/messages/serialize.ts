import type { MessageRecord } from '#data/messages';
import { storedMenu } from '#domain/chatbot/menu-message';

/** A message as the API and the live channel show it. */
/**
 * `mediaUrl` is a short-lived signed URL where the caller had one made (REST lists); elsewhere
 * (live events) it is null and `hasMedia` says to ask GET /messages/media/{id} for one.
 */
export function publicMessage(message: MessageRecord, mediaUrl: string | null = null) {
  return {
    id: message.id,
    ticketId: message.ticketId,
    contactId: message.contactId ?? null,
    body: message.isDeleted ? '' : message.body,
    fromMe: message.fromMe,
    mediaType: message.mediaType ?? null,
    mediaUrl,
    hasMedia: Boolean(message.mediaKey),
    mimetype: message.mimetype ?? null,
    mediaName: message.mediaName ?? null,
    mediaSize: message.mediaSize ?? null,
    ack: message.ack ?? 0,
    read: message.read ?? false,
    isDeleted: message.isDeleted ?? false,
    isEdited: message.isEdited ?? false,
    // A deleted message shows none of its texts, earlier ones included.
    editedAt: message.isDeleted ? null : (message.editedAt ?? null),
    editHistory: message.isDeleted ? [] : (message.editHistory ?? []),
    quotedMsgId: message.quotedMsgId ?? null,
    error: message.error ?? null,
    userId: message.userId ?? null,
    fromApi: message.fromApi ?? false,
    menu: message.isDeleted ? null : storedMenu(message.menu),
    createdAt: message.createdAt,
    updatedAt: message.updatedAt,
  };
}
