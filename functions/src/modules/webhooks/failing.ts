import {
  disableFailingWebhook,
  endFailingStreak,
  startFailingStreak,
  type WebhookRecord,
} from '#data/webhooks';
import { listCompanyUsers } from '#data/users';
import { afterFailedAttempt, webhookDisabledMail } from '#domain/webhook-rules';
import { clockNowMs } from '#homes/clock';
import { mailPort } from '#homes/adapters';
import { logger } from '#observability/logger';

/**
 * A webhook's streak of failures (docs/decisions.md, "A webhook failing for days is disabled"):
 * the first failed attempt records when the streak began, a delivered one ends it, and a failure
 * `webhookLimits.disableAfterFailingDays` after it began disables the webhook. The disabling write
 * is conditional (still enabled, still that streak), so of concurrent failing attempts one wins,
 * and only the winner tells the admins: the `webhook` live event (the stream) updates their
 * screens and notifications; each admin with an e-mail gets one mail.
 */
export async function noteFailedAttempt(webhook: WebhookRecord): Promise<void> {
  const nowMs = clockNowMs();
  const at = new Date(nowMs).toISOString();
  const step = afterFailedAttempt(webhook.failingSince, nowMs);
  if (step === 'startStreak') {
    await startFailingStreak(webhook.companyId, webhook.id, at);
    return;
  }
  if (step === 'keep') return;
  const disabled = await disableFailingWebhook(webhook.companyId, webhook.id, webhook.failingSince!, at);
  if (!disabled) return;
  logger.warn('webhook disabled after failing for days', { companyId: webhook.companyId, webhookId: webhook.id, failingSince: webhook.failingSince });
  await mailAdmins(disabled);
}

/** A delivered attempt: the streak, if any, is over. */
export async function noteDeliveredAttempt(webhook: WebhookRecord): Promise<void> {
  if (webhook.failingSince) await endFailingStreak(webhook.companyId, webhook.id);
}

async function mailAdmins(webhook: WebhookRecord): Promise<void> {
  const admins = (await listCompanyUsers(webhook.companyId)).filter(
    (user) => user.profile === 'admin' && user.email,
  );
  const mail = webhookDisabledMail({ id: webhook.id, name: webhook.name ?? '' });
  // One admin's mail failing does not keep the others from theirs; the in-app notice stands anyway.
  const results = await Promise.allSettled(admins.map(async (admin) => (await mailPort()).send({ to: admin.email, ...mail })));
  const failed = results.filter((result) => result.status === 'rejected').length;
  if (failed > 0)
    logger.error('webhook disabled notice not mailed', { companyId: webhook.companyId, webhookId: webhook.id, failed });
}
