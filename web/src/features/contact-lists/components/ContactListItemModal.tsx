import type { FormEvent } from 'react';
import { TextField } from '@aws-amplify/ui-react';
import { FormDialog, useFormState } from '../../../components/FormDialog.tsx';
import { t } from '../../../i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useSaveContactListItem } from '../api/save-contact-list-item.ts';
import type { ContactListItem } from '../api/types.ts';
import { checkContactListItemForm, type ContactListItemFormValues } from '../contact-list-form.ts';

interface ContactListItemModalProps {
  contactListId: number;
  /** The item to edit; without it the dialog adds one. */
  item?: ContactListItem;
  onClose(): void;
}

/** extended §2.6: a list item's dialog (name, number, e-mail). */
export function ContactListItemModal({ contactListId, item, onClose }: ContactListItemModalProps) {
  const { values, field, submit } = useFormState<ContactListItemFormValues>(
    () => ({ name: item?.name ?? '', number: item?.number ?? '', email: item?.email ?? '' }),
    checkContactListItemForm,
  );
  const save = useSaveContactListItem(contactListId);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) =>
    submit(event, checkContactListItemForm(values), async (data) => {
      await save.mutateAsync({ id: item?.id, payload: data });
      toast.success(t('contactListItems.modal.saved'));
      onClose();
    });

  return (
    <FormDialog
      size="small"
      title={item ? t('contactListItems.modal.editTitle') : t('contactListItems.modal.addTitle')}
      onClose={onClose}
      isSaving={save.isPending}
      onSubmit={(event) => void handleSubmit(event)}
    >
      <TextField label={t('contactListItems.modal.name')} {...field('name')} autoComplete="off" />
      <TextField
        label={t('contactListItems.modal.number')}
        {...field('number')}
        autoComplete="off"
        inputMode="tel"
      />
      <TextField
        label={t('contactListItems.modal.email')}
        {...field('email')}
        autoComplete="off"
        type="email"
      />
    </FormDialog>
  );
}
