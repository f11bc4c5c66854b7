/**
 * Repeated failed sign-ins for one e-mail are slowed down, then refused for the rest of the
 * window. The same rule applies whether or not the e-mail exists, so answers reveal nothing.
 */
export const loginThrottle = { windowSeconds: 15 * 60, slowAfter: 3, refuseAfter: 10, maxDelayMs: 4000 } as const;

export function loginDecision(failures: number): { refuse: boolean; delayMs: number } {
  if (failures >= loginThrottle.refuseAfter) return { refuse: true, delayMs: 0 };
  if (failures < loginThrottle.slowAfter) return { refuse: false, delayMs: 0 };
  return { refuse: false, delayMs: Math.min(250 * 2 ** (failures - loginThrottle.slowAfter), loginThrottle.maxDelayMs) };
}
