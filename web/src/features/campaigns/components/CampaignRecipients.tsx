import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Flex,
  Heading,
  Loader,
  SelectField,
  TableCell,
  TableRow,
  Text,
} from '@aws-amplify/ui-react';
import {
  campaignRecipientStates,
  type CampaignRecipient,
  type CampaignRecipientState,
} from '@atende/shared/entities/campaign-recipient';
import { campaignReportReloadDelayMs } from '@atende/shared/constants';
import { ListTable } from '../../../components/ListPage.tsx';
import { t, type MessageKey } from '../../../i18n/index.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useCampaignRecipients, useExportCampaignRecipients } from '../api/campaign-recipients.ts';

const stateLabel = (state: CampaignRecipientState) => t(`campaigns.recipients.state.${state}` as MessageKey);

/** The time that goes with a recipient's state: asked, delivered, confirmed or found failed. */
function timeOf(recipient: CampaignRecipient): string | null {
  switch (recipient.state) {
    case 'awaitingConfirmation':
      return recipient.confirmationRequestedAt;
    case 'delivered':
      return recipient.deliveredAt;
    case 'confirmed':
      return recipient.confirmedAt;
    case 'failed':
      return recipient.failedAt;
    default:
      return null;
  }
}

/**
 * The report's recipients (issue #29): a page of 20 with each one's state and its time, filtered
 * by state, exported as CSV. While the run goes on (`progress` changes with each live campaign
 * event) the page is read again at most once every few seconds.
 */
export function CampaignRecipients({
  campaignId,
  progress,
  timeZone,
}: {
  campaignId: number;
  progress: string;
  timeZone: string;
}) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<CampaignRecipientState | ''>('');
  const [pageNumber, setPageNumber] = useState(1);
  const recipients = useCampaignRecipients(campaignId, state, pageNumber);
  const exportCsv = useExportCampaignRecipients(campaignId);
  const refresh = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const firstProgress = useRef(progress);

  useEffect(() => {
    if (progress === firstProgress.current || refresh.current) return;
    refresh.current = setTimeout(() => {
      refresh.current = undefined;
      void queryClient.invalidateQueries({ queryKey: ['campaigns', 'recipients', campaignId] });
    }, campaignReportReloadDelayMs);
  }, [progress, campaignId, queryClient]);
  useEffect(() => () => clearTimeout(refresh.current), []);

  async function runExport() {
    try {
      const file = await exportCsv.mutateAsync(state);
      toast.success(t('campaigns.recipients.exported', { file }));
    } catch (error) {
      toastError(error);
    }
  }

  const page = recipients.data;
  return (
    <Card variation="outlined" className="panel" data-testid="campaign-recipients">
      <Flex direction="column" gap="small">
        <Flex justifyContent="space-between" alignItems="flex-end" wrap="wrap" gap="small">
          <Heading level={4}>{t('campaigns.recipients.title')}</Heading>
          <Flex gap="small" alignItems="flex-end" wrap="wrap">
            <SelectField
              label={t('campaigns.recipients.filter')}
              size="small"
              value={state}
              data-testid="campaign-recipients-state"
              onChange={(event) => {
                setState(event.target.value as CampaignRecipientState | '');
                setPageNumber(1);
              }}
            >
              <option value="">{t('campaigns.recipients.all')}</option>
              {campaignRecipientStates.map((value) => (
                <option key={value} value={value}>
                  {stateLabel(value)}
                </option>
              ))}
            </SelectField>
            <Button
              size="small"
              onClick={() => void runExport()}
              isLoading={exportCsv.isPending}
              data-testid="campaign-recipients-export"
            >
              {t('campaigns.recipients.export')}
            </Button>
          </Flex>
        </Flex>
        {!page ? (
          <Loader />
        ) : page.records.length === 0 ? (
          <Text data-testid="campaign-recipients-empty">{t('campaigns.recipients.empty')}</Text>
        ) : (
          <ListTable
            actions={false}
            columns={[
              { label: t('campaigns.recipients.columns.name') },
              { label: t('campaigns.recipients.columns.number'), className: 'data-table__wide-only' },
              { label: t('campaigns.recipients.columns.state') },
              { label: t('campaigns.recipients.columns.time'), className: 'data-table__wide-only' },
            ]}
          >
            {page.records.map((recipient) => {
              const time = timeOf(recipient);
              return (
                <TableRow
                  key={`${recipient.number}-${recipient.state}`}
                  data-testid="campaign-recipient"
                  data-number={recipient.number}
                  data-state={recipient.state}
                >
                  <TableCell>
                    <Text as="span" fontWeight="semibold">
                      {recipient.name || recipient.number}
                    </Text>
                    <Text as="span" className="data-table__narrow-only" fontSize="small">
                      {recipient.number}
                    </Text>
                  </TableCell>
                  <TableCell className="data-table__wide-only">{recipient.number}</TableCell>
                  <TableCell>
                    {stateLabel(recipient.state)}
                    {recipient.state === 'failed' && recipient.failureReason && (
                      <Text as="span" display="block" fontSize="small" color="font.error" data-testid="campaign-recipient-reason">
                        {t(`campaigns.recipients.reason.${recipient.failureReason}` as MessageKey)}
                      </Text>
                    )}
                  </TableCell>
                  <TableCell className="data-table__wide-only">
                    {time ? formatDateTime(time, timeZone) : '—'}
                  </TableCell>
                </TableRow>
              );
            })}
          </ListTable>
        )}
        <Flex gap="small" alignItems="center" justifyContent="flex-end">
          <Button
            size="small"
            variation="link"
            isDisabled={pageNumber === 1}
            onClick={() => setPageNumber((n) => Math.max(1, n - 1))}
            data-testid="campaign-recipients-previous"
          >
            {t('campaigns.recipients.previous')}
          </Button>
          <Text data-testid="campaign-recipients-page">
            {t('campaigns.recipients.page', { n: pageNumber })}
          </Text>
          <Button
            size="small"
            variation="link"
            isDisabled={!page?.hasMore}
            onClick={() => setPageNumber((n) => n + 1)}
            data-testid="campaign-recipients-next"
          >
            {t('campaigns.recipients.next')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
