import {
  campaignSettingsSchema,
  campaignSettingsToRows,
  parseCampaignSettings,
} from '@atende/shared/entities/campaign-settings';
import { listCampaignSettings, putCampaignSettings } from '#data/campaign-settings';
import { restModule } from '#http/rest-module';
import { route } from '#http/route';

/** The rows as the screen reads them: key and JSON value, every key present (defaults filled). */
async function settingRows(companyId: number) {
  const settings = parseCampaignSettings(await listCampaignSettings(companyId));
  return campaignSettingsToRows(settings).map((row) => ({ ...row, companyId }));
}

/**
 * /api/campaign-settings (extended §2.5, §3, §7, §9): the send intervals and the shortcut
 * variables of a company's campaigns. Admins only, and only when the plan allows campaigns.
 * Intervals take only the §9 options; a shortcut already in the list is not added twice.
 */
export const handler = restModule([
  route({
    method: 'GET',
    path: '/campaign-settings',
    access: 'admin',
    feature: 'useCampaigns',
    handler: async ({ principal }) => settingRows(principal.companyId),
  }),
  route({
    method: 'POST',
    path: '/campaign-settings',
    access: 'admin',
    feature: 'useCampaigns',
    body: campaignSettingsSchema,
    handler: async ({ principal, body }) => {
      await putCampaignSettings(principal.companyId, campaignSettingsToRows(body));
      return settingRows(principal.companyId);
    },
  }),
]);
