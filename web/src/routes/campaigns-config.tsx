import { ScreenPage } from '../components/ScreenPage.tsx';

export default function CampaignsConfigRoute() {
  return <ScreenPage titleKey="screens.campaignsConfig" />;
}
