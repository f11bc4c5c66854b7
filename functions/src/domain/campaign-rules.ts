import { isCampaignEditable, type CampaignStatus } from '@atende/shared/entities/campaign';
import { AppError } from './app-error.ts';

/**
 * The campaign's status rules (extended §4, §9). The server owns every transition but two: an
 * admin cancels a running campaign and restarts a cancelled one.
 *
 * - Saved with a schedule: PROGRAMADA (it starts at scheduledAt); without: INATIVA (never starts).
 * - PROGRAMADA → EM_ANDAMENTO when the schedule fires; EM_ANDAMENTO → FINALIZADA when the last
 *   valid recipient is delivered; EM_ANDAMENTO ⇄ CANCELADA by the admin's cancel and restart.
 * - Editable when INATIVA or CANCELADA, or PROGRAMADA more than one hour before its schedule.
 */
export interface CampaignState {
  status: CampaignStatus;
  scheduledAt?: string | null;
}

/** Refuses a change of a campaign that the edit rule closes. */
export function assertCampaignEditable(campaign: CampaignState, now: Date): void {
  if (!isCampaignEditable(campaign, now)) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE');
}

/**
 * The status a saved campaign takes. A cancelled one stays cancelled (restart resumes it); the
 * others follow their schedule.
 */
export function statusAfterSave(
  current: CampaignStatus | undefined,
  scheduledAt: string | null | undefined,
): CampaignStatus {
  if (current === 'CANCELADA') return 'CANCELADA';
  return scheduledAt ? 'PROGRAMADA' : 'INATIVA';
}

/** Cancel is for a running campaign only. */
export function assertMayCancel(campaign: CampaignState): void {
  if (campaign.status !== 'EM_ANDAMENTO') throw new AppError('ERR_CAMPAIGN_STATUS');
}

/** Restart is for a cancelled campaign only. */
export function assertMayRestart(campaign: CampaignState): void {
  if (campaign.status !== 'CANCELADA') throw new AppError('ERR_CAMPAIGN_STATUS');
}

/** What a campaign needs before it may be scheduled or started: a connection, recipients, a message. */
export function startProblems(campaign: {
  whatsappId?: number | null;
  contactListId?: number | null;
  tagListId?: number | null;
  hasMessage: boolean;
}): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (!campaign.whatsappId) problems.push({ path: 'whatsappId', message: 'Requerido' });
  if (!campaign.contactListId && !campaign.tagListId)
    problems.push({ path: 'contactListId', message: 'Requerido' });
  if (!campaign.hasMessage) problems.push({ path: 'message1', message: 'Requerido' });
  return problems;
}

/** Schedules this close (or past) start through the queue's delay instead of a schedule. */
export const campaignDirectStartWindowMs = 60_000;

/** The one-time schedule's name of a campaign's start ([0-9a-zA-Z-_.], at most 64 characters). */
export function campaignStartScheduleName(companyId: number, campaignId: number): string {
  return `c${companyId}-campaign-${campaignId}-start`;
}

/**
 * The plan's campaigns limit: how many campaigns the company may hold at once, whatever their
 * status (docs/decisions.md, "Plan limits: campaigns and schedules"); null or absent: unlimited.
 */
export function campaignLimitOf(plan: { campaigns?: number | null } | undefined): number | null {
  return typeof plan?.campaigns === 'number' ? plan.campaigns : null;
}
