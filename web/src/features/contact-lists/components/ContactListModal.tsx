import type { FormEvent } from 'react';
import { TextField } from '@aws-amplify/ui-react';
import { FormDialog, useFormState } from '../../../components/FormDialog.tsx';
import { t } from '../../../i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useSaveContactList } from '../api/save-contact-list.ts';
import type { ContactList, ContactListPayload } from '../api/types.ts';
import { checkContactListForm } from '../contact-list-form.ts';

/** extended §2.6: the contact list dialog (its name). */
export function ContactListModal({ contactList, onClose }: { contactList?: ContactList; onClose(): void }) {
  const { values, field, submit } = useFormState<ContactListPayload>(
    () => ({ name: contactList?.name ?? '' }),
    checkContactListForm,
  );
  const save = useSaveContactList();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) =>
    submit(event, checkContactListForm(values), async (data) => {
      await save.mutateAsync({ id: contactList?.id, payload: data });
      toast.success(t('contactLists.modal.saved'));
      onClose();
    });

  return (
    <FormDialog
      size="small"
      title={contactList ? t('contactLists.modal.editTitle') : t('contactLists.modal.addTitle')}
      onClose={onClose}
      isSaving={save.isPending}
      onSubmit={(event) => void handleSubmit(event)}
    >
      <TextField label={t('contactLists.modal.name')} {...field('name')} autoComplete="off" />
    </FormDialog>
  );
}
