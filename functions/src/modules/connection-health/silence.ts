import * as z from 'zod';
import { settingValue } from '@atende/shared/entities/setting';
import { silenceMinutesDefault } from '@atende/shared/entities/connection-health';
import { getCompany } from '#data/companies';
import { getConnectionAlert, latestConnectionDay, latestConnectionEventBefore, markSilentAlert } from '#data/connection-health';
import { listSettings } from '#data/settings';
import { getWhatsapp } from '#data/whatsapps';
import { openingState } from '#domain/chatbot/opening-hours';
import { historyExpiresAt, silenceDecision, utcDay } from '#domain/connection-health';
import { timeZoneOf } from '#domain/day-range';
import { clockNowMs } from '#homes/clock';
import { localBindings } from '#homes/local';
import { schedulerPort } from '#homes/adapters';
import { logger } from '#observability/logger';
import { raiseConnectionAlert } from './alerts.ts';

/**
 * The silence watch (docs/decisions.md, "Connections that tell you"): one one-time timer per
 * CONNECTED connection on the `timers` queue. It is armed when the connection comes up, and when
 * it fires it looks at the last inbound (the connection's newest day item, AP-CH-6): not silent
 * yet, it re-arms itself for when it could be (one schedule write per silence period, never one
 * per message); silent inside opening hours, it raises the `silent` alert and stops until an
 * inbound message ends the incident and arms it again.
 */
export const connectionSilenceBodySchema = z.object({
  type: z.literal('connectionSilence'),
  companyId: z.number().int().positive(),
  whatsappId: z.number().int().positive(),
});
export type ConnectionSilenceBody = z.infer<typeof connectionSilenceBodySchema>;

const timersQueue = 'timers';

/**
 * How long a "minute" of the silence setting lasts. Only the local runtime reads
 * `ATENDE_SILENCE_MINUTE_MS` (so a test's silence takes seconds); AWS always uses 60 s.
 */
export function silenceMinuteMs(): number {
  if (!localBindings()) return 60_000;
  const value = Number(process.env.ATENDE_SILENCE_MINUTE_MS ?? 60_000);
  return Number.isFinite(value) && value > 0 ? value : 60_000;
}

function timerName(companyId: number, whatsappId: number): string {
  return `c${companyId}-w${whatsappId}-silence`;
}

export async function armSilenceWatch(companyId: number, whatsappId: number, atMs: number): Promise<void> {
  const body: ConnectionSilenceBody = { type: 'connectionSilence', companyId, whatsappId };
  await (await schedulerPort()).schedule({
    name: timerName(companyId, whatsappId),
    at: new Date(Math.max(atMs, Date.now() + 1_000)),
    queueName: timersQueue,
    body: JSON.stringify(body),
  });
}

export async function cancelSilenceWatch(companyId: number, whatsappId: number): Promise<void> {
  try {
    await (await schedulerPort()).cancel(timerName(companyId, whatsappId));
  } catch (error) {
    logger.warn('cancelling a silence watch failed', { companyId, whatsappId, error: String(error) });
  }
}

/** Is the company open at an instant: its hours when opening hours are by company, else always. */
async function openingCheck(companyId: number): Promise<(instant: Date) => boolean> {
  const settings = await listSettings(companyId);
  if (settingValue(settings, 'scheduleType') !== 'company') return () => true;
  const company = await getCompany(companyId);
  const timeZone = timeZoneOf(settings.find((s) => s.key === 'timezone')?.value, company?.timezone);
  return (instant) => openingState(company?.schedules ?? [], instant, timeZone).open;
}

/** The timer fired. Idempotent: a second delivery re-arms or finds the alert already open. */
export async function fireSilenceWatch(body: ConnectionSilenceBody): Promise<void> {
  const { companyId, whatsappId } = body;
  const whatsapp = await getWhatsapp(companyId, whatsappId);
  const minutes = whatsapp?.silenceMinutes ?? silenceMinutesDefault;
  if (!whatsapp || whatsapp.status !== 'CONNECTED' || minutes <= 0) return;
  if (await getConnectionAlert(companyId, whatsappId, 'silent')) return;
  const nowMs = clockNowMs();
  const [latest, day] = await Promise.all([
    latestConnectionEventBefore(companyId, whatsappId, '~'),
    latestConnectionDay(companyId, whatsappId),
  ]);
  if (latest?.kind !== 'connected') return;
  const silenceMs = minutes * silenceMinuteMs();
  const isOpen = await openingCheck(companyId);
  const decision = silenceDecision({
    nowMs,
    silenceMs,
    connectedAtMs: Date.parse(latest.at),
    lastInboundMs: day?.lastInAt ? Date.parse(day.lastInAt) : null,
    openNow: isOpen(new Date(nowMs)),
    openThen: isOpen(new Date(nowMs - silenceMs)),
  });
  if (!decision.silent) {
    await armSilenceWatch(companyId, whatsappId, decision.checkAtMs);
    return;
  }
  const openedAt = new Date(nowMs).toISOString();
  // The mark first: the inbound that ends the incident sees it in its own counting write.
  await markSilentAlert(companyId, whatsappId, utcDay(nowMs), openedAt, historyExpiresAt(nowMs));
  await raiseConnectionAlert({
    companyId,
    whatsappId,
    name: whatsapp.name,
    kind: 'silent',
    reason: null,
    openedAt,
    silenceMinutes: minutes,
  });
}
