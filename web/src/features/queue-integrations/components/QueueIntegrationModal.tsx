import { useState } from 'react';
import {
  Alert,
  Button,
  CheckboxField,
  Flex,
  SelectField,
  Text,
  TextAreaField,
  TextField,
} from '@aws-amplify/ui-react';
import { queueIntegrationCreateInputSchema } from '@atende/shared/entities/queue-integration';
import { DialogForm, RecordFormDialog } from '../../../components/FormDialog.tsx';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { Modal } from '../../../components/Modal.tsx';
import { t, type MessageKey } from '../../../i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { errorMessageOf } from '../../../lib/toast-error.ts';
import { useQueueIntegration } from '../api/get-queue-integrations.ts';
import { useSaveQueueIntegration } from '../api/save-queue-integration.ts';
import { useTestQueueIntegrationSession } from '../api/test-session.ts';
import type { QueueIntegration } from '../api/types.ts';
import {
  emptyQueueIntegrationForm,
  fieldsOf,
  integrationLanguages,
  integrationTypes,
  isStoredKeyFile,
  queueIntegrationFormInput,
  queueIntegrationFormOf,
  queueIntegrationPayloadOf,
  revealedSecret,
  type QueueIntegrationFormValues,
} from '../queue-integration-form.ts';

interface QueueIntegrationModalProps {
  /** The integration to edit; none adds one. */
  id?: number;
  onClose(): void;
}

/** extended §2.12: the dialog (type select with its fields; Test for dialogflow only). */
export function QueueIntegrationModal({ id, onClose }: QueueIntegrationModalProps) {
  const existing = useQueueIntegration(id);
  const ready = id === undefined || existing.isSuccess;
  const [secret, setSecret] = useState<string | undefined>();
  if (secret) return <SecretDialog secret={secret} onClose={onClose} />;
  return (
    <RecordFormDialog
      open
      size="large"
      title={
        id === undefined ? t('queueIntegrations.modal.addTitle') : t('queueIntegrations.modal.editTitle')
      }
      onClose={onClose}
      ready={ready}
    >
      {({ formId, onPendingChange }) => (
        <QueueIntegrationForm
          formId={formId}
          record={id === undefined ? undefined : existing.data}
          onPendingChange={onPendingChange}
          onSaved={(saved) => {
            const made = revealedSecret(saved);
            if (made) setSecret(made);
            else onClose();
          }}
        />
      )}
    </RecordFormDialog>
  );
}

/** The signing key made by the save, shown once. */
function SecretDialog({ secret, onClose }: { secret: string; onClose(): void }) {
  return (
    <Modal
      open
      title={t('queueIntegrations.secret.title')}
      onClose={onClose}
      footer={
        <Button variation="primary" onClick={onClose}>
          {t('queueIntegrations.secret.close')}
        </Button>
      }
    >
      <Flex direction="column" gap="small">
        <Text>{t('queueIntegrations.secret.intro')}</Text>
        <TextField
          label={t('queueIntegrations.modal.secret')}
          value={secret}
          isReadOnly
          data-testid="queue-integration-secret"
          onFocus={(event) => event.target.select()}
        />
      </Flex>
    </Modal>
  );
}

/** The agent's texts in a test's answer (`{ messages }`), whatever else it carries. */
function testMessagesOf(answer: unknown): string[] {
  const messages = (answer as { messages?: unknown } | null)?.messages;
  return Array.isArray(messages) ? messages.filter((m): m is string => typeof m === 'string') : [];
}

interface QueueIntegrationFormProps {
  formId: string;
  record?: QueueIntegration;
  onPendingChange(pending: boolean): void;
  onSaved(saved: QueueIntegration): void;
}

function QueueIntegrationForm({ formId, record, onPendingChange, onSaved }: QueueIntegrationFormProps) {
  const save = useSaveQueueIntegration();
  const test = useTestQueueIntegrationSession();
  const [rotate, setRotate] = useState(false);
  const { values, set, field, submit } = useSchemaForm(
    queueIntegrationCreateInputSchema,
    (): QueueIntegrationFormValues => (record ? queueIntegrationFormOf(record) : emptyQueueIntegrationForm()),
    { input: queueIntegrationFormInput },
  );
  const shown = fieldsOf(values.type);

  const handleSubmit = submit(
    async (data) => {
      const payload = queueIntegrationPayloadOf(data, values);
      const saved = await save.mutateAsync({
        id: record?.id,
        payload: rotate ? { ...payload, rotateSecret: true } : payload,
      });
      toast.success(record ? t('queueIntegrations.edited') : t('queueIntegrations.added'));
      onSaved(saved);
    },
    { onPending: onPendingChange },
  );

  // The test's result stays in the dialog, good or bad (extended §2.12, §8): what the agent
  // answered, or why the test failed.
  const [testResult, setTestResult] = useState<
    { ok: true; messages: string[] } | { ok: false; error: string } | undefined
  >(undefined);
  const runTest = () => {
    setTestResult(undefined);
    test.mutate(
      {
        projectName: values.projectName.trim(),
        jsonContent: values.jsonContent,
        language: values.language,
        // The stored key file is shown masked: the server tests the stored one of this integration.
        ...(record && isStoredKeyFile(values.jsonContent) ? { id: record.id } : {}),
      },
      {
        onSuccess: (answer) => {
          setTestResult({ ok: true, messages: testMessagesOf(answer) });
          toast.success(t('queueIntegrations.testSucceeded'));
        },
        onError: (failure) => setTestResult({ ok: false, error: errorMessageOf(failure) }),
      },
    );
  };

  return (
    <DialogForm id={formId} onSubmit={handleSubmit}>
      <Flex gap="small" wrap="wrap">
        <SelectField
          flex="1"
          label={t('queueIntegrations.modal.type')}
          name="type"
          value={values.type}
          onChange={(event) => set('type', event.target.value as QueueIntegrationFormValues['type'])}
        >
          {integrationTypes.map((type) => (
            <option key={type} value={type}>
              {t(`queueIntegrations.type.${type}` as MessageKey)}
            </option>
          ))}
        </SelectField>
        <TextField flex="2" label={t('queueIntegrations.modal.name')} {...field('name')} autoComplete="off" />
      </Flex>
      {shown.dialogflow && (
        <>
          <Flex gap="small" wrap="wrap">
            <TextField
              flex="2"
              label={t('queueIntegrations.modal.projectName')}
              {...field('projectName')}
              autoComplete="off"
            />
            <SelectField
              flex="1"
              label={t('queueIntegrations.modal.language')}
              name="language"
              value={values.language}
              onChange={(event) =>
                set('language', event.target.value as QueueIntegrationFormValues['language'])
              }
            >
              {integrationLanguages.map((language) => (
                <option key={language} value={language}>
                  {t(`queueIntegrations.modal.language.${language}` as MessageKey)}
                </option>
              ))}
            </SelectField>
          </Flex>
          <TextAreaField
            label={t('queueIntegrations.modal.jsonContent')}
            {...field('jsonContent')}
            rows={6}
          />
          <div>
            <Button size="small" onClick={runTest} isLoading={test.isPending}>
              {t('queueIntegrations.modal.test')}
            </Button>
          </div>
          {testResult?.ok === false && (
            <Alert variation="error" role="alert" data-testid="queue-integration-test-result">
              {t('queueIntegrations.testFailed', { error: testResult.error })}
            </Alert>
          )}
          {testResult?.ok === true && (
            <Alert variation="success" role="status" data-testid="queue-integration-test-result">
              <Text as="span">{t('queueIntegrations.testSucceeded')}</Text>
              <Text as="span" display="block">
                {testResult.messages.length > 0
                  ? t('queueIntegrations.testAnswered', { messages: testResult.messages.join(' / ') })
                  : t('queueIntegrations.testNoAnswer')}
              </Text>
            </Alert>
          )}
        </>
      )}
      {shown.url && (
        <TextField
          label={t('queueIntegrations.modal.url')}
          {...field('urlN8N')}
          autoComplete="off"
          inputMode="url"
        />
      )}
      {shown.typebot && (
        <>
          <Flex gap="small" wrap="wrap">
            <TextField
              flex="2"
              label={t('queueIntegrations.modal.typebotSlug')}
              {...field('typebotSlug')}
              autoComplete="off"
            />
            <TextField
              flex="1"
              label={t('queueIntegrations.modal.typebotExpires')}
              {...field('typebotExpires')}
              inputMode="numeric"
            />
            <TextField
              flex="1"
              label={t('queueIntegrations.modal.typebotDelayMessage')}
              {...field('typebotDelayMessage')}
              inputMode="numeric"
            />
          </Flex>
          <Flex gap="small" wrap="wrap">
            <TextField
              flex="1"
              label={t('queueIntegrations.modal.typebotKeywordFinish')}
              {...field('typebotKeywordFinish')}
              autoComplete="off"
            />
            <TextField
              flex="1"
              label={t('queueIntegrations.modal.typebotKeywordRestart')}
              {...field('typebotKeywordRestart')}
              autoComplete="off"
            />
          </Flex>
          <TextField
            label={t('queueIntegrations.modal.typebotUnknownMessage')}
            {...field('typebotUnknownMessage')}
            autoComplete="off"
          />
          <TextField
            label={t('queueIntegrations.modal.typebotRestartMessage')}
            {...field('typebotRestartMessage')}
            autoComplete="off"
          />
        </>
      )}
      {shown.signed && (
        <Flex direction="column" gap="xs">
          <TextField
            label={t('queueIntegrations.modal.secret')}
            value={record?.type === values.type ? (record?.webhookSecret ?? '') : ''}
            placeholder="••••"
            isReadOnly
            descriptiveText={t('queueIntegrations.modal.secretHint')}
          />
          {record?.webhookSecret && record.type === values.type && (
            <CheckboxField
              label={t('queueIntegrations.modal.rotateSecret')}
              name="rotateSecret"
              checked={rotate}
              onChange={(event) => setRotate(event.target.checked)}
            />
          )}
        </Flex>
      )}
    </DialogForm>
  );
}
