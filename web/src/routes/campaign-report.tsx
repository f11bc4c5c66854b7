import { useParams } from 'react-router-dom';
import { CampaignReportPage } from '../features/campaigns/components/CampaignReportPage.tsx';

export default function CampaignReportRoute() {
  const { campaignId } = useParams();
  return <CampaignReportPage campaignId={Number(campaignId)} />;
}
