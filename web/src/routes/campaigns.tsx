import { CampaignsPage } from '../features/campaigns/components/CampaignsPage.tsx';

export default function CampaignsRoute() {
  return <CampaignsPage />;
}
