import type { ConnectionAlert, ConnectionHistory } from '@atende/shared/entities/connection-health';
import {
  latestConnectionEventBefore,
  listConnectionDays,
  listConnectionEvents,
  listOpenConnectionAlerts,
} from '#data/connection-health';
import type { WhatsappRecord } from '#data/whatsapps';
import { connectionHistoryOf, historyStartMs, utcDay } from '#domain/connection-health';
import { clockNowMs } from '#homes/clock';
import { publicConnectionAlert } from './events.ts';

/** GET /whatsapp/{id}/history: the last 30 days of a connection (three Queries of its prefix). */
export async function connectionHistory(whatsapp: WhatsappRecord): Promise<ConnectionHistory> {
  const nowMs = clockNowMs();
  const fromMs = historyStartMs(nowMs);
  const fromIso = new Date(fromMs).toISOString();
  const [events, before, days] = await Promise.all([
    listConnectionEvents(whatsapp.companyId, whatsapp.id, fromIso, nowMs),
    latestConnectionEventBefore(whatsapp.companyId, whatsapp.id, fromIso),
    listConnectionDays(whatsapp.companyId, whatsapp.id, utcDay(fromMs), nowMs),
  ]);
  return connectionHistoryOf({
    whatsappId: whatsapp.id,
    events,
    before,
    days,
    nowMs,
    createdAtMs: whatsapp.createdAt ? Date.parse(whatsapp.createdAt) : fromMs,
    connectedNow: whatsapp.status === 'CONNECTED',
  });
}

/** GET /whatsapp/health/alerts: the company's open alerts, oldest first. */
export async function openConnectionAlerts(companyId: number): Promise<ConnectionAlert[]> {
  const alerts = await listOpenConnectionAlerts(companyId);
  return alerts.map(publicConnectionAlert).sort((a, b) => a.openedAt.localeCompare(b.openedAt));
}
