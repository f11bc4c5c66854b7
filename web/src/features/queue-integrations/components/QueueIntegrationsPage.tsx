import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Badge, TableCell, TableRow, Text } from '@aws-amplify/ui-react';
import { useAuth } from '../../../app/providers/auth/index.ts';
import {
  ListCard,
  ListPage,
  ListTable,
  RowActions,
  useDeleteConfirm,
  useListSearch,
  useLiveRecordLists,
  usePageRows,
} from '../../../components/ListPage.tsx';
import { LinkIcon, ZapIcon } from '../../../components/icons/feature-icons.tsx';
import { t, tCount, type MessageKey } from '../../../i18n/index.ts';
import { planAllows } from '../../../lib/plan.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteQueueIntegration } from '../api/delete-queue-integration.ts';
import { useQueueIntegrations } from '../api/get-queue-integrations.ts';
import { queueIntegrationsQueryKeys } from '../api/query-keys.ts';
import type { QueueIntegration } from '../api/types.ts';
import { parseQueueIntegrationEvent } from '../queue-integration-form.ts';
import { QueueIntegrationModal } from './QueueIntegrationModal.tsx';

/** Like the other plan-gated screens (extended §6): the message, then / after one second. */
const redirectDelayMs = 1000;

function TypeIcon({ type }: { type: QueueIntegration['type'] }) {
  const label = t(`queueIntegrations.type.${type}` as MessageKey);
  return (
    <Badge
      size="small"
      variation={type === 'typebot' ? 'info' : type === 'dialogflow' ? 'warning' : 'success'}
      title={label}
    >
      {type === 'n8n' || type === 'webhook' ? <LinkIcon size={14} /> : <ZapIcon size={14} />}
      <Text as="span" marginInlineStart="xxs" fontSize="small">
        {label}
      </Text>
    </Badge>
  );
}

/** extended §2.12 (admins, plan flag useIntegrations): title with count, search, type icon, id, name, actions. */
export function QueueIntegrationsPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const refused = !planAllows(user?.company?.plan, 'useIntegrations');
  useEffect(() => {
    if (!refused) return;
    toast.error(t('queueIntegrations.noPermission'));
    const timer = setTimeout(() => navigate('/'), redirectDelayMs);
    return () => clearTimeout(timer);
  }, [refused, navigate]);
  if (refused) return null;
  return <QueueIntegrationsList />;
}

function QueueIntegrationsList() {
  const search = useListSearch();
  const records = useQueueIntegrations(search.term);
  const rows = usePageRows(records.data, 'queueIntegrations');
  const count = records.data?.pages[0]?.count;
  const [modal, setModal] = useState<{ id?: number } | undefined>(undefined);
  const removal = useDeleteConfirm<QueueIntegration>(useDeleteQueueIntegration(), {
    deleted: 'queueIntegrations.deleted',
    title: (record) => t('queueIntegrations.deleteRecord', { name: record.name }),
  });

  useLiveRecordLists(
    'queue-integration',
    parseQueueIntegrationEvent,
    queueIntegrationsQueryKeys.lists(),
    'queueIntegrations',
  );

  return (
    <ListPage
      title={t('queueIntegrations.title')}
      titleAside={
        typeof count === 'number' && (
          <Text as="span" color="font.tertiary" fontSize="small" data-testid="queue-integrations-count">
            {tCount('queueIntegrations.count', count)}
          </Text>
        )
      }
      search={{ ...search, placeholder: t('queueIntegrations.searchPlaceholder') }}
      addLabel={t('queueIntegrations.add')}
      onAdd={() => setModal({})}
    >
      <ListCard
        testId="queue-integrations-list"
        query={records}
        isEmpty={rows.length === 0}
        empty={search.term ? t('common.noRecords') : t('queueIntegrations.empty')}
      >
        <ListTable
          columns={[
            { label: t('queueIntegrations.columns.type') },
            { label: t('queueIntegrations.columns.id'), className: 'data-table__wide-only' },
            { label: t('queueIntegrations.columns.name') },
          ]}
        >
          {rows.map((record) => (
            <TableRow key={record.id} data-name={record.name}>
              <TableCell>
                <TypeIcon type={record.type} />
              </TableCell>
              <TableCell className="data-table__wide-only">{record.id}</TableCell>
              <TableCell>
                <Text as="span" fontWeight="semibold">
                  {record.name}
                </Text>
              </TableCell>
              <RowActions
                editLabel={t('queueIntegrations.editRecord', { name: record.name })}
                onEdit={() => setModal({ id: record.id })}
                deleteLabel={t('queueIntegrations.deleteRecord', { name: record.name })}
                onDelete={() => removal.ask(record)}
              />
            </TableRow>
          ))}
        </ListTable>
      </ListCard>
      {modal && <QueueIntegrationModal id={modal.id} onClose={() => setModal(undefined)} />}
      {removal.dialog}
    </ListPage>
  );
}
