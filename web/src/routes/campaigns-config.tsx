import { CampaignSettingsPage } from '../features/campaigns/components/CampaignSettingsPage.tsx';

export default function CampaignsConfigRoute() {
  return <CampaignSettingsPage />;
}
