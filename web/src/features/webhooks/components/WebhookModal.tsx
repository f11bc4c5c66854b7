import { CheckboxField, SwitchField, Text, TextField } from '@aws-amplify/ui-react';
import { webhookEvents } from '@atende/shared/entities/webhook';
import { webhookCreateInputSchema } from '@atende/shared/entities/webhook';
import { FieldGroup, FormDialog } from '../../../components/FormDialog.tsx';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { t, type MessageKey } from '../../../i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useSaveWebhook } from '../api/save-webhook.ts';
import type { Webhook, WebhookWithSecret } from '../api/types.ts';
import {
  emptyWebhookForm,
  toggleEvent,
  webhookFormInput,
  webhookFormOf,
  type WebhookFormValues,
} from '../webhook-form.ts';

interface WebhookModalProps {
  /** The webhook to edit; without it the dialog adds one. */
  webhook?: Webhook;
  /** The running stage also saves http URLs to loopback addresses: the hint says so. */
  loopbackHttp: boolean;
  onClose(): void;
  /** A new webhook's secret, to show once. */
  onCreated(created: WebhookWithSecret): void;
}

/** The webhook dialog: name, https URL, the events it hears (checkboxes) and whether it is active. */
export function WebhookModal({ webhook, loopbackHttp, onClose, onCreated }: WebhookModalProps) {
  const { values, set, field, toggle, submit, errors } = useSchemaForm(
    webhookCreateInputSchema,
    (): WebhookFormValues => (webhook ? webhookFormOf(webhook) : emptyWebhookForm()),
    { input: webhookFormInput },
  );
  const save = useSaveWebhook();

  const handleSubmit = submit(async (payload) => {
    const saved = await save.mutateAsync({ id: webhook?.id, payload });
    toast.success(t('webhooks.saved'));
    onClose();
    if (!webhook && 'secret' in saved) onCreated(saved);
  });

  return (
    <FormDialog
      size="medium"
      title={webhook ? t('webhooks.modal.editTitle') : t('webhooks.modal.addTitle')}
      onClose={onClose}
      isSaving={save.isPending}
      onSubmit={handleSubmit}
    >
      <TextField label={t('webhooks.modal.name')} {...field('name')} autoComplete="off" />
      <TextField
        label={t('webhooks.modal.url')}
        {...field('url')}
        type="url"
        autoComplete="off"
        descriptiveText={t(loopbackHttp ? 'webhooks.modal.urlHintLoopback' : 'webhooks.modal.urlHint')}
      />
      <FieldGroup legend={t('webhooks.modal.events')} gap="xxs" testId="webhook-events">
        {webhookEvents.map((event) => (
          <CheckboxField
            key={event}
            name={`event-${event}`}
            value={event}
            label={t(`webhooks.event.${event}` as MessageKey)}
            checked={values.events.includes(event)}
            onChange={(change) => set('events', toggleEvent(values.events, event, change.target.checked))}
          />
        ))}
        {errors.events && (
          <Text color="font.error" fontSize="small">
            {errors.events}
          </Text>
        )}
      </FieldGroup>
      <SwitchField
        label={t('webhooks.modal.enabled')}
        labelPosition="end"
        {...toggle('enabled')}
      />
      {webhook && (
        <Text fontSize="small" color="font.tertiary">
          {t('webhooks.modal.secretHint', { hint: webhook.secretHint })}
        </Text>
      )}
    </FormDialog>
  );
}
