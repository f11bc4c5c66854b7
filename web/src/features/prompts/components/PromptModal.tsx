import { Flex, PasswordField, SelectField, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { promptCreateInputSchema } from '@atende/shared/entities/prompt';
import { DialogForm, RecordFormDialog, RecordOptions } from '../../../components/FormDialog.tsx';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { t } from '../../../i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useQueues } from '../../queues/api/get-queues.ts';
import { usePrompt } from '../api/get-prompts.ts';
import { useSavePrompt } from '../api/save-prompt.ts';
import type { Prompt } from '../api/types.ts';
import {
  emptyPromptForm,
  promptFormOf,
  promptVoices,
  type PromptFormValues,
} from '../prompt-form.ts';

interface PromptModalProps {
  /** The prompt to edit; none adds one. */
  id?: number;
  onClose(): void;
}

/**
 * extended §2.11: name, API key (password field with show/hide), prompt text (10 rows), queue,
 * voice, voice key, voice region, temperature, max tokens, max messages. An existing prompt's
 * keys arrive masked and are sent back as they are unless the admin types new ones.
 */
export function PromptModal({ id, onClose }: PromptModalProps) {
  const existing = usePrompt(id);
  const ready = id === undefined || existing.isSuccess;
  return (
    <RecordFormDialog
      open
      size="large"
      title={id === undefined ? t('prompts.modal.addTitle') : t('prompts.modal.editTitle')}
      onClose={onClose}
      ready={ready}
    >
      {({ formId, onPendingChange }) => (
        <PromptForm
          formId={formId}
          record={id === undefined ? undefined : existing.data}
          onPendingChange={onPendingChange}
          onSaved={onClose}
        />
      )}
    </RecordFormDialog>
  );
}

interface PromptFormProps {
  formId: string;
  record?: Prompt;
  onPendingChange(pending: boolean): void;
  onSaved(): void;
}

function PromptForm({ formId, record, onPendingChange, onSaved }: PromptFormProps) {
  const save = useSavePrompt();
  const queues = useQueues();
  const { values, set, field, errors, submit } = useSchemaForm(promptCreateInputSchema, () =>
    record ? promptFormOf(record) : emptyPromptForm(),
  );

  const handleSubmit = submit(
    async (payload) => {
      await save.mutateAsync({ id: record?.id, payload });
      toast.success(t('prompts.saved'));
      onSaved();
    },
    { onPending: onPendingChange },
  );

  return (
    <DialogForm id={formId} onSubmit={handleSubmit}>
      <TextField label={t('prompts.modal.name')} {...field('name')} autoComplete="off" />
      <PasswordField
        label={t('prompts.modal.apiKey')}
        {...field('apiKey')}
        autoComplete="new-password"
        descriptiveText={record ? t('prompts.modal.apiKeyHint') : undefined}
      />
      <TextAreaField label={t('prompts.modal.prompt')} {...field('prompt')} rows={10} />
      <Flex gap="small" wrap="wrap">
        <SelectField
          flex="1"
          label={t('prompts.modal.queue')}
          name="queueId"
          value={values.queueId}
          onChange={(event) => set('queueId', event.target.value)}
          hasError={!!errors.queueId}
          errorMessage={errors.queueId}
        >
          <option value="">{t('prompts.modal.queueNone')}</option>
          <RecordOptions records={queues.data} />
        </SelectField>
        <SelectField
          flex="1"
          label={t('prompts.modal.voice')}
          name="voice"
          value={values.voice}
          onChange={(event) => set('voice', event.target.value as PromptFormValues['voice'])}
        >
          {promptVoices.map((voice) => (
            <option key={voice} value={voice}>
              {voice === 'texto' ? t('prompts.modal.voiceText') : voice}
            </option>
          ))}
        </SelectField>
      </Flex>
      <Flex gap="small" wrap="wrap">
        <PasswordField
          flex="1"
          label={t('prompts.modal.voiceKey')}
          {...field('voiceKey')}
          autoComplete="new-password"
        />
        <TextField
          flex="1"
          label={t('prompts.modal.voiceRegion')}
          {...field('voiceRegion')}
          autoComplete="off"
        />
      </Flex>
      <Flex gap="small" wrap="wrap">
        <TextField
          flex="1"
          label={t('prompts.modal.temperature')}
          {...field('temperature')}
          inputMode="decimal"
        />
        <TextField
          flex="1"
          label={t('prompts.modal.maxTokens')}
          {...field('maxTokens')}
          inputMode="numeric"
        />
        <TextField
          flex="1"
          label={t('prompts.modal.maxMessages')}
          {...field('maxMessages')}
          inputMode="numeric"
        />
      </Flex>
    </DialogForm>
  );
}
