/**
 * What a ticket's list line (`lastMessage`) becomes when one of its messages changes after it was
 * stored: a message deleted for everyone leaves the line empty (its text must not stay on
 * screen), an edited one shows its new text; any other change (receipts, send results, claims)
 * leaves the line alone. Only the ticket whose line is still that message's is changed (the
 * caller's condition on `lastMessageAt`).
 */
export interface MessageImage {
  body?: unknown;
  isDeleted?: unknown;
  isEdited?: unknown;
}

/** Longest line a ticket keeps, as the message writes cut it. */
export const lastMessageLineMax = 255;

export function lastMessageLineAfter(
  before: MessageImage | undefined,
  after: MessageImage | undefined,
): string | undefined {
  if (!before || !after) return undefined;
  if (after.isDeleted === true && before.isDeleted !== true) return '';
  if (after.isDeleted === true) return undefined;
  if (after.isEdited === true && typeof after.body === 'string' && after.body !== before.body)
    return after.body.slice(0, lastMessageLineMax);
  return undefined;
}
