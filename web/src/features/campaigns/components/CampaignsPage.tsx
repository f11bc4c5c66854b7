import { Link } from 'react-router-dom';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { Badge, Button, TableCell } from '@aws-amplify/ui-react';
import { campaignStatusLabels } from '@atende/shared/constants';
import { RecordListPage, useListSearch, usePageRows } from '../../../components/ListPage.tsx';
import { t } from '../../../i18n/index.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useLiveEvent } from '../../../lib/use-live-event.ts';
import { campaignsKeys, useCampaignMutations, useCampaigns, type CampaignRecord } from '../api/campaigns.ts';
import { CampaignDialog } from './CampaignDialog.tsx';
import { useCompanyTimeZone } from '../../settings/use-company-time-zone.ts';

type Page = { records: CampaignRecord[]; hasMore: boolean };

/** extended §2.2 Campaigns list: search, infinite scroll, the row actions, live status and numbers. */
export function CampaignsPage() {
  const queryClient = useQueryClient();
  const search = useListSearch();
  const records = useCampaigns(search.term.toLowerCase());
  const mutations = useCampaignMutations();
  const timeZone = useCompanyTimeZone();

  // Events carry no related names: merge them into the rows keeping the names already shown.
  useLiveEvent('campaign', (data) => {
    const event = data as { action?: string; record?: CampaignRecord; id?: number };
    if (event.action === 'create' || event.action === 'delete') {
      void queryClient.invalidateQueries({ queryKey: campaignsKeys.lists() });
      return;
    }
    const record = event.record;
    if (event.action !== 'update' || !record) return;
    queryClient.setQueriesData<InfiniteData<Page>>({ queryKey: campaignsKeys.lists() }, (old) =>
      old
        ? {
            ...old,
            pages: old.pages.map((page) => ({
              ...page,
              records: page.records.map((row) =>
                row.id === record.id
                  ? { ...row, ...record, contactList: row.contactList, whatsapp: row.whatsapp }
                  : row,
              ),
            })),
          }
        : old,
    );
  });

  const act = async (action: 'cancel' | 'restart', record: CampaignRecord) => {
    try {
      await mutations[action].mutateAsync(record.id);
      toast.success(t(action === 'cancel' ? 'campaigns.cancelled' : 'campaigns.restarted'));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <RecordListPage
      texts="campaigns"
      search={search}
      query={records}
      rows={usePageRows(records.data, 'records')}
      columns={[
        'name',
        'status',
        ['contactList', 'wide'],
        ['whatsapp', 'wide'],
        ['scheduledAt', 'wide'],
        ['completedAt', 'wide'],
        ['confirmation', 'wide'],
      ]}
      rowAttributes={(record) => ({ 'data-campaign': record.name })}
      cells={(record) => (
        <>
          <TableCell>{record.name}</TableCell>
          <TableCell>
            <Badge size="small" data-testid="campaign-status">
              {campaignStatusLabels[record.status]}
            </Badge>
          </TableCell>
          <TableCell className="data-table__wide-only">
            {record.contactList?.name ?? t('campaigns.noContactList')}
          </TableCell>
          <TableCell className="data-table__wide-only">
            {record.whatsapp?.name ?? t('campaigns.noWhatsapp')}
          </TableCell>
          <TableCell className="data-table__wide-only">
            {record.scheduledAt ? formatDateTime(record.scheduledAt, timeZone) : t('campaigns.noSchedule')}
          </TableCell>
          <TableCell className="data-table__wide-only">
            {record.completedAt ? formatDateTime(record.completedAt, timeZone) : t('campaigns.notCompleted')}
          </TableCell>
          <TableCell className="data-table__wide-only">
            {record.confirmation ? t('campaigns.enabled') : t('campaigns.disabled')}
          </TableCell>
        </>
      )}
      rowTools={(record) => (
        <>
          {record.status === 'EM_ANDAMENTO' && (
            <Button size="small" variation="link" onClick={() => void act('cancel', record)}>
              {t('campaigns.cancel')}
            </Button>
          )}
          {record.status === 'CANCELADA' && (
            <Button size="small" variation="link" onClick={() => void act('restart', record)}>
              {t('campaigns.restart')}
            </Button>
          )}
          <Link
            to={`/campaign/${record.id}/report`}
            aria-label={t('campaigns.openReport', { name: record.name })}
          >
            {t('campaigns.report.deliveries')}
          </Link>
        </>
      )}
      editLabel={(record) => t('campaigns.editRecord', { name: record.name })}
      deleteLabel={(record) => t('campaigns.deleteRecord', { name: record.name })}
      remove={{ mutation: mutations.remove }}
      dialog={(record, close) => <CampaignDialog record={record} onClose={close} />}
    />
  );
}
