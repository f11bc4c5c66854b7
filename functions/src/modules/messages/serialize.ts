import type { MessageRecord } from '#data/messages';

/** A message as the API and the live channel show it. */
export function publicMessage(message: MessageRecord) {
  return {
    id: message.id,
    ticketId: message.ticketId,
    contactId: message.contactId ?? null,
    body: message.isDeleted ? '' : message.body,
    fromMe: message.fromMe,
    mediaType: message.mediaType ?? null,
    mediaUrl: message.mediaKey ? `/api/messages/media/${encodeURIComponent(message.id)}` : null,
    mediaName: message.mediaName ?? null,
    ack: message.ack ?? 0,
    read: message.read ?? false,
    isDeleted: message.isDeleted ?? false,
    isEdited: message.isEdited ?? false,
    quotedMsgId: message.quotedMsgId ?? null,
    error: message.error ?? null,
    userId: message.userId ?? null,
    createdAt: message.createdAt,
    updatedAt: message.updatedAt,
  };
}
