import { Grid, SelectField, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { announcementPriorities } from '@atende/shared/constants';
import { announcementCreateInputSchema } from '@atende/shared/entities/announcement';
import { AttachmentField, FormDialog, useAttachment } from '../../../components/FormDialog.tsx';
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
  const { field, submit } = useSchemaForm(announcementCreateInputSchema, () =>
    record ? announcementFormOf(record) : emptyAnnouncementForm(),
  );
  const media = useAttachment(record?.mediaName ?? '');
  const save = useSaveAnnouncement();

  const handleSubmit = submit(async (payload) => {
    await save.mutateAsync({
      id: record?.id,
      payload,
      file: media.file,
      removeMedia: media.removeStored,
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
      <AttachmentField
        legend={t('announcements.modal.media')}
        name={media.name}
        attachLabel={t('announcements.modal.attach')}
        removeLabel={t('announcements.modal.removeMedia')}
        testId="announcement-file"
        accept={announcementImageAccept}
        refuses={(file) => !isAnnouncementImageName(file.name)}
        refusedText={t('announcements.modal.imageOnly')}
        onChoose={media.choose}
        onRemove={media.remove}
      />
    </FormDialog>
  );
}
