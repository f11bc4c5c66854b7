import * as z from 'zod';

/**
 * The ticket timers (docs/chatbot.md): one-time schedules through the SchedulerPort, one per
 * ticket and kind, moved by new activity. The ticket keeps each timer's deadline (`transferAt`,
 * `expireAt`, `ratingAt`); the timer's body carries the deadline it was set for, which is its
 * version: a body whose deadline is no longer the ticket's is stale and does nothing.
 */

export const ticketTimerKinds = ['transfer', 'expire', 'rating'] as const;
export type TicketTimerKind = (typeof ticketTimerKinds)[number];

/** The rating question waits this long for an answer, then the ticket closes without one. */
export const ratingWaitMinutes = 30;

export const ticketTimerBodySchema = z.object({
  type: z.literal('ticketTimer'),
  companyId: z.number().int().positive(),
  ticketId: z.number().int().positive(),
  kind: z.enum(ticketTimerKinds),
  /** The deadline (ISO) the timer was set for: its version. */
  at: z.string().min(1),
});
export type TicketTimerBody = z.infer<typeof ticketTimerBodySchema>;

/** The ticket attribute that holds a kind's deadline. */
export const timerAttribute = { transfer: 'transferAt', expire: 'expireAt', rating: 'ratingAt' } as const satisfies Record<TicketTimerKind, string>;

/** EventBridge Scheduler names: [0-9a-zA-Z-_.], at most 64 characters (here at most ~36). */
export function ticketTimerName(companyId: number, ticketId: number, kind: TicketTimerKind): string {
  return `c${companyId}-t${ticketId}-${kind}`;
}

export function minutesAfter(now: Date, minutes: number): Date {
  return new Date(now.getTime() + minutes * 60_000);
}

/**
 * What a fired timer should do, given the deadline the ticket holds now: act when it is the
 * timer's own (or a due deadline whose own timer was replaced before the ticket recorded it);
 * move the timer when the ticket's deadline is later (activity moved it); nothing when the
 * ticket holds none (cancelled).
 */
export function timerVerdict(body: Pick<TicketTimerBody, 'at'>, recorded: string | undefined, now: Date): 'act' | 'reschedule' | 'stale' {
  if (!recorded) return 'stale';
  if (recorded === body.at) return 'act';
  return Date.parse(recorded) > now.getTime() ? 'reschedule' : 'act';
}
