/**
 * Limits on what an anonymous caller may try, each counted per window (the counter's key holds
 * the window's number, so an old window is never read as the current one, even where expired
 * items linger, as in DynamoDB Local), the previous window weighing in as time passes. docs/decisions.md, "Security: accounts", explains the numbers.
 */
export interface RateLimit {
  /** Names the counter in the table; one per kind of key. */
  scope: string;
  limit: number;
  windowSeconds: number;
}

const hour = 60 * 60;

export const rateLimits = {
  /**
   * Reset codes asked for one e-mail from one client address (unknown e-mails too: the limits
   * apply before the lookup). As sign-in counts per e-mail and address: a stranger's requests
   * from one address do not block the owner's from another (docs/decisions.md, "Password reset
   * limits per e-mail and address").
   */
  resetCodesPerEmailAndAddress: { scope: 'reset-mail-pair', limit: 3, windowSeconds: hour },
  /** Reset codes sent for one e-mail from any address: bounds the mails one inbox can be sent. */
  resetCodesPerEmail: { scope: 'reset-mail', limit: 10, windowSeconds: hour },
  /** Reset codes asked for from one client address. */
  resetCodesPerAddress: { scope: 'reset-mail-ip', limit: 10, windowSeconds: hour },
  /** Reset-code guesses for one e-mail, across all its codes. */
  resetGuessesPerEmail: { scope: 'reset-guess', limit: 10, windowSeconds: hour },
  /** Reset-code guesses from one client address, across e-mails. */
  resetGuessesPerAddress: { scope: 'reset-guess-ip', limit: 30, windowSeconds: hour },
  /** The e-mail telling a user their reset requests were blocked: one per e-mail an hour. */
  resetBlockedNotices: { scope: 'reset-blocked-notice', limit: 1, windowSeconds: hour },
  /** Public sign-ups (new companies) from one client address. */
  signupsPerAddress: { scope: 'signup-ip', limit: 5, windowSeconds: hour },
} as const satisfies Record<string, RateLimit>;

/** The window a moment falls in, when it started, and when its counter may go (epoch seconds). */
export function rateWindow(
  limit: Pick<RateLimit, 'windowSeconds'>,
  nowSeconds: number,
): { index: number; startsAt: number; keepUntil: number } {
  const index = Math.floor(nowSeconds / limit.windowSeconds);
  const startsAt = index * limit.windowSeconds;
  // The next window still weighs this one's count, so the counter lives two windows.
  return { index, startsAt, keepUntil: startsAt + 2 * limit.windowSeconds };
}

/**
 * The part of the previous window's count that still counts (a sliding window, approximated):
 * all of it at the start of the current window, nothing at its end. Without it, an attacker
 * would get twice the limit around each window's boundary.
 */
export function carriedOver(
  limit: Pick<RateLimit, 'windowSeconds'>,
  previousCount: number,
  nowSeconds: number,
): number {
  const elapsed = (nowSeconds - rateWindow(limit, nowSeconds).startsAt) / limit.windowSeconds;
  return Math.ceil(previousCount * (1 - elapsed));
}
