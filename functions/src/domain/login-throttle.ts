import type { RateLimit } from './rate-limits.ts';

/**
 * Sign-in attempts are counted per e-mail and client address together (one attacker guessing
 * one account), per e-mail (many addresses on one account) and per client address (one
 * address spraying a password over many e-mails), each in a 15-minute window. An attempt takes
 * its slot before the password is checked, so parallel guesses cannot exceed a limit; a
 * successful sign-in gives its slots back. Failures from one address slow that address down,
 * then refuse it; a stranger elsewhere cannot lock the owner out, and no refusal outlasts its
 * window (docs/decisions.md, "Security: accounts").
 */
export const loginThrottle = { windowSeconds: 15 * 60, slowAfter: 3, refuseAfter: 10, maxDelayMs: 4000 } as const;

export const loginLimits = {
  perEmailAndAddress: { scope: 'login-pair', limit: loginThrottle.refuseAfter, windowSeconds: loginThrottle.windowSeconds },
  perEmail: { scope: 'login-mail', limit: 50, windowSeconds: loginThrottle.windowSeconds },
  perAddress: { scope: 'login-ip', limit: 30, windowSeconds: loginThrottle.windowSeconds },
} as const satisfies Record<string, RateLimit>;

/** The delay before checking a password, growing with the failures counted for the pair. */
export function loginDecision(failures: number): { refuse: boolean; delayMs: number } {
  if (failures >= loginThrottle.refuseAfter) return { refuse: true, delayMs: 0 };
  if (failures < loginThrottle.slowAfter) return { refuse: false, delayMs: 0 };
  return { refuse: false, delayMs: Math.min(250 * 2 ** (failures - loginThrottle.slowAfter), loginThrottle.maxDelayMs) };
}
