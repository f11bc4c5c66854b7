import { ScreenPage } from '../components/ScreenPage.tsx';

export default function CampaignsRoute() {
  return <ScreenPage titleKey="screens.campaigns" />;
}
