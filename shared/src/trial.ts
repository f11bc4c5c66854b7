/** Trial days left (extended §4): days between now and trialExpiration, rounded up. */

const dayMs = 86_400_000;

/**
 * Whole days, rounded up, so 1 hour left reads as 1 day. After expiry the result is zero or
 * negative; clamping for display is the caller's choice.
 */
export function trialDaysLeft(now: Date | string | number, trialExpiration: Date | string | number): number {
  const days = Math.ceil((new Date(trialExpiration).getTime() - new Date(now).getTime()) / dayMs);
  if (Number.isNaN(days)) throw new RangeError('Invalid date for trialDaysLeft');
  // Math.ceil(-0.5) is -0; report a plain 0.
  return days === 0 ? 0 : days;
}
