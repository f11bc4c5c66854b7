import { claimAlertMail, releaseAlertMail, type ConnectionAlertRecord } from '#data/connection-health';
import { listCompanyUsers } from '#data/users';
import { connectionAlertMail, historyExpiresAt } from '#domain/connection-health';
import { clockNowMs } from '#homes/clock';
import { mailPort } from '#homes/adapters';
import { logger } from '#observability/logger';

/** Mails the admins who have not had this incident's e-mail yet; fails if any mail failed. */
export async function mailAdmins(alert: ConnectionAlertRecord, silenceMinutes?: number): Promise<void> {
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
