import { useRef, useState } from 'react';
import { quickMessageCreateInputSchema } from '@atende/shared/entities/quick-message';
import { Button, Flex, Grid, SwitchField, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { CloseIcon, PaperclipIcon } from '../../../components/icons/feature-icons.tsx';
import { FormDialog, FieldGroup } from '../../../components/FormDialog.tsx';
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
  const fileInput = useRef<HTMLInputElement>(null);
  const { field, toggle, submit } = useSchemaForm(quickMessageCreateInputSchema, () =>
    record ? quickMessageFormOf(record) : emptyQuickMessageForm(),
  );
  const [file, setFile] = useState<File | undefined>(undefined);
  const [removeMedia, setRemoveMedia] = useState(false);
  const save = useSaveQuickMessage();
  const currentMedia = removeMedia ? '' : record?.mediaName || fileNameOf(record?.mediaPath);
  const shownMedia = file?.name ?? currentMedia;

  const handleSubmit = submit(async ({ shortcode, message, geral, status }) => {
    await save.mutateAsync({
      id: record?.id,
      payload: { shortcode, message, geral, status },
      file,
      removeMedia: removeMedia && !!(record?.mediaPath || record?.mediaName),
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
      <FieldGroup legend={t('quickMessages.modal.media')}>
        <input
          ref={fileInput}
          type="file"
          hidden
          data-testid="quick-message-file"
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (chosen) setFile(chosen);
            event.target.value = '';
          }}
        />
        {shownMedia ? (
          <Flex alignItems="center" gap="xs" className="attachment-chip">
            <PaperclipIcon size={16} />
            <Text as="span" fontSize="small" className="attachment-chip__name">
              {shownMedia}
            </Text>
            <Button
              variation="link"
              size="small"
              className="icon-button icon-button--danger"
              ariaLabel={t('quickMessages.modal.removeMedia')}
              title={t('quickMessages.modal.removeMedia')}
              onClick={() => {
                if (file) setFile(undefined);
                else setRemoveMedia(true);
              }}
            >
              <CloseIcon size={16} />
            </Button>
          </Flex>
        ) : (
          <div>
            <Button size="small" gap="xs" onClick={() => fileInput.current?.click()}>
              <PaperclipIcon size={16} />
              {t('quickMessages.modal.attach')}
            </Button>
          </div>
        )}
      </FieldGroup>
    </FormDialog>
  );
}
