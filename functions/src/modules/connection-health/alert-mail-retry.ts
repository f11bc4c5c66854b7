import * as z from 'zod';
import { connectionAlertKinds } from '@atende/shared/entities/connection-health';
import { getConnectionAlert, type ConnectionAlertRecord } from '#data/connection-health';
import { alertMailRetryDelayMs } from '#domain/connection-health';
import { schedulerPort } from '#homes/adapters';
import { logger } from '#observability/logger';
import { mailAdmins } from './alert-mail.ts';

/**
 * The e-mails of an alert that could not all be sent (docs/decisions, "Connections that tell
 * you"): tried again from the `timers` queue after 1, 2, 4 … minutes while the incident is open,
 * each admin's mail still claimed once (alerts.ts), so a retry sends only the missing ones.
 */
export const connectionAlertMailBodySchema = z.object({
  type: z.literal('connectionAlertMail'),
  companyId: z.number().int().positive(),
  whatsappId: z.number().int().positive(),
  kind: z.enum(connectionAlertKinds),
  openedAt: z.string().min(1),
  attempt: z.number().int().positive(),
  silenceMinutes: z.number().int().positive().optional(),
});
export type ConnectionAlertMailBody = z.infer<typeof connectionAlertMailBodySchema>;

export async function scheduleAlertMailRetry(
  alert: ConnectionAlertRecord,
  attempt: number,
  silenceMinutes?: number,
): Promise<void> {
  const delayMs = alertMailRetryDelayMs(attempt);
  if (delayMs === null) {
    logger.error('connection alert e-mails given up', { companyId: alert.companyId, whatsappId: alert.whatsappId, kind: alert.kind, attempt });
    return;
  }
  const body: ConnectionAlertMailBody = {
    type: 'connectionAlertMail',
    companyId: alert.companyId,
    whatsappId: alert.whatsappId,
    kind: alert.kind,
    openedAt: alert.openedAt,
    attempt,
    ...(silenceMinutes ? { silenceMinutes } : {}),
  };
  await (await schedulerPort()).schedule({
    name: `c${alert.companyId}-w${alert.whatsappId}-alertmail-${alert.kind}-${attempt}`,
    at: new Date(Date.now() + delayMs),
    queueName: 'timers',
    body: JSON.stringify(body),
  });
}

/** A retry fell due: the incident still open, its missing e-mails are sent, or tried again later. */
export async function retryAlertMail(body: ConnectionAlertMailBody): Promise<void> {
  const alert = await getConnectionAlert(body.companyId, body.whatsappId, body.kind);
  if (!alert || alert.openedAt !== body.openedAt) return;
  try {
    await mailAdmins(alert, body.silenceMinutes);
  } catch {
    await scheduleAlertMailRetry(alert, body.attempt + 1, body.silenceMinutes);
  }
}
