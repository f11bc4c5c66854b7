import * as z from 'zod';
import { ticketTimerBodySchema } from '#domain/chatbot/timers';
import { fireTicketTimer } from './fire-timer.ts';
import { connectionAlertMailBodySchema, retryAlertMail } from '../connection-health/alert-mail-retry.ts';
import { connectionSilenceBodySchema, fireSilenceWatch } from '../connection-health/silence.ts';
import { keysOfBody } from '#observability/entry';
import { withCorrelation } from '#observability/correlation';
import { queueEntry } from '#observability/queue-entry';

/**
 * A ticket timer, or connection health's: a silence watch (connection-health/silence.ts) or an
 * alert's e-mails tried again (connection-health/alert-mail-retry.ts), which share the queue.
 */
const timerQueueBodySchema = z.union([connectionSilenceBodySchema, connectionAlertMailBodySchema, ticketTimerBodySchema]);
type TimerQueueBody = z.infer<typeof timerQueueBodySchema>;

function handleTimer(body: TimerQueueBody): Promise<unknown> {
  switch (body.type) {
    case 'ticketTimer':
      return withCorrelation(keysOfBody(body), () => fireTicketTimer(body));
    case 'connectionSilence':
      return fireSilenceWatch(body);
    case 'connectionAlertMail':
      return retryAlertMail(body);
  }
}

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
  handle: handleTimer,
  logKeys: (body) => (body.type === 'ticketTimer' ? { kind: body.kind, ticketId: body.ticketId } : { kind: body.type }),
});
