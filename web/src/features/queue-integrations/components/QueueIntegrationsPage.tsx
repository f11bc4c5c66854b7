import { Badge, TableCell, Text } from '@aws-amplify/ui-react';
import {
  NameText,
  RecordListPage,
  useSearchedList,
  useLiveRecordLists,
} from '../../../components/ListPage.tsx';
import { LinkIcon, ZapIcon } from '../../../components/icons/feature-icons.tsx';
import { t, type MessageKey } from '../../../i18n/index.ts';
import { usePlanGate } from '../../../lib/use-plan-gate.ts';
import { useDeleteQueueIntegration } from '../api/delete-queue-integration.ts';
import { useQueueIntegrations } from '../api/get-queue-integrations.ts';
import { queueIntegrationsQueryKeys } from '../api/query-keys.ts';
import type { QueueIntegration } from '../api/types.ts';
import { parseQueueIntegrationEvent } from '../queue-integration-form.ts';
import { QueueIntegrationModal } from './QueueIntegrationModal.tsx';

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
  return usePlanGate('useIntegrations', 'queueIntegrations.noPermission') ? <QueueIntegrationsList /> : null;
}

function QueueIntegrationsList() {
  const list = useSearchedList(useQueueIntegrations, 'queueIntegrations');
  const deletion = useDeleteQueueIntegration();
  useLiveRecordLists(
    'queue-integration',
    parseQueueIntegrationEvent,
    queueIntegrationsQueryKeys.lists(),
    'queueIntegrations',
  );

  return (
    <RecordListPage
      texts="queueIntegrations"
      count={list.query.data?.pages[0]?.count}
      {...list}
      columns={['type', ['id', 'wide'], 'name']}
      rowAttributes={(record) => ({ 'data-name': record.name })}
      cells={(record) => (
        <>
          <TableCell>
            <TypeIcon type={record.type} />
          </TableCell>
          <TableCell className="data-table__wide-only">{record.id}</TableCell>
          <TableCell>
            <NameText name={record.name} />
          </TableCell>
        </>
      )}
      editLabel={(record) => t('queueIntegrations.editRecord', { name: record.name })}
      deleteLabel={(record) => t('queueIntegrations.deleteRecord', { name: record.name })}
      remove={{ mutation: deletion }}
      dialog={(record, close) => <QueueIntegrationModal id={record?.id} onClose={close} />}
    />
  );
}
