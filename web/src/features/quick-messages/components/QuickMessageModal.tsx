import { quickMessageCreateInputSchema } from '@atende/shared/entities/quick-message';
import { Grid, SwitchField, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { AttachmentField, FormDialog, useAttachment } from '../../../components/FormDialog.tsx';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { t } from '../../../i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useSaveQuickMessage } from '../api/save-quick-message.ts';
import type { QuickMessage } from '../api/types.ts';
import { emptyQuickMessageForm, quickMessageFormOf } from '../quick-message-form.ts';

interface QuickMessageModalProps {
  record?: QuickMessage;
  onClose(): void;
}

/** The name an attachment path shows: its last segment. */
const fileNameOf = (path: string | null | undefined) => (path ? (path.split('/').pop() ?? path) : '');

/** extended §2.15: shortcode, message, geral, status and an optional attachment. */
export function QuickMessageModal({ record, onClose }: QuickMessageModalProps) {
  const { field, toggle, submit } = useSchemaForm(quickMessageCreateInputSchema, () =>
    record ? quickMessageFormOf(record) : emptyQuickMessageForm(),
  );
  const media = useAttachment(record?.mediaName || fileNameOf(record?.mediaPath));
  const save = useSaveQuickMessage();

  const handleSubmit = submit(async ({ shortcode, message, geral, status }) => {
    await save.mutateAsync({
      id: record?.id,
      payload: { shortcode, message, geral, status },
      file: media.file,
      removeMedia: media.removeStored,
    });
    toast.success(t('quickMessages.modal.saved'));
    onClose();
  });

  return (
    <FormDialog
      title={record ? t('quickMessages.modal.editTitle') : t('quickMessages.modal.addTitle')}
      onClose={onClose}
      isSaving={save.isPending}
      onSubmit={handleSubmit}
    >
      <TextField
        label={t('quickMessages.modal.shortcode')}
        {...field('shortcode')}
        autoComplete="off"
        descriptiveText={t('quickMessages.modal.shortcodeHint')}
      />
      <TextAreaField label={t('quickMessages.modal.message')} {...field('message')} rows={5} />
      <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr' }} gap="small">
        <SwitchField
          label={t('quickMessages.modal.geral')}
          labelPosition="end"
          {...toggle('geral')}
        />
        <SwitchField
          label={t('quickMessages.modal.status')}
          labelPosition="end"
          {...toggle('status')}
        />
      </Grid>
      <AttachmentField
        legend={t('quickMessages.modal.media')}
        name={media.name}
        attachLabel={t('quickMessages.modal.attach')}
        removeLabel={t('quickMessages.modal.removeMedia')}
        testId="quick-message-file"
        onChoose={media.choose}
        onRemove={media.remove}
      />
    </FormDialog>
  );
}
