import { markRecipientFailed } from '#data/campaigns';
import type { EntityChange } from '../../live/live-event.ts';

/**
 * A campaign message's send result (docs/decisions.md, "Campaign recipients: failed with a
 * reason"): the connector writes a refusal on the message (`error`); a message that carries its
 * campaign and recipient position and newly shows one marks that recipient `failed`, reason
 * `sendRefused` (AP-CA-26: once, conditional, so a batch delivered again changes nothing twice).
 * Read by the send-outcomes stream consumer (modules/schedules/outcome-handler.ts).
 */
export async function followCampaignSendResult(change: EntityChange | undefined): Promise<void> {
  const message = change?.entity === 'message' ? change.newItem : undefined;
  if (!message || typeof message.campaignId !== 'number' || typeof message.campaignPosition !== 'number') return;
  if (!message.error || change?.oldItem?.error) return;
  await markRecipientFailed(Number(message.companyId), message.campaignId, message.campaignPosition, {
    reason: 'sendRefused',
    at: typeof message.updatedAt === 'string' ? message.updatedAt : new Date().toISOString(),
  });
}
