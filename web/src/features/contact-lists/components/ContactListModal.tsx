import { TextField } from '@aws-amplify/ui-react';
import { contactListCreateInputSchema } from '@atende/shared/entities/contact-list';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { t } from '../../../i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useSaveContactList } from '../api/save-contact-list.ts';
import type { ContactList } from '../api/types.ts';

/** extended §2.6: the contact list dialog (its name). */
export function ContactListModal({ contactList, onClose }: { contactList?: ContactList; onClose(): void }) {
  const { field, submit } = useSchemaForm(contactListCreateInputSchema, { name: contactList?.name ?? '' });
  const save = useSaveContactList();

  const handleSubmit = submit(async (payload) => {
    await save.mutateAsync({ id: contactList?.id, payload });
    toast.success(t('contactLists.modal.saved'));
    onClose();
  });

  return (
    <FormDialog
      size="small"
      title={contactList ? t('contactLists.modal.editTitle') : t('contactLists.modal.addTitle')}
      onClose={onClose}
      isSaving={save.isPending}
      onSubmit={handleSubmit}
    >
      <TextField label={t('contactLists.modal.name')} {...field('name')} autoComplete="off" />
    </FormDialog>
  );
}
