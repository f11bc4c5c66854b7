import { useState, type ReactNode } from 'react';
import {
  Button,
  Flex,
  Grid,
  SelectField,
  SwitchField,
  Text,
  TextAreaField,
  TextField,
} from '@aws-amplify/ui-react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import {
  ColourCheckboxes,
  DialogForm,
  FieldGroup,
  RecordFormDialog,
  RecordOptions,
} from '../../../components/FormDialog.tsx';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { CopyIcon } from '../../../components/icons/feature-icons.tsx';
import { t } from '../../../i18n/index.ts';
import { apiFieldErrors } from '../../../lib/form-validation.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useQueues } from '../../queues/api/get-queues.ts';
import { useWhatsapp } from '../api/get-whatsapp.ts';
import { useRotateWhatsappToken } from '../api/rotate-token.ts';
import { useSaveWhatsapp } from '../api/save-whatsapp.ts';
import type { ConnectionProvider } from '../api/types.ts';
import { IntegrationSelect } from '../../queue-integrations/components/IntegrationSelect.tsx';
import { PromptSelect } from '../../prompts/components/PromptSelect.tsx';
import {
  connectionFormOf,
  connectionFormSchema,
  emptyConnectionForm,
  type ConnectionFormValues,
} from '../connection-form.ts';

export interface ConnectionModalProps {
  open: boolean;
  /** The connection to edit; without it the modal adds one. */
  whatsappId?: number;
  /** The company has no connection yet: the new one becomes the default whatever is chosen. */
  isFirst?: boolean;
  onClose(): void;
}

const providers: readonly ConnectionProvider[] = ['beta', 'sandbox'];

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Flex as="section" direction="column" gap="small" className="form-section">
      <Text as="h3" className="form-section__title">
        {title}
      </Text>
      {children}
    </Flex>
  );
}

/** A field with its hint under the input, so fields side by side keep their inputs aligned. */
function WithHint({ hint, children }: { hint: string; children: ReactNode }) {
  return (
    <Flex direction="column" gap="xxs">
      {children}
      <Text fontSize="xs" color="font.tertiary" className="field-hint">
        {hint}
      </Text>
    </Flex>
  );
}

interface ConnectionFormProps {
  initial: ConnectionFormValues;
  whatsappId: number | undefined;
  isFirst: boolean;
  formId: string;
  onSaved(): void;
  onPendingChange(pending: boolean): void;
}

function ConnectionForm({
  initial,
  whatsappId,
  isFirst,
  formId,
  onSaved,
  onPendingChange,
}: ConnectionFormProps) {
  const editing = whatsappId !== undefined;
  const { values, setErrors, set, field, submit } = useSchemaForm(connectionFormSchema(editing, isFirst), initial);
  const saveWhatsapp = useSaveWhatsapp();
  const rotateToken = useRotateWhatsappToken();
  const [confirmRotate, setConfirmRotate] = useState(false);
  const queues = useQueues();
  const queueList = queues.data ?? [];

  const handleSubmit = submit(
    async (data) => {
      await saveWhatsapp.mutateAsync({ id: whatsappId, payload: data });
      toast.success(t('connections.modal.saved'));
      onSaved();
    },
    {
      onPending: onPendingChange,
      // A refused field (the sandbox provider where the server does not allow it) is marked
      // under the field; the toast says why in every case (core §8).
      onError: (error) => {
        const fieldErrors = apiFieldErrors(error);
        if (fieldErrors) setErrors(fieldErrors);
        toastError(error);
      },
    },
  );

  async function newToken() {
    if (whatsappId === undefined) return;
    try {
      const saved = await rotateToken.mutateAsync(whatsappId);
      set('token', saved.token ?? '');
      toast.success(t('connections.modal.tokenRotated'));
    } catch (error) {
      toastError(error);
    } finally {
      setConfirmRotate(false);
    }
  }

  async function copyToken() {
    try {
      await navigator.clipboard.writeText(values.token);
      toast.success(t('connections.modal.tokenCopied'));
    } catch (error) {
      console.error(error);
      toast.error(t('connections.modal.copyFailed'));
    }
  }

  const minutes = (name: 'expiresTicket' | 'timeUseBotQueues' | 'maxUseBotQueues' | 'timeToTransfer' | 'silenceMinutes') => ({
    ...field(name),
    type: 'number',
    min: 0,
    step: 1,
    inputMode: 'numeric' as const,
  });
  const message = (
    name:
      | 'greetingMessage'
      | 'complationMessage'
      | 'outOfHoursMessage'
      | 'ratingMessage'
      | 'expiresInactiveMessage',
  ) => ({
    ...field(name),
    rows: 3,
    resize: 'vertical' as const,
  });

  return (
    <DialogForm id={formId} gap="large" onSubmit={handleSubmit}>
      <FormSection title={t('connections.modal.sectionGeneral')}>
        <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr' }} gap="medium" alignItems="start">
          <TextField label={t('connections.modal.name')} autoComplete="off" {...field('name')} />
          <SelectField label={t('connections.modal.provider')} {...field('provider')}>
            {providers.map((provider) => (
              <option key={provider} value={provider}>
                {t(`connections.modal.provider.${provider}`)}
              </option>
            ))}
          </SelectField>
        </Grid>
        <Flex direction="column" gap="xxxs">
          <SwitchField
            label={t('connections.modal.isDefault')}
            name="isDefault"
            labelPosition="end"
            isChecked={values.isDefault || isFirst}
            isDisabled={isFirst}
            onChange={(event) => set('isDefault', event.target.checked)}
          />
          <Text fontSize="xs" color="font.tertiary">
            {isFirst ? t('connections.modal.isDefaultFirst') : t('connections.modal.isDefaultHint')}
          </Text>
        </Flex>
        <FieldGroup legend={t('connections.modal.queues')}>
          <ColourCheckboxes
            name="queueIds"
            options={queueList}
            isLoading={queues.isLoading}
            empty={
              <Text color="font.tertiary" fontSize="small" data-testid="no-queues-hint">
                {t('connections.modal.noQueues')}
              </Text>
            }
            selected={values.queueIds}
            onChange={(ids) => set('queueIds', ids)}
          />
        </FieldGroup>
      </FormSection>

      <FormSection title={t('connections.modal.sectionMessages')}>
        <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr' }} gap="medium" alignItems="start">
          <WithHint hint={t('connections.modal.greetingHint')}>
            <TextAreaField label={t('connections.modal.greetingMessage')} {...message('greetingMessage')} />
          </WithHint>
          <TextAreaField label={t('connections.modal.complationMessage')} {...message('complationMessage')} />
          <TextAreaField label={t('connections.modal.outOfHoursMessage')} {...message('outOfHoursMessage')} />
          <TextAreaField label={t('connections.modal.ratingMessage')} {...message('ratingMessage')} />
        </Grid>
      </FormSection>

      <FormSection title={t('connections.modal.sectionAutomation')}>
        <WithHint hint={t('connections.modal.expiresHint')}>
          <TextAreaField
            label={t('connections.modal.expiresInactiveMessage')}
            {...message('expiresInactiveMessage')}
          />
        </WithHint>
        <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr 1fr' }} gap="medium" alignItems="start">
          <WithHint hint={t('connections.modal.zeroDisables')}>
            <TextField label={t('connections.modal.expiresTicket')} {...minutes('expiresTicket')} />
          </WithHint>
          <WithHint hint={t('connections.modal.zeroDisables')}>
            <TextField label={t('connections.modal.timeUseBotQueues')} {...minutes('timeUseBotQueues')} />
          </WithHint>
          <TextField label={t('connections.modal.maxUseBotQueues')} {...minutes('maxUseBotQueues')} />
        </Grid>
        <WithHint hint={t('connections.modal.silenceHint')}>
          <TextField label={t('connections.modal.silenceMinutes')} {...minutes('silenceMinutes')} />
        </WithHint>
        <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr' }} gap="medium" alignItems="start">
          <WithHint hint={t('connections.modal.timeToTransferHint')}>
            <TextField label={t('connections.modal.timeToTransfer')} {...minutes('timeToTransfer')} />
          </WithHint>
          <SelectField label={t('connections.modal.transferQueueId')} {...field('transferQueueId')}>
            <option value="">{t('common.none')}</option>
            <RecordOptions records={queueList} />
          </SelectField>
        </Grid>
        <IntegrationSelect
          value={values.integrationId ?? ''}
          onChange={(value) => set('integrationId', value)}
        />
        <PromptSelect value={values.promptId ?? ''} onChange={(value) => set('promptId', value)} />
      </FormSection>

      <FormSection title={t('connections.modal.sectionApi')}>
        <WithHint hint={editing ? t('connections.modal.tokenHint') : t('connections.modal.tokenHintNew')}>
          <TextField
            label={t('connections.modal.token')}
            autoComplete="off"
            spellCheck={false}
            className="token-field"
            isReadOnly
            value={values.token}
            placeholder={editing ? '' : t('connections.modal.tokenPlaceholderNew')}
            outerEndComponent={
              <Button
                type="button"
                gap="xs"
                isDisabled={values.token.trim() === ''}
                onClick={() => void copyToken()}
                ariaLabel={t('connections.modal.copyToken')}
                title={t('connections.modal.copyToken')}
              >
                <CopyIcon size={16} />
              </Button>
            }
          />
        </WithHint>
        {editing && (
          <Flex>
            <Button type="button" size="small" onClick={() => setConfirmRotate(true)}>
              {t('connections.modal.rotateToken')}
            </Button>
          </Flex>
        )}
        <ConfirmDialog
          open={confirmRotate}
          title={t('connections.modal.rotateTokenTitle')}
          message={t('connections.modal.rotateTokenConfirm')}
          confirmLabel={t('connections.modal.rotateToken')}
          isLoading={rotateToken.isPending}
          onConfirm={() => void newToken()}
          onClose={() => setConfirmRotate(false)}
        />
      </FormSection>
    </DialogForm>
  );
}

/**
 * core §2 Connections: the connection edit modal, for adding and editing. Every field of the
 * connection (core §3), checked with the shared schemas; server refusals toast their text (core §8).
 */
export function ConnectionModal({ open, whatsappId, isFirst = false, onClose }: ConnectionModalProps) {
  const existing = useWhatsapp(open ? whatsappId : undefined);
  const ready = whatsappId === undefined || existing.data !== undefined;
  const title = whatsappId === undefined ? t('connections.modal.addTitle') : t('connections.modal.editTitle');

  return (
    <RecordFormDialog open={open} title={title} onClose={onClose} size="large" ready={ready}>
      {({ formId, onPendingChange }) => (
        <ConnectionForm
          key={whatsappId ?? 'new'}
          initial={existing.data ? connectionFormOf(existing.data) : emptyConnectionForm()}
          whatsappId={whatsappId}
          isFirst={isFirst && whatsappId === undefined}
          formId={formId}
          onSaved={onClose}
          onPendingChange={onPendingChange}
        />
      )}
    </RecordFormDialog>
  );
}

export default ConnectionModal;
