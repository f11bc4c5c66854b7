import { limits } from '@atende/shared/constants';

/** The counter shows from this share of the limit on: far below it, it would only be noise. */
export const counterFromShare = 0.9;

export interface MessageLength {
  count: number;
  max: number;
  /** Close enough to the limit to show the counter. */
  near: boolean;
  /** Past the limit: the API would refuse it, so it is not sent. */
  over: boolean;
}

/**
 * How a chat message stands against the API's limit (POST /messages, `limits.messageBodyMax`),
 * counted on the text as it will be sent (trimmed, signature included).
 */
export function messageLength(sent: string, max: number = limits.messageBodyMax): MessageLength {
  const count = sent.length;
  return { count, max, near: count >= Math.floor(max * counterFromShare), over: count > max };
}
