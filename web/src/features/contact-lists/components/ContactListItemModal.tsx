import { TextField } from '@aws-amplify/ui-react';
import { contactListItemFieldsSchema } from '@atende/shared/entities/contact-list';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { t } from '../../../i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useSaveContactListItem } from '../api/save-contact-list-item.ts';
import type { ContactListItem } from '../api/types.ts';
import type { ContactListItemFormValues } from '../contact-list-form.ts';

interface ContactListItemModalProps {
  contactListId: number;
  /** The item to edit; without it the dialog adds one. */
  item?: ContactListItem;
  onClose(): void;
}

/** extended §2.6: a list item's dialog (name, number, e-mail). */
export function ContactListItemModal({ contactListId, item, onClose }: ContactListItemModalProps) {
  const { field, submit } = useSchemaForm(
    contactListItemFieldsSchema,
    (): ContactListItemFormValues => ({ name: item?.name ?? '', number: item?.number ?? '', email: item?.email ?? '' }),
  );
  const save = useSaveContactListItem(contactListId);

  const handleSubmit = submit(async (payload) => {
    await save.mutateAsync({ id: item?.id, payload });
    toast.success(t('contactListItems.modal.saved'));
    onClose();
  });

  return (
    <FormDialog
      size="small"
      title={item ? t('contactListItems.modal.editTitle') : t('contactListItems.modal.addTitle')}
      onClose={onClose}
      isSaving={save.isPending}
      onSubmit={handleSubmit}
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
