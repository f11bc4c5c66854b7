/**
 * Editing a message (docs/decisions.md, "Editing a sent message"): who may edit what and when,
 * and how an edit changes the stored message. Pure; the REST route, the SPA's menu, the connector
 * and the ingest share it.
 */

/** WhatsApp lets a sent message be edited for 15 minutes. */
export const messageEditWindowMs = 15 * 60 * 1000;

/** The fields of a stored message the rules look at. */
export interface EditableMessage {
  fromMe: boolean;
  isDeleted?: boolean | null;
  mediaType?: string | null;
  ack?: number | null;
  error?: string | null;
  createdAt: string;
}

export type EditRefusal = 'ERR_NO_PERMISSION' | 'ERR_MESSAGE_NOT_EDITABLE' | 'ERR_MESSAGE_EDIT_EXPIRED';

/**
 * Why the business may not edit this message now, or null when it may: only its own text
 * messages (fromMe, no media, not deleted) that WhatsApp took (sent, no send error), within 15
 * minutes of being written.
 */
export function editRefusal(message: EditableMessage, nowMs: number): EditRefusal | null {
  if (!message.fromMe) return 'ERR_NO_PERMISSION';
  if (message.isDeleted || message.mediaType || message.error || (message.ack ?? 0) < 1)
    return 'ERR_MESSAGE_NOT_EDITABLE';
  const sentMs = Date.parse(message.createdAt);
  if (!Number.isFinite(sentMs) || nowMs - sentMs > messageEditWindowMs) return 'ERR_MESSAGE_EDIT_EXPIRED';
  return null;
}

/** One earlier text of an edited message and when it was written. */
export interface EditHistoryEntry {
  body: string;
  at: string;
}

/** The fields an edit reads from the stored message. */
export interface EditedState {
  body: string;
  isDeleted?: boolean | null;
  createdAt: string;
  editedAt?: string | null;
  editIds?: readonly string[] | null;
}

/**
 * What applying an edit writes, or null when there is nothing to write: the message is deleted,
 * this edit was applied before (its id is known), or the text is already the new one (an edit
 * without an id redelivered, or our own edit coming back from the phone under another id). The replaced text goes to the history with the time it was written (the
 * message's creation, or its previous edit).
 */
export function editOutcome(
  current: EditedState,
  edit: { body: string; at: string; editId: string | undefined },
): { previous: EditHistoryEntry; body: string; editedAt: string; editId: string | undefined } | null {
  if (current.isDeleted) return null;
  if (current.body === edit.body) return null;
  if (edit.editId && (current.editIds ?? []).includes(edit.editId)) return null;
  return {
    previous: { body: current.body, at: current.editedAt ?? current.createdAt },
    body: edit.body,
    editedAt: edit.at,
    editId: edit.editId,
  };
}
