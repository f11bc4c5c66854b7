import {
  Badge,
  Button,
  Flex,
  Loader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
} from '@aws-amplify/ui-react';
import { Modal } from '../../../components/Modal.tsx';
import { t, type MessageKey } from '../../../i18n/index.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useDeliveries } from '../api/get-deliveries.ts';
import { useReplayDelivery } from '../api/replay-delivery.ts';
import type { Webhook, WebhookDelivery } from '../api/types.ts';

const statusVariation = {
  pending: 'info',
  retrying: 'warning',
  succeeded: 'success',
  failed: 'error',
} as const;

const knownErrors = new Set(['timeout', 'network', 'address', 'unresolved']);

function responseText(delivery: WebhookDelivery): string {
  if (delivery.responseStatus !== null) return String(delivery.responseStatus);
  if (!delivery.error) return '—';
  return knownErrors.has(delivery.error)
    ? t(`webhooks.deliveryError.${delivery.error}` as MessageKey)
    : t('webhooks.deliveryError.other', { reason: delivery.error });
}

/** A webhook's delivery log: when, event, status, answer, latency, attempts, and a replay button per row. */
export function DeliveriesDialog({ webhook, onClose }: { webhook: Webhook; onClose(): void }) {
  const deliveries = useDeliveries(webhook.id);
  const replay = useReplayDelivery(webhook.id);
  const rows = deliveries.data?.pages.flatMap((page) => page.deliveries) ?? [];

  const replayOne = async (delivery: WebhookDelivery) => {
    try {
      await replay.mutateAsync(delivery.id);
      toast.success(t('webhooks.deliveries.replayed'));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Modal
      open
      size="large"
      title={t('webhooks.deliveries.title', { name: webhook.name || webhook.url })}
      onClose={onClose}
      footer={<Button onClick={onClose}>{t('webhooks.deliveries.close')}</Button>}
    >
      <Flex direction="column" gap="small" data-testid="webhook-deliveries">
        <Table size="small" variation="striped" highlightOnHover>
          <TableHead>
            <TableRow>
              <TableCell as="th">{t('webhooks.deliveries.when')}</TableCell>
              <TableCell as="th">{t('webhooks.deliveries.event')}</TableCell>
              <TableCell as="th">{t('webhooks.deliveries.status')}</TableCell>
              <TableCell as="th">{t('webhooks.deliveries.response')}</TableCell>
              <TableCell as="th">{t('webhooks.deliveries.latency')}</TableCell>
              <TableCell as="th">{t('webhooks.deliveries.attempts')}</TableCell>
              <TableCell as="th" />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((delivery) => (
              <TableRow
                key={delivery.id}
                data-delivery-id={delivery.id}
                data-delivery-status={delivery.status}
                data-event={delivery.event}
                data-event-id={delivery.eventId}
              >
                <TableCell>{formatDateTime(delivery.createdAt)}</TableCell>
                <TableCell>
                  {t(`webhooks.event.${delivery.event}` as MessageKey)}
                  {delivery.replayOf && (
                    <Badge size="small" marginInlineStart="xs">
                      {t('webhooks.deliveries.replayBadge')}
                    </Badge>
                  )}
                </TableCell>
                <TableCell>
                  <Badge size="small" variation={statusVariation[delivery.status]}>
                    {t(`webhooks.deliveryStatus.${delivery.status}` as MessageKey)}
                  </Badge>
                </TableCell>
                <TableCell>{responseText(delivery)}</TableCell>
                <TableCell>
                  {delivery.latencyMs === null
                    ? '—'
                    : t('webhooks.deliveries.latencyMs', { ms: delivery.latencyMs })}
                </TableCell>
                <TableCell>{delivery.attempts}</TableCell>
                <TableCell>
                  <Button
                    size="small"
                    ariaLabel={t('webhooks.deliveries.replayOf', { id: delivery.id })}
                    isDisabled={replay.isPending}
                    onClick={() => void replayOne(delivery)}
                  >
                    {t('webhooks.deliveries.replay')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {deliveries.isLoading && (
          <Flex justifyContent="center" padding="medium">
            <Loader size="large" />
          </Flex>
        )}
        {!deliveries.isLoading && rows.length === 0 && (
          <Text textAlign="center" padding="large" color="font.tertiary">
            {t('webhooks.deliveries.empty')}
          </Text>
        )}
        {deliveries.hasNextPage && (
          <Button
            size="small"
            isLoading={deliveries.isFetchingNextPage}
            onClick={() => void deliveries.fetchNextPage()}
          >
            {t('webhooks.deliveries.more')}
          </Button>
        )}
      </Flex>
    </Modal>
  );
}
