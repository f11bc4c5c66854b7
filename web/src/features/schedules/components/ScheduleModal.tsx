import { useState } from 'react';
import { Alert, Button, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { contactSearchMinChars } from '@atende/shared/constants';
import { AttachmentField, FormDialog, useAttachment } from '../../../components/FormDialog.tsx';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { TrashIcon } from '../../../components/icons/feature-icons.tsx';
import { errorText, t } from '../../../i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useContact } from '../../contacts/api/get-contact.ts';
import { useContactSearch } from '../../tickets/api/search-contacts.ts';
import { useDeleteSchedule, useSaveSchedule } from '../api/save-schedule.ts';
import type { Schedule, ScheduleContact } from '../api/types.ts';
import {
  isScheduleImage,
  scheduleFormSchema,
  scheduleImageAccept,
  type ScheduleFormValues,
} from '../schedule-form.ts';
import { defaultSendAtInput, wallInputOf } from '../schedule-time.ts';
import { CompanyDateTimeField } from '../../settings/components/CompanyDateTimeField.tsx';
import { useCompanyTimeZone } from '../../settings/use-company-time-zone.ts';
import '../schedules.css';
import { SearchResults } from '../../../components/SearchResults.tsx';

interface ScheduleModalProps {
  /** An existing schedule to edit (or, once sent, to look at and delete). */
  record?: Schedule;
  /** The contact of a new schedule, when known (chat header, ?contactId=). */
  contact?: ScheduleContact;
  onClose(): void;
}

/** The text a failed schedule's reason shows: the error catalogue's, else the code. */
export function failureText(reason: string | null | undefined): string {
  if (!reason) return t('schedules.failedUnknown');
  return errorText(reason) ?? reason;
}

/**
 * core §2 schedule modal: contact, message (at least 5 characters), send time on the company's
 * clock (one hour ahead by default) and a png/jpg image. A sent schedule is only shown, and
 * can be deleted; a failed one says why and is sent again once saved.
 */
export function ScheduleModal({ record, contact: givenContact, onClose }: ScheduleModalProps) {
  const timeZone = useCompanyTimeZone();
  const [contact, setContact] = useState<ScheduleContact | undefined>(
    record
      ? { id: record.contactId, name: record.contact?.name, number: record.contact?.number }
      : givenContact,
  );
  const [search, setSearch] = useState('');
  const media = useAttachment(record?.mediaName ?? '');
  const { form, field, set, submit, errors } = useSchemaForm(
    scheduleFormSchema(contact?.id, timeZone),
    (): ScheduleFormValues => ({
      body: record?.body ?? '',
      sendAt: record ? wallInputOf(record.sendAt, timeZone) : defaultSendAtInput(new Date(), timeZone),
    }),
  );
  // The contact is picked apart from the values; its message goes with a new choice.
  const clearContactError = () => form.clearErrors('contactId' as never);
  const debounced = useDebouncedValue(search.trim());
  const searching = !contact && debounced.length >= contactSearchMinChars;
  const contacts = useContactSearch(debounced, searching);
  const save = useSaveSchedule();
  const remove = useDeleteSchedule();
  // AGENDADA: handed to WhatsApp, its result not yet known; like a sent one, it can only be read.
  const sending = record?.status === 'AGENDADA';
  const sent = record?.status === 'ENVIADA' || sending;

  const handleSubmit = submit(async (data) => {
    await save.mutateAsync({
      id: record?.id,
      payload: data,
      file: media.file,
      removeMedia: media.removeStored,
    });
    toast.success(t('schedules.saved'));
    onClose();
  });

  const deleteRecord = async () => {
    if (!record) return;
    try {
      await remove.mutateAsync(record.id);
      toast.success(t('schedules.deleted'));
      onClose();
    } catch (error) {
      toastError(error);
    }
  };

  // A contact given by id only (?contactId=) is read for its name.
  const known = useContact(contact && !contact.name ? contact.id : undefined);
  const contactLabel = contact
    ? contact.name || known.data?.name || contact.number || `#${contact.id}`
    : search;

  return (
    <FormDialog
      title={record ? t('schedules.modal.editTitle') : t('schedules.modal.addTitle')}
      onClose={onClose}
      isSaving={save.isPending}
      onSubmit={(event) => (sent ? event.preventDefault() : handleSubmit(event))}
    >
      {record?.status === 'ERRO' && (
        <Alert variation="error" role="alert">
          {t('schedules.failed', { reason: failureText(record.errorReason) })}
        </Alert>
      )}
      {sent && (
        <Alert variation={sending ? 'info' : 'success'} role="status">
          {t(sending ? 'schedules.sendingNotice' : 'schedules.sentNotice')}
        </Alert>
      )}
      <div className="contact-search">
        <TextField
          label={t('schedules.modal.contact')}
          placeholder={t('schedules.modal.contactPlaceholder')}
          value={contactLabel}
          autoComplete="off"
          isReadOnly={sent || !!givenContact}
          hasError={!!errors.contactId}
          errorMessage={errors.contactId}
          onChange={(event) => {
            setContact(undefined);
            setSearch(event.target.value);
            clearContactError();
          }}
        />
        {searching && (
          <SearchResults
            label={t('schedules.modal.contact')}
            items={contacts.data ?? (contacts.isFetching ? undefined : [])}
            loading={contacts.isFetching}
            onPick={(item) => {
              setContact({ id: item.id, name: item.name, number: item.number });
              clearContactError();
            }}
          >
            {(item) => (
              <>
                <span>{item.name}</span>
                <small>{item.number}</small>
              </>
            )}
          </SearchResults>
        )}
      </div>
      <TextAreaField label={t('schedules.modal.body')} {...field('body')} rows={5} isReadOnly={sent} />
      <CompanyDateTimeField
        label={t('schedules.modal.sendAt')}
        {...field('sendAt')}
        onChange={(value) => set('sendAt', value)}
        timeZone={timeZone}
        isReadOnly={sent}
      />
      <AttachmentField
        legend={t('schedules.modal.media')}
        name={media.name}
        attachLabel={t('schedules.modal.attach')}
        removeLabel={t('schedules.modal.removeMedia')}
        testId="schedule-file"
        accept={scheduleImageAccept}
        refuses={(file) => !isScheduleImage(file)}
        refusedText={t('schedules.modal.imagesOnly')}
        isReadOnly={sent}
        onChoose={media.choose}
        onRemove={media.remove}
      />
      {record && (
        <div>
          <Button
            size="small"
            gap="xs"
            variation="link"
            className="icon-button--danger"
            isLoading={remove.isPending}
            onClick={() => void deleteRecord()}
          >
            <TrashIcon size={16} />
            {t('schedules.modal.delete')}
          </Button>
        </div>
      )}
    </FormDialog>
  );
}
