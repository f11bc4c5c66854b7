import type { ConnectionAlertKind, DisconnectReason } from '@atende/shared/entities/connection-health';
import {
  claimAlertMail,
  closeConnectionAlert,
  openConnectionAlert,
  releaseAlertMail,
  type ConnectionAlertRecord,
} from '#data/connection-health';
import { listCompanyUsers } from '#data/users';
import { connectionAlertMail, historyExpiresAt } from '#domain/connection-health';
import { clockNowMs } from '#homes/clock';
import { mailPort } from '#homes/adapters';
import { logger } from '#observability/logger';

/**
 * Raises an alert: one incident per connection and kind until it is closed (a conditional put),
 * and per incident exactly one e-mail to each admin of the company, each claimed conditionally
 * before it is sent, so a doubled event or a retry never sends twice. The alert's item makes the
 * `connectionAlert` live event (the banner). A mail that fails gives its claim back and fails the
 * call, so the caller's retry sends only the missing ones.
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
  await mailAdmins(alert, input.silenceMinutes);
  return alert;
}

async function mailAdmins(alert: ConnectionAlertRecord, silenceMinutes?: number): Promise<void> {
  const admins = (await listCompanyUsers(alert.companyId)).filter((user) => user.profile === 'admin' && user.email);
  const mail = connectionAlertMail({ ...alert, ...(silenceMinutes ? { silenceMinutes } : {}) });
  const expiresAt = historyExpiresAt(clockNowMs());
  const results = await Promise.allSettled(
    admins.map(async (admin) => {
      if (!(await claimAlertMail(alert, admin.id, expiresAt))) return;
      try {
        await (await mailPort()).send({ to: admin.email, ...mail });
      } catch (error) {
        await releaseAlertMail(alert, admin.id);
        throw error;
      }
    }),
  );
  const failed = results.filter((result) => result.status === 'rejected').length;
  if (failed > 0) {
    logger.error('connection alert not mailed', { companyId: alert.companyId, whatsappId: alert.whatsappId, kind: alert.kind, failed });
    throw new Error(`connection alert: ${failed} e-mail(s) not sent`);
  }
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
