import { useState } from 'react';
import { Badge, Button, Flex, TableCell, Text } from '@aws-amplify/ui-react';
import { NameText, RecordListPage } from '../../../components/ListPage.tsx';
import { webhookLimits } from '@atende/shared/entities/webhook';
import { t, type MessageKey } from '../../../i18n/index.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useDeleteWebhook } from '../api/delete-webhook.ts';
import { useWebhooks } from '../api/get-webhooks.ts';
import { useReenableWebhook } from '../api/reenable-webhook.ts';
import { useRotateWebhookSecret } from '../api/rotate-secret.ts';
import type { Webhook } from '../api/types.ts';
import { DeliveriesDialog } from './DeliveriesDialog.tsx';
import { SecretDialog } from './SecretDialog.tsx';
import { WebhookModal } from './WebhookModal.tsx';
import { useLiveWebhooks } from '../webhook-notices.ts';

const nameOf = (webhook: Webhook) => webhook.name || t('webhooks.unnamed');

/** Enabled, or disabled (by the platform for failing: since when) with the button to enable it again. */
function WebhookStatus({
  webhook,
  reenabling,
  onReenable,
}: {
  webhook: Webhook;
  reenabling: boolean;
  onReenable(): void;
}) {
  return (
    <Flex direction="column" gap="xxs" alignItems="flex-start" data-testid="webhook-status">
      {webhook.enabled ? (
        <Text fontSize="small" color="font.success">
          {t('webhooks.enabled')}
        </Text>
      ) : webhook.disabledReason === 'failing' ? (
        <>
          <Badge size="small" variation="error">
            {t('webhooks.disabledFailing')}
          </Badge>
          <Text fontSize="xs" color="font.secondary">
            {t('webhooks.disabledFailingDetail', {
              date: formatDateTime(webhook.disabledAt),
              days: webhookLimits.disableAfterFailingDays,
            })}
          </Text>
        </>
      ) : (
        <Text fontSize="small" color="font.tertiary">
          {t('webhooks.disabled')}
        </Text>
      )}
      {!webhook.enabled && (
        <Button
          size="small"
          variation="primary"
          isDisabled={reenabling}
          onClick={onReenable}
          ariaLabel={t('webhooks.reenableOf', { name: nameOf(webhook) })}
        >
          {t('webhooks.reenable')}
        </Button>
      )}
    </Flex>
  );
}

/**
 * Outbound webhooks (admins; docs/decisions.md, "Outbound webhooks"): the company's URLs, the
 * dialog with the events each hears, the secret shown once, and each webhook's delivery log. A
 * webhook the platform disabled for failing says so and when, with a button to enable it again;
 * the live `webhook` event keeps the list current.
 */
export function WebhooksPage() {
  useLiveWebhooks(true);
  const webhooks = useWebhooks();
  const reenable = useReenableWebhook();
  const [secret, setSecret] = useState<string | undefined>(undefined);
  const [logOf, setLogOf] = useState<Webhook | undefined>(undefined);
  const rotate = useRotateWebhookSecret();
  const deletion = useDeleteWebhook();

  const rotateSecret = async (webhook: Webhook) => {
    try {
      setSecret((await rotate.mutateAsync(webhook.id)).secret);
    } catch (error) {
      toastError(error);
    }
  };

  const reenableWebhook = async (webhook: Webhook) => {
    try {
      await reenable.mutateAsync(webhook.id);
      toast.success(t('webhooks.reenabled'));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <RecordListPage
      texts="webhooks"
      query={webhooks}
      rows={webhooks.data?.webhooks ?? []}
      columns={['name', 'events', 'status']}
      rowAttributes={(webhook) => ({ 'data-webhook-url': webhook.url })}
      cells={(webhook) => (
        <>
          <TableCell>
            <Flex direction="column" gap="0">
              <NameText name={nameOf(webhook)} />
              <Text as="span" fontSize="small" color="font.secondary" className="webhook-url">
                {webhook.url}
              </Text>
            </Flex>
          </TableCell>
          <TableCell>
            <Flex gap="xxs" wrap="wrap">
              {webhook.events.map((event) => (
                <Badge key={event} size="small">
                  {t(`webhooks.event.${event}` as MessageKey)}
                </Badge>
              ))}
            </Flex>
          </TableCell>
          <TableCell>
            <WebhookStatus
              webhook={webhook}
              reenabling={reenable.isPending}
              onReenable={() => void reenableWebhook(webhook)}
            />
          </TableCell>
        </>
      )}
      rowTools={(webhook) => (
        <>
          <Button
            size="small"
            variation="link"
            onClick={() => setLogOf(webhook)}
            ariaLabel={t('webhooks.deliveriesOf', { name: nameOf(webhook) })}
          >
            {t('webhooks.deliveriesButton')}
          </Button>
          <Button
            size="small"
            variation="link"
            isDisabled={rotate.isPending}
            onClick={() => void rotateSecret(webhook)}
            ariaLabel={t('webhooks.rotateOf', { name: nameOf(webhook) })}
          >
            {t('webhooks.rotate')}
          </Button>
        </>
      )}
      editLabel={(webhook) => t('webhooks.editRecord', { name: nameOf(webhook) })}
      deleteLabel={(webhook) => t('webhooks.deleteRecord', { name: nameOf(webhook) })}
      remove={{ mutation: deletion }}
      dialog={(webhook, close) => (
        <WebhookModal
          webhook={webhook}
          loopbackHttp={webhooks.data?.loopbackHttp === true}
          onClose={close}
          onCreated={(created) => setSecret(created.secret)}
        />
      )}
    >
      {secret && <SecretDialog secret={secret} onClose={() => setSecret(undefined)} />}
      {logOf && <DeliveriesDialog webhook={logOf} onClose={() => setLogOf(undefined)} />}
    </RecordListPage>
  );
}
