import { useQueryClient } from '@tanstack/react-query';
import { Flex, TableCell, Text } from '@aws-amplify/ui-react';
import { ColourChip } from '../../../components/FormDialog.tsx';
import { RecordListPage } from '../../../components/ListPage.tsx';
import { useAuth } from '../../../app/providers/auth/index.ts';
import { t } from '../../../i18n/index.ts';
import { mayManageQueues } from '../../../lib/screen-access.ts';
import { useLiveEvent } from '../../../lib/use-live-event.ts';
import { useDeleteQueue } from '../api/delete-queue.ts';
import { queuesQueryKeys, useQueues } from '../api/get-queues.ts';
import type { Queue } from '../api/types.ts';
import { applyQueueEvent, parseQueueEvent } from '../queue-form.ts';
import '../queues.css';
import { QueueModal } from './QueueModal.tsx';

/** extended §2.13 Queues: the company's queues with their dialog (Datos, Horarios) and deletion. */
export function QueuesPage() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  // Adding, editing and deleting queues are admin routes: others only read the list.
  const mayManage = mayManageQueues(user);
  const queues = useQueues();
  const deletion = useDeleteQueue();

  useLiveEvent('queue', (data) => {
    const event = parseQueueEvent(data);
    if (!event) return;
    queryClient.setQueryData<Queue[]>(queuesQueryKeys.list(), (current) => applyQueueEvent(current, event));
  });

  const rows = queues.data ?? [];
  return (
    <RecordListPage
      texts="queues"
      title={t('screens.queues')}
      mayManage={mayManage}
      query={queues}
      rows={rows}
      columns={['name', ['color', 'queues-table__narrow'], 'greeting', ['order', 'queues-table__narrow']]}
      rowAttributes={(queue) => ({ 'data-queue-name': queue.name })}
      cells={(queue) => (
        <>
          <TableCell>
            <ColourChip colour={queue.color}>{queue.name}</ColourChip>
          </TableCell>
          <TableCell className="queues-table__narrow">
            <Flex alignItems="center" gap="xs">
              <span className="queue-dot" style={{ backgroundColor: queue.color }} aria-hidden />
              <Text as="span" fontSize="small" className="queues-table__hex">
                {queue.color}
              </Text>
            </Flex>
          </TableCell>
          <TableCell>
            <Text as="span" fontSize="small" className="queues-table__greeting" title={queue.greetingMessage}>
              {queue.greetingMessage}
            </Text>
          </TableCell>
          <TableCell className="queues-table__narrow">{queue.orderQueue ?? ''}</TableCell>
        </>
      )}
      editLabel={(queue) => t('queues.editQueue', { name: queue.name })}
      deleteLabel={(queue) => t('queues.deleteQueue', { name: queue.name })}
      remove={{ mutation: deletion }}
      dialog={(queue, close) => <QueueModal queue={queue} queues={rows} onClose={close} />}
    />
  );
}
