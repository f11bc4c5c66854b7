import { AppError } from './app-error.ts';

/**
 * A send time a person picks (a scheduled message, a campaign's start) must be ahead of now:
 * a time in the past would be sent at once, which is never what was meant (issue #25: a time
 * typed in the wrong zone landed three hours in the past). The grace covers a browser clock a
 * little behind the server's and a time picked for "this minute" (the picker has no seconds).
 */
export const pastTimeGraceMs = 120_000;

/** Throws ERR_TIME_IN_PAST when `instant` is more than the grace before `now`. */
export function assertNotInPast(instant: string, now: Date): void {
  if (Date.parse(instant) < now.getTime() - pastTimeGraceMs) throw new AppError('ERR_TIME_IN_PAST');
}

/**
 * A changed or new send time is checked; an unchanged one is not (editing the text of a failed
 * schedule that is retried at its old time is still allowed).
 */
export function assertNewTimeNotInPast(
  next: string | null | undefined,
  current: string | null | undefined,
  now: Date,
): void {
  if (!next) return;
  if (current && Date.parse(current) === Date.parse(next)) return;
  assertNotInPast(next, now);
}
