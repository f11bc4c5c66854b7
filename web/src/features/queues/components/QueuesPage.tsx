import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Flex, TableCell, TableRow, Text } from '@aws-amplify/ui-react';
import { ColourChip } from '../../../components/FormDialog.tsx';
import {
  ListCard,
  ListPage,
  ListTable,
  RowActions,
  useDeleteConfirm,
} from '../../../components/ListPage.tsx';
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
  const [modal, setModal] = useState<{ queue?: Queue } | undefined>(undefined);
  const removal = useDeleteConfirm<Queue>(useDeleteQueue(), {
    deleted: 'queues.deleted',
    title: (queue) => t('queues.deleteQueue', { name: queue.name }),
  });

  useLiveEvent('queue', (data) => {
    const event = parseQueueEvent(data);
    if (!event) return;
    queryClient.setQueryData<Queue[]>(queuesQueryKeys.list(), (current) => applyQueueEvent(current, event));
  });

  const rows = queues.data ?? [];
  return (
    <ListPage title={t('screens.queues')} addLabel={t('queues.add')} onAdd={mayManage ? () => setModal({}) : undefined}>
      <ListCard testId="queues-list" query={queues} isEmpty={rows.length === 0} empty={t('queues.empty')}>
        <ListTable
          actions={mayManage}
          columns={[
            { label: t('queues.columns.name') },
            { label: t('queues.columns.color'), className: 'queues-table__narrow' },
            { label: t('queues.columns.greeting') },
            { label: t('queues.columns.order'), className: 'queues-table__narrow' },
          ]}
        >
          {rows.map((queue) => (
            <TableRow key={queue.id} data-queue-name={queue.name}>
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
                <Text
                  as="span"
                  fontSize="small"
                  className="queues-table__greeting"
                  title={queue.greetingMessage}
                >
                  {queue.greetingMessage}
                </Text>
              </TableCell>
              <TableCell className="queues-table__narrow">{queue.orderQueue ?? ''}</TableCell>
              {mayManage && (
                <RowActions
                  editLabel={t('queues.editQueue', { name: queue.name })}
                  onEdit={() => setModal({ queue })}
                  deleteLabel={t('queues.deleteQueue', { name: queue.name })}
                  onDelete={() => removal.ask(queue)}
                />
              )}
            </TableRow>
          ))}
        </ListTable>
      </ListCard>
      {modal && mayManage && <QueueModal queue={modal.queue} queues={rows} onClose={() => setModal(undefined)} />}
      {removal.dialog}
    </ListPage>
  );
}
