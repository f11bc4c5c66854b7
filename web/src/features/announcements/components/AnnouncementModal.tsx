import { useRef, useState } from 'react';
import { Button, Flex, Grid, SelectField, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { announcementPriorities } from '@atende/shared/constants';
import { announcementCreateInputSchema } from '@atende/shared/entities/announcement';
import { CloseIcon, PaperclipIcon } from '../../../components/icons/feature-icons.tsx';
import { FormDialog, FieldGroup } from '../../../components/FormDialog.tsx';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { t } from '../../../i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useSaveAnnouncement } from '../api/save-announcement.ts';
import type { Announcement } from '../api/types.ts';
import {
  announcementFormOf,
  announcementImageAccept,
  emptyAnnouncementForm,
  isAnnouncementImageName,
} from '../announcement-form.ts';

interface AnnouncementModalProps {
  record?: Announcement;
  onClose(): void;
}

/** extended §2.7: title, text (7 rows), status (Ativo/Inativo), priority (Alta/Media/Baja) and an image. */
export function AnnouncementModal({ record, onClose }: AnnouncementModalProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const { field, submit } = useSchemaForm(announcementCreateInputSchema, () =>
    record ? announcementFormOf(record) : emptyAnnouncementForm(),
  );
  const [file, setFile] = useState<File | undefined>(undefined);
  const [removeMedia, setRemoveMedia] = useState(false);
  const save = useSaveAnnouncement();
  const currentMedia = removeMedia ? '' : (record?.mediaName ?? '');
  const shownMedia = file?.name ?? currentMedia;

  const handleSubmit = submit(async (payload) => {
    await save.mutateAsync({
      id: record?.id,
      payload,
      file,
      removeMedia: removeMedia && !!record?.mediaName,
    });
    toast.success(t('announcements.modal.saved'));
    onClose();
  });

  return (
    <FormDialog
      title={record ? t('announcements.modal.editTitle') : t('announcements.modal.addTitle')}
      onClose={onClose}
      isSaving={save.isPending}
      onSubmit={handleSubmit}
    >
      <TextField label={t('announcements.modal.title')} {...field('title')} autoComplete="off" />
      <TextAreaField label={t('announcements.modal.text')} {...field('text')} rows={7} />
      <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr' }} gap="small">
        <SelectField label={t('announcements.modal.status')} {...field('status')}>
          <option value="true">{t('announcements.modal.statusActive')}</option>
          <option value="false">{t('announcements.modal.statusInactive')}</option>
        </SelectField>
        <SelectField label={t('announcements.modal.priority')} {...field('priority')}>
          {announcementPriorities.map((priority) => (
            <option key={priority} value={String(priority)}>
              {t(`announcements.priority.${priority}`)}
            </option>
          ))}
        </SelectField>
      </Grid>
      <FieldGroup legend={t('announcements.modal.media')}>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept={announcementImageAccept}
          data-testid="announcement-file"
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            event.target.value = '';
            if (!chosen) return;
            if (!isAnnouncementImageName(chosen.name)) {
              toast.error(t('announcements.modal.imageOnly'));
              return;
            }
            setFile(chosen);
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
              ariaLabel={t('announcements.modal.removeMedia')}
              title={t('announcements.modal.removeMedia')}
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
              {t('announcements.modal.attach')}
            </Button>
          </div>
        )}
      </FieldGroup>
    </FormDialog>
  );
}
