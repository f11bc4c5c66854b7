import type { TicketRecord } from '#data/tickets';
import { ticketTimerName, timerAttribute, type TicketTimerBody, type TicketTimerKind } from '#domain/chatbot/timers';
import { schedulerPort } from '#homes/adapters';
import { logger } from '#observability/logger';

/** The manifest queue the ticket timers deliver to (consumer: modules/timers/handler.ts). */
export const timersQueue = 'timers';

/** Deadlines already past are delivered one second from now (a schedule cannot start in the past). */
const minimumLeadMs = 1_000;

/** (Re)sets a ticket's timer of one kind to `at` (ISO), its version. One schedule per ticket and kind. */
export async function scheduleTicketTimer(ticket: Pick<TicketRecord, 'companyId' | 'id'>, kind: TicketTimerKind, at: string): Promise<void> {
  const body: TicketTimerBody = { type: 'ticketTimer', companyId: ticket.companyId, ticketId: ticket.id, kind, at };
  const scheduler = await schedulerPort();
  await scheduler.schedule({
    name: ticketTimerName(ticket.companyId, ticket.id, kind),
    at: new Date(Math.max(Date.parse(at), Date.now() + minimumLeadMs)),
    queueName: timersQueue,
    body: JSON.stringify(body),
  });
}

/**
 * Cancels a ticket's timer. Only saves a delivery: the ticket no longer holds the deadline, so
 * the timer would do nothing anyway; a failure is logged, not raised.
 */
export async function cancelTicketTimer(ticket: Pick<TicketRecord, 'companyId' | 'id'>, kind: TicketTimerKind): Promise<void> {
  try {
    const scheduler = await schedulerPort();
    await scheduler.cancel(ticketTimerName(ticket.companyId, ticket.id, kind));
  } catch (error) {
    logger.warn('cancelling a ticket timer failed', { ticketId: ticket.id, kind, error: String(error) });
  }
}

export type TimerDeadlines = Partial<Record<TicketTimerKind, string | undefined>>;

/**
 * The timer changes between what a ticket holds and what it should hold: the ones to schedule
 * (before the ticket records them, so a recorded deadline always has its timer) and the ones to
 * cancel (after the ticket forgot them).
 */
export function timerChanges(current: Partial<Pick<TicketRecord, 'transferAt' | 'expireAt' | 'ratingAt'>>, wanted: TimerDeadlines) {
  const schedule: [TicketTimerKind, string][] = [];
  const cancel: TicketTimerKind[] = [];
  for (const [kind, at] of Object.entries(wanted) as [TicketTimerKind, string | undefined][]) {
    const held = current[timerAttribute[kind]];
    if (at && at !== held) schedule.push([kind, at]);
    if (!at && held) cancel.push(kind);
  }
  return { schedule, cancel };
}

/** Schedules what `timerChanges` asks for; the caller then writes the ticket and calls the returned cancel step. */
export async function applyTimerSchedules(ticket: Pick<TicketRecord, 'companyId' | 'id'>, schedule: [TicketTimerKind, string][]): Promise<void> {
  for (const [kind, at] of schedule) await scheduleTicketTimer(ticket, kind, at);
}

export async function applyTimerCancels(ticket: Pick<TicketRecord, 'companyId' | 'id'>, cancel: TicketTimerKind[]): Promise<void> {
  for (const kind of cancel) await cancelTicketTimer(ticket, kind);
}
