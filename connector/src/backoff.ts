/**
 * Exponential backoff with full jitter: attempt n waits a random time in
 * [0, min(cap, base * 2^n)). The product we replace restarted a closed socket after a fixed 2 s,
 * which hammers WhatsApp when it is down and never spreads reconnecting sessions apart.
 */
export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
}

export const defaultBackoff: BackoffPolicy = { baseMs: 1_000, capMs: 60_000 };

/** The ceiling of attempt `attempt` (0-based). */
export function backoffCeiling(attempt: number, policy: BackoffPolicy): number {
  const exponent = Math.min(Math.max(attempt, 0), 30);
  return Math.min(policy.capMs, policy.baseMs * 2 ** exponent);
}

/** The delay before attempt `attempt`; `random` returns [0, 1). */
export function backoffDelay(attempt: number, policy: BackoffPolicy, random: () => number): number {
  return Math.floor(random() * backoffCeiling(attempt, policy));
}
