import { returnRateSlot, takeRateSlot } from '#data/guards';
import { AppError } from '#domain/app-error';
import { clientAddress } from '#domain/client-address';
import type { RateLimit } from '#domain/rate-limits';
import { logger } from '#observability/logger';

/** The client address of a public request (see domain/client-address.ts). */
export function callerAddress(request: {
  headers: Record<string, string | undefined>;
  sourceIp: string;
}): string {
  return clientAddress(request.headers, request.sourceIp, process.env.CLIENT_ADDRESS_HEADER);
}

/**
 * Counts one attempt against each limit, or refuses with 429 when any is full. A refused
 * attempt gives back what it took, so refusals do not prolong the wait.
 */
export async function spendAttempt(...counters: [RateLimit, string][]): Promise<void> {
  if (await refusingLimit(...counters)) throw new AppError('ERR_TOO_MANY_ATTEMPTS');
}

/**
 * Counts one attempt against each limit, in order; answers the first limit that is full (the
 * attempt then gives back what it took), or undefined when every limit took it.
 */
export async function refusingLimit(...counters: [RateLimit, string][]): Promise<RateLimit | undefined> {
  const taken: [RateLimit, string][] = [];
  for (const [limit, key] of counters) {
    if (!(await takeRateSlot(limit, key))) {
      await Promise.all(taken.map(([l, k]) => returnRateSlot(l, k)));
      return limit;
    }
    taken.push([limit, key]);
  }
  return undefined;
}

/**
 * One line per sign-in, sign-up or reset attempt, for spotting attacks. Never the password or
 * the code; the e-mail only as the start of its hash.
 */
export function logAttempt(
  action: 'login' | 'signup' | 'reset-code' | 'reset-guess',
  outcome: string,
  fields: { emailKey?: string; address: string },
): void {
  logger.info('account attempt', { action, outcome, ...(fields.emailKey ? { email: fields.emailKey.slice(0, 16) } : {}), address: fields.address });
}
