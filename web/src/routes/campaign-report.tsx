import { ScreenPage } from '../components/ScreenPage.tsx';

export default function CampaignReportRoute() {
  return <ScreenPage titleKey="screens.campaignReport" />;
}
