import type { CampaignRecord } from '#data/campaigns';
import { adminsOnly } from '#domain/live-audience';
import type { EventRule } from '../../live/live-event.ts';
import { publicCampaign } from './serialize.ts';

/**
 * `campaign` events (extended §4, Live updates) to the company's admins, who alone see campaigns:
 * `{ action: "create" | "update", record }` on every change, so each delivery moves the report's
 * progress bar; `{ action: "delete", id }` when one is deleted. Names of the related list and
 * connection are left to the screens, which already hold them.
 */
export const campaignEventRule: EventRule = (change) => {
  const item = change.newItem ?? change.oldItem;
  if (!item) return [];
  const companyId = Number(item.companyId);
  if (change.kind === 'delete') {
    return [{ companyId, event: 'campaign', data: { action: 'delete', id: item.id }, audience: adminsOnly }];
  }
  return [
    {
      companyId,
      event: 'campaign',
      data: { action: change.kind, record: publicCampaign(change.newItem as CampaignRecord) },
      audience: adminsOnly,
    },
  ];
};
