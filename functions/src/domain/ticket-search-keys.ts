/**
 * Ticket ids in the token partition's sort keys are zero-padded to this many digits, so the
 * keys of one token sort in id order ("…#0000000009" before "…#0000000010") and a newest-first
 * read of a token is a descending query that can stop after a page. Ten digits: ids are a
 * company's own counter, far below 10^10.
 */
export const ticketKeyDigits = 10;

/** A ticket id as the token partition's sort keys hold it. */
export function ticketKey(ticketId: number): string {
  return String(ticketId).padStart(ticketKeyDigits, '0');
}
