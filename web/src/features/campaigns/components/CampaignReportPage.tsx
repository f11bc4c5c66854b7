import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Grid, Loader, Text } from '@aws-amplify/ui-react';
import { campaignReportReloadDelayMs } from '@atende/shared/constants';
import { t, type MessageKey } from '../../../i18n/index.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useLiveEvent } from '../../../lib/use-live-event.ts';
import {
  campaignsKeys,
  useCampaign,
  type CampaignRecord,
  type CampaignReportNumbers,
} from '../api/campaigns.ts';
import { useCompanyTimeZone } from '../../settings/use-company-time-zone.ts';
import '../campaigns.css';
import { CampaignRecipients } from './CampaignRecipients.tsx';
import { ScreenPage } from '../../../components/ScreenPage.tsx';

function NumberCard({
  labelKey,
  value,
  testId,
}: {
  labelKey: MessageKey;
  value: string | number;
  testId: string;
}) {
  return (
    <Card variation="outlined" className="panel" data-testid={testId}>
      <Text color="font.secondary" fontSize="small">
        {t(labelKey)}
      </Text>
      <Text fontSize="large" fontWeight="bold">
        {value}
      </Text>
    </Card>
  );
}

/**
 * extended §2.4 Campaign report: delivered of valid contacts, a progress bar that moves with each
 * live `campaign` event, and the cards. When an event shows FINALIZADA the report reloads after 5 s.
 */
export function CampaignReportPage({ campaignId }: { campaignId: number }) {
  const queryClient = useQueryClient();
  const loaded = useCampaign(campaignId);
  const timeZone = useCompanyTimeZone();
  const [live, setLive] = useState<Pick<CampaignRecord, 'status' | 'report' | 'completedAt'> | undefined>(
    undefined,
  );

  useLiveEvent('campaign', (data) => {
    const event = data as { action?: string; record?: CampaignRecord };
    if (event.action !== 'update' || event.record?.id !== campaignId) return;
    const { status, report, completedAt } = event.record;
    setLive({ status, report, completedAt });
  });

  useEffect(() => {
    if (live?.status !== 'FINALIZADA') return;
    const timer = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: campaignsKeys.one(campaignId) });
      void queryClient.invalidateQueries({ queryKey: ['campaigns', 'recipients', campaignId] });
    }, campaignReportReloadDelayMs);
    return () => clearTimeout(timer);
  }, [live?.status, campaignId, queryClient]);

  if (!loaded.data) return <Loader size="large" />;
  const campaign = loaded.data;
  // The newer of what was loaded and what arrived live (the recipients gone through only grow;
  // a refusal moves one from deliveries to failures).
  const processed = (numbers: CampaignReportNumbers) => numbers.deliveries + (numbers.failures ?? 0);
  const current =
    live && processed(live.report) >= processed(campaign.report) ? { ...campaign, ...live } : campaign;
  const { report } = current;
  const percent = Math.round(report.progressPercent);

  return (
    <ScreenPage title={t('campaigns.report.title', { name: campaign.name })} className="screen" testId="campaign-report">
      <Text data-testid="campaign-report-status">
        {t('campaigns.report.status', { delivered: report.deliveries, valid: report.validContacts })}
      </Text>
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t('campaigns.report.deliveries')}
        data-testid="campaign-progress"
        className="campaign-progress"
      >
        <div className="campaign-progress__done" style={{ width: `${percent}%` }} />
      </div>
      <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr 1fr' }} gap="small">
        <NumberCard
          testId="card-valid"
          labelKey="campaigns.report.validContacts"
          value={report.validContacts}
        />
        {current.confirmation && (
          <NumberCard
            testId="card-requests"
            labelKey="campaigns.report.confirmationRequests"
            value={report.confirmationRequests}
          />
        )}
        {current.confirmation && (
          <NumberCard
            testId="card-confirmations"
            labelKey="campaigns.report.confirmations"
            value={report.confirmations}
          />
        )}
        <NumberCard
          testId="card-deliveries"
          labelKey="campaigns.report.deliveries"
          value={report.deliveries}
        />
        {(report.failures ?? 0) > 0 && (
          <NumberCard testId="card-failures" labelKey="campaigns.report.failures" value={report.failures} />
        )}
        <NumberCard
          testId="card-whatsapp"
          labelKey="campaigns.report.whatsapp"
          value={current.whatsapp?.name ?? t('campaigns.noWhatsapp')}
        />
        <NumberCard
          testId="card-list"
          labelKey="campaigns.report.contactList"
          value={current.contactList?.name ?? t('campaigns.noContactList')}
        />
        <NumberCard
          testId="card-schedule"
          labelKey="campaigns.report.schedule"
          value={
            current.scheduledAt ? formatDateTime(current.scheduledAt, timeZone) : t('campaigns.noSchedule')
          }
        />
        <NumberCard
          testId="card-completion"
          labelKey="campaigns.report.completion"
          value={
            current.completedAt ? formatDateTime(current.completedAt, timeZone) : t('campaigns.notCompleted')
          }
        />
      </Grid>
      <CampaignRecipients
        campaignId={campaignId}
        timeZone={timeZone}
        progress={`${report.deliveries}/${report.confirmationRequests}/${report.confirmations}`}
      />
    </ScreenPage>
  );
}
