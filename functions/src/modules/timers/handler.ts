import * as z from 'zod';
import { ticketTimerBodySchema } from '#domain/chatbot/timers';
import { fireTicketTimer } from './fire-timer.ts';
import { connectionSilenceBodySchema, fireSilenceWatch } from '../connection-health/silence.ts';
import { keysOfBody } from '#observability/entry';
import { withCorrelation } from '#observability/correlation';
import { queueEntry } from '#observability/queue-entry';

/** A ticket timer, or a connection's silence watch (connection-health/silence.ts), which shares the queue. */
const timerQueueBodySchema = z.union([connectionSilenceBodySchema, ticketTimerBodySchema]);
type TimerQueueBody = z.infer<typeof timerQueueBodySchema>;

const isSilenceWatch = (body: TimerQueueBody): body is z.infer<typeof connectionSilenceBodySchema> =>
  connectionSilenceBodySchema.safeParse(body).success;

/**
 * Consumer of the `timers` queue: one-time schedules (EventBridge Scheduler, or the local
 * runtime's stand-in) deliver a ticket timer's body here when it falls due (docs/chatbot.md),
 * and a connection's silence watch when it is due. Each is handled on its own; a failed one is
 * reported alone and delivered again (the handling is idempotent). A body that is neither can
 * never succeed: logged and dropped.
 */
export const handler = queueEntry({
  what: 'timer',
  parse: (body) => timerQueueBodySchema.parse(body),
  handle: (body) =>
    isSilenceWatch(body)
      ? fireSilenceWatch(body)
      : withCorrelation(keysOfBody(body), () => fireTicketTimer(body)),
  logKeys: (body) => (isSilenceWatch(body) ? { kind: 'silence' } : { kind: body.kind, ticketId: body.ticketId }),
});
