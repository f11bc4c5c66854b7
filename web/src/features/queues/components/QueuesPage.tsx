import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Flex,
  Heading,
  Loader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
} from '@aws-amplify/ui-react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { EditIcon, PlusIcon, TrashIcon } from '../../../components/icons/icons.tsx';
import { t } from '../../../i18n/index.ts';
import { textOnColour } from '../../../lib/colour.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
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
  const queues = useQueues();
  const deleteQueue = useDeleteQueue();
  const [modal, setModal] = useState<{ queue?: Queue } | undefined>(undefined);
  const [toDelete, setToDelete] = useState<Queue | undefined>(undefined);

  useLiveEvent('queue', (data) => {
    const event = parseQueueEvent(data);
    if (!event) return;
    queryClient.setQueryData<Queue[]>(queuesQueryKeys.list(), (current) => applyQueueEvent(current, event));
  });

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await deleteQueue.mutateAsync(toDelete.id);
      toast.success(t('queues.deleted'));
    } catch (error) {
      toastError(error);
    } finally {
      setToDelete(undefined);
    }
  }

  const rows = queues.data ?? [];
  return (
    <Flex direction="column" gap="medium" padding={{ base: 'medium', large: 'large' }} className="screen">
      <Flex className="screen__header" alignItems="center" justifyContent="space-between" wrap="wrap" gap="small">
        <Heading level={3}>{t('screens.queues')}</Heading>
        <Button variation="primary" size="small" gap="xs" onClick={() => setModal({})}>
          <PlusIcon size={18} />
          {t('queues.add')}
        </Button>
      </Flex>
      <Card variation="outlined" padding="0" className="list-card" data-testid="queues-list">
        <Table highlightOnHover size="small" className="data-table">
          <TableHead>
            <TableRow>
              <TableCell as="th">{t('queues.columns.name')}</TableCell>
              <TableCell as="th" className="queues-table__narrow">
                {t('queues.columns.color')}
              </TableCell>
              <TableCell as="th">{t('queues.columns.greeting')}</TableCell>
              <TableCell as="th" className="queues-table__narrow">
                {t('queues.columns.order')}
              </TableCell>
              <TableCell as="th" className="data-table__actions">
                {t('common.actions')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((queue) => (
              <TableRow key={queue.id} data-queue-name={queue.name}>
                <TableCell>
                  <span className="queue-chip" style={{ backgroundColor: queue.color, color: textOnColour(queue.color) }}>
                    {queue.name}
                  </span>
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
                <TableCell className="data-table__actions">
                  <Button
                    variation="link"
                    size="small"
                    className="icon-button"
                    ariaLabel={t('queues.editQueue', { name: queue.name })}
                    title={t('common.edit')}
                    onClick={() => setModal({ queue })}
                  >
                    <EditIcon size={18} />
                  </Button>
                  <Button
                    variation="link"
                    size="small"
                    className="icon-button icon-button--danger"
                    ariaLabel={t('queues.deleteQueue', { name: queue.name })}
                    title={t('common.delete')}
                    onClick={() => setToDelete(queue)}
                  >
                    <TrashIcon size={18} />
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {queues.isLoading && (
          <Flex justifyContent="center" padding="medium">
            <Loader size="large" />
          </Flex>
        )}
        {!queues.isLoading && rows.length === 0 && (
          <Text textAlign="center" padding="large" color="font.tertiary">
            {t('queues.empty')}
          </Text>
        )}
      </Card>
      {modal && <QueueModal queue={modal.queue} queues={rows} onClose={() => setModal(undefined)} />}
      <ConfirmDialog
        open={toDelete !== undefined}
        title={toDelete ? t('queues.deleteQueue', { name: toDelete.name }) : undefined}
        isLoading={deleteQueue.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(undefined)}
      />
    </Flex>
  );
}
