import type { ConnectionAlertKind, DisconnectReason } from '@atende/shared/entities/connection-health';
import { closeConnectionAlert, openConnectionAlert, type ConnectionAlertRecord } from '#data/connection-health';
import { mailAdmins } from './alert-mail.ts';
import { scheduleAlertMailRetry } from './alert-mail-retry.ts';

/**
 * Raises an alert: one incident per connection and kind until it is closed (a conditional put),
 * and per incident exactly one e-mail to each admin of the company, each claimed conditionally
 * before it is sent, so a doubled event or a retry never sends twice. The alert's item makes the
 * `connectionAlert` live event (the banner). A mail that fails gives its claim back and is tried
 * again later (alert-mail-retry.ts), which sends only the missing ones.
 */
export async function raiseConnectionAlert(input: {
  companyId: number;
  whatsappId: number;
  name: string;
  kind: ConnectionAlertKind;
  reason: DisconnectReason | null;
  openedAt: string;
  silenceMinutes?: number;
}): Promise<ConnectionAlertRecord> {
  const { alert } = await openConnectionAlert({
    companyId: input.companyId,
    whatsappId: input.whatsappId,
    kind: input.kind,
    name: input.name,
    reason: input.reason,
    openedAt: input.openedAt,
  });
  // An incident opened before (a retry, or the same event twice) is mailed under its own claims.
  // A mail that fails is tried again from the timers queue, not by failing the stream record
  // that raised it (which would hold up the rest of its shard until the mail server answers).
  try {
    await mailAdmins(alert, input.silenceMinutes);
  } catch {
    await scheduleAlertMailRetry(alert, 1, input.silenceMinutes);
  }
  return alert;
}

/** Ends incidents: the alert items go (their deletion is the live event that takes the banner away). */
export async function closeConnectionAlerts(
  companyId: number,
  whatsappId: number,
  kinds: readonly ConnectionAlertKind[],
): Promise<ConnectionAlertKind[]> {
  const closed = await Promise.all(kinds.map(async (kind) => ((await closeConnectionAlert(companyId, whatsappId, kind)) ? kind : null)));
  return closed.filter((kind): kind is ConnectionAlertKind => kind !== null);
}
