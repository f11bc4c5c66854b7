import {
  claimConfirmedDelivery,
  deletePendingConfirmation,
  finishIfAllDelivered,
  getCampaign,
  getPendingConfirmation,
  getShipping,
} from '#data/campaigns';
import { deliverEntry } from './deliver.ts';

/**
 * The inbound path's one hook into campaigns (extended §2.3, confirmation on): a customer who
 * was asked to confirm answered, so the real message (and the files) go now, once. A retried
 * inbound event finds the pending confirmation still there until the message went, and sends
 * the same parts again under the same ids (nothing twice). One read when nothing is pending;
 * none when the caller read the pending confirmation already (`known`: the ingest reads it with
 * the chat, AP-IN-1).
 */
export async function answerCampaignConfirmation(
  companyId: number,
  whatsappId: number,
  number: string,
  known?: { pending: Awaited<ReturnType<typeof getPendingConfirmation>> },
): Promise<void> {
  const pending = known ? known.pending : await getPendingConfirmation(companyId, whatsappId, number);
  if (!pending) return;
  const campaign = await getCampaign(companyId, pending.campaignId);
  if (!campaign) {
    await deletePendingConfirmation(companyId, whatsappId, number);
    return;
  }
  // A cancelled campaign keeps its pending confirmations: a restart honours later answers.
  if (campaign.status !== 'EM_ANDAMENTO' && campaign.status !== 'FINALIZADA') return;
  const at = new Date().toISOString();
  if (campaign.status === 'EM_ANDAMENTO') await claimConfirmedDelivery(companyId, pending, at);
  const entry = await getShipping(companyId, campaign.id, pending.position);
  if (entry?.deliveredAt && entry.confirmedAt) await deliverEntry(campaign, entry, 'delivery');
  await deletePendingConfirmation(companyId, whatsappId, number);
  await finishIfAllDelivered(companyId, campaign.id, at);
}
