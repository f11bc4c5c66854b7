import { ticketTimerBodySchema } from '#domain/chatbot/timers';
import { fireTicketTimer } from './fire-timer.ts';
import { keysOfBody } from '#observability/entry';
import { withCorrelation } from '#observability/correlation';
import { queueEntry } from '#observability/queue-entry';

/**
 * Consumer of the `timers` queue: one-time schedules (EventBridge Scheduler, or the local
 * runtime's stand-in) deliver a ticket timer's body here when it falls due (docs/chatbot.md).
 * Each timer is handled on its own; a failed one is reported alone and delivered again (the
 * handling is idempotent). A body that is not a timer can never succeed: logged and dropped.
 */
export const handler = queueEntry({
  what: 'timer',
  parse: (body) => ticketTimerBodySchema.parse(body),
  handle: (timer) => withCorrelation(keysOfBody(timer), () => fireTicketTimer(timer)),
  logKeys: (timer) => ({ kind: timer.kind, ticketId: timer.ticketId }),
});
