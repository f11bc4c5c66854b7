import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  Button,
  CheckboxField,
  Flex,
  Grid,
  Loader,
  SelectField,
  SwitchField,
  Text,
  TextAreaField,
  TextField,
} from '@aws-amplify/ui-react';
import { Modal } from '../../../components/Modal.tsx';
import { CopyIcon } from '../../../components/icons/icons.tsx';
import { t } from '../../../i18n/index.ts';
import { apiFieldErrors, type FieldErrors } from '../../../lib/form-validation.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useQueues } from '../../queues/api/get-queues.ts';
import { useWhatsapp } from '../api/get-whatsapp.ts';
import { useSaveWhatsapp } from '../api/save-whatsapp.ts';
import type { ConnectionProvider } from '../api/types.ts';
import {
  checkConnectionForm,
  connectionFormOf,
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
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const saveWhatsapp = useSaveWhatsapp();
  const queues = useQueues();
  const queueList = queues.data ?? [];
  const editing = whatsappId !== undefined;

  const set = <K extends keyof ConnectionFormValues>(field: K, value: ConnectionFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkConnectionForm({ ...values, isDefault: values.isDefault || isFirst }, editing);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    onPendingChange(true);
    try {
      await saveWhatsapp.mutateAsync({ id: whatsappId, payload: checked.data });
      toast.success(t('connections.modal.saved'));
      onSaved();
    } catch (error) {
      // A refused field (the sandbox provider where the server does not allow it) is marked
      // under the field; the toast says why in every case (core §8).
      const fieldErrors = apiFieldErrors(error);
      if (fieldErrors) setErrors(fieldErrors);
      toastError(error);
    } finally {
      onPendingChange(false);
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

  const text = (field: keyof ConnectionFormValues) => ({
    name: field,
    value: values[field] as string,
    hasError: !!errors[field],
    errorMessage: errors[field],
  });
  const minutes = (field: 'expiresTicket' | 'timeUseBotQueues' | 'maxUseBotQueues' | 'timeToTransfer') => ({
    ...text(field),
    type: 'number',
    min: 0,
    step: 1,
    inputMode: 'numeric' as const,
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
  });
  const message = (
    field:
      | 'greetingMessage'
      | 'complationMessage'
      | 'outOfHoursMessage'
      | 'ratingMessage'
      | 'expiresInactiveMessage',
  ) => ({
    ...text(field),
    rows: 3,
    resize: 'vertical' as const,
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
  });

  return (
    <Flex
      as="form"
      id={formId}
      direction="column"
      gap="large"
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
    >
      <FormSection title={t('connections.modal.sectionGeneral')}>
        <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr' }} gap="medium" alignItems="start">
          <TextField
            label={t('connections.modal.name')}
            autoComplete="off"
            {...text('name')}
            onChange={(event) => set('name', event.target.value)}
          />
          <SelectField
            label={t('connections.modal.provider')}
            {...text('provider')}
            onChange={(event) => set('provider', event.target.value)}
          >
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
        <Flex as="fieldset" direction="column" gap="xs" className="plain-fieldset">
          <Text as="legend" fontWeight="semibold" fontSize="small" className="plain-fieldset__legend">
            {t('connections.modal.queues')}
          </Text>
          {queues.isLoading ? (
            <Loader size="small" />
          ) : queueList.length === 0 ? (
            <Text color="font.tertiary" fontSize="small" data-testid="no-queues-hint">
              {t('connections.modal.noQueues')}
            </Text>
          ) : (
            <Flex wrap="wrap" gap="small">
              {queueList.map((queue) => (
                <CheckboxField
                  key={queue.id}
                  name="queueIds"
                  value={String(queue.id)}
                  label={
                    <Flex as="span" alignItems="center" gap="xxs">
                      <span
                        className="queue-dot"
                        style={{ backgroundColor: queue.color }}
                        aria-hidden="true"
                      />
                      {queue.name}
                    </Flex>
                  }
                  checked={values.queueIds.includes(queue.id)}
                  onChange={(event) =>
                    set(
                      'queueIds',
                      event.target.checked
                        ? [...values.queueIds, queue.id]
                        : values.queueIds.filter((id) => id !== queue.id),
                    )
                  }
                />
              ))}
            </Flex>
          )}
        </Flex>
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
        <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr' }} gap="medium" alignItems="start">
          <WithHint hint={t('connections.modal.timeToTransferHint')}>
            <TextField label={t('connections.modal.timeToTransfer')} {...minutes('timeToTransfer')} />
          </WithHint>
          <SelectField
            label={t('connections.modal.transferQueueId')}
            {...text('transferQueueId')}
            onChange={(event) => set('transferQueueId', event.target.value)}
          >
            <option value="">{t('common.none')}</option>
            {queueList.map((queue) => (
              <option key={queue.id} value={String(queue.id)}>
                {queue.name}
              </option>
            ))}
          </SelectField>
        </Grid>
      </FormSection>

      <FormSection title={t('connections.modal.sectionApi')}>
        <WithHint hint={t('connections.modal.tokenHint')}>
          <TextField
            label={t('connections.modal.token')}
            autoComplete="off"
            spellCheck={false}
            className="token-field"
            {...text('token')}
            onChange={(event) => set('token', event.target.value)}
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
      </FormSection>
    </Flex>
  );
}

/**
 * core §2 Connections: the connection edit modal, for adding and editing. Every field of the
 * connection (core §3), checked with the shared schemas; server refusals toast their text (core §8).
 */
export function ConnectionModal({ open, whatsappId, isFirst = false, onClose }: ConnectionModalProps) {
  const formId = useId();
  const [pending, setPending] = useState(false);
  const existing = useWhatsapp(open ? whatsappId : undefined);
  const ready = whatsappId === undefined || existing.data !== undefined;
  const title = whatsappId === undefined ? t('connections.modal.addTitle') : t('connections.modal.editTitle');

  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      size="large"
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="submit"
            form={formId}
            variation="primary"
            isLoading={pending}
            loadingText={t('common.saving')}
            isDisabled={!ready}
          >
            {t('common.save')}
          </Button>
        </>
      }
    >
      {ready ? (
        <ConnectionForm
          key={whatsappId ?? 'new'}
          initial={existing.data ? connectionFormOf(existing.data) : emptyConnectionForm()}
          whatsappId={whatsappId}
          isFirst={isFirst && whatsappId === undefined}
          formId={formId}
          onSaved={onClose}
          onPendingChange={setPending}
        />
      ) : (
        <Flex justifyContent="center" padding="large">
          <Loader size="large" />
        </Flex>
      )}
    </Modal>
  );
}

export default ConnectionModal;
