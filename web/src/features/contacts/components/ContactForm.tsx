import { Button, Grid, Text, TextField } from '@aws-amplify/ui-react';
import { DialogForm, FieldGroup } from '../../../components/FormDialog.tsx';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { PlusIcon, TrashIcon } from '../../../components/icons/feature-icons.tsx';
import { errorText, t } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { apiFieldErrors } from '../../../lib/form-validation.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useSaveContact } from '../api/save-contact.ts';
import type { Contact } from '../api/types.ts';
import '../contacts.css';
import {
  contactFormSchema,
  emptyExtraInfoRow,
  type ContactFormValues,
  type ExtraInfoRow,
} from '../contact-form.ts';
import { IconButton } from '../../../components/IconButton.tsx';

export interface ContactFormProps {
  initial: ContactFormValues;
  /** The contact to update; without it the form adds one. */
  contactId?: number;
  formId: string;
  /** One column, as in the 320 px contact drawer. */
  compact?: boolean;
  onSaved(contact: Contact): void;
  onPendingChange?(pending: boolean): void;
}

/** The number's own failures are shown under the field as well as in a toast. */
const numberErrorCodes = new Set(['ERR_DUPLICATED_CONTACT', 'ERR_WAPP_INVALID_CONTACT']);

/**
 * The contact form of the contact modal and of the drawer's inline edit (core §2, §5 Contact):
 * name, number, e-mail and the extra-information rows, added and removed at will.
 */
export function ContactForm({
  initial,
  contactId,
  formId,
  compact = false,
  onSaved,
  onPendingChange,
}: ContactFormProps) {
  const { form, values, errors, setErrors, field, submit } = useSchemaForm(contactFormSchema, initial);
  const saveContact = useSaveContact();

  const setRow = (index: number, patch: Partial<ExtraInfoRow>) => {
    const row = { ...values.extraInfo[index]!, ...patch };
    // The whole row at once: a blank row is no error, so its name's message goes with its value.
    form.setValue(`extraInfo.${index}`, row, { shouldDirty: true });
    void form.trigger(`extraInfo.${index}.name`);
  };

  const removeRow = (index: number) => {
    form.setValue(
      'extraInfo',
      values.extraInfo.filter((_row, at) => at !== index),
      { shouldDirty: true },
    );
    // Row errors are positional: after a removal they would point at the wrong rows.
    form.clearErrors('extraInfo');
  };

  const handleSubmit = submit(
    async (data) => {
      const contact = await saveContact.mutateAsync({ id: contactId, payload: data });
      toast.success(t('contacts.modal.saved'));
      onSaved(contact);
    },
    {
      onPending: onPendingChange,
      onError: (error) => {
        const fieldErrors = apiFieldErrors(error);
        if (fieldErrors) {
          setErrors(fieldErrors);
          return;
        }
        if (error instanceof ApiError && error.code && numberErrorCodes.has(error.code)) {
          form.setError('number', { type: 'server', message: errorText(error.code) });
        }
        toastError(error);
      },
    },
  );

  return (
    <DialogForm id={formId} className="contact-form" onSubmit={handleSubmit}>
      <TextField label={t('contacts.modal.name')} {...field('name')} autoComplete="off" />
      <Grid templateColumns={compact ? '1fr' : { base: '1fr', medium: '1fr 1fr' }} gap="medium">
        <TextField
          label={t('contacts.modal.number')}
          {...field('number')}
          inputMode="tel"
          autoComplete="off"
          placeholder="5511987654321"
          descriptiveText={compact ? undefined : t('contacts.modal.numberHint')}
        />
        <TextField label={t('contacts.modal.email')} {...field('email')} type="email" autoComplete="off" />
      </Grid>
      <FieldGroup legend={t('contacts.modal.extraInfo')} gap="small" className="contact-form__extra">
        {values.extraInfo.length === 0 && (
          <Text fontSize="small" color="font.tertiary">
            {t('contacts.modal.extraInfoEmpty')}
          </Text>
        )}
        {values.extraInfo.map((row, index) => (
          <div
            key={row.key}
            className={`contact-form__row${compact ? ' contact-form__row--compact' : ''}`}
            data-testid="extra-info-row"
          >
            <TextField
              label={t('contacts.modal.extraName')}
              labelHidden={!compact && index > 0}
              size="small"
              value={row.name}
              onChange={(event) => setRow(index, { name: event.target.value })}
              hasError={!!errors[`extraInfo.${index}.name`]}
              errorMessage={errors[`extraInfo.${index}.name`]}
            />
            <TextField
              label={t('contacts.modal.extraValue')}
              labelHidden={!compact && index > 0}
              size="small"
              value={row.value}
              onChange={(event) => setRow(index, { value: event.target.value })}
            />
            <IconButton
              label={
                row.name.trim()
                  ? t('contacts.modal.removeExtraInfo', { name: row.name.trim() })
                  : t('contacts.modal.removeExtraInfoUnnamed')
              }
              title={t('common.delete')}
              danger
              className="contact-form__remove"
              onClick={() => removeRow(index)}
            >
              <TrashIcon size={18} />
            </IconButton>
          </div>
        ))}
        <div>
          <Button
            size="small"
            gap="xs"
            onClick={() => form.setValue('extraInfo', [...values.extraInfo, emptyExtraInfoRow()], { shouldDirty: true })}
          >
            <PlusIcon size={16} />
            {t('contacts.modal.addExtraInfo')}
          </Button>
        </div>
      </FieldGroup>
    </DialogForm>
  );
}
