import { RecordFormDialog } from '../../../components/FormDialog.tsx';
import { t } from '../../../i18n/index.ts';
import { useContact } from '../api/get-contact.ts';
import type { Contact } from '../api/types.ts';
import { contactFormOf, emptyContactForm } from '../contact-form.ts';
import { ContactForm } from './ContactForm.tsx';

export interface ContactModalProps {
  /** The contact to edit; without it the modal adds one. */
  contactId?: number;
  onClose(): void;
  onSaved?(contact: Contact): void;
}

/** core §2: the contact modal, for adding and editing a contact. */
export function ContactModal({ contactId, onClose, onSaved }: ContactModalProps) {
  const existing = useContact(contactId);
  const ready = contactId === undefined || existing.data !== undefined;

  return (
    <RecordFormDialog
      open
      title={contactId === undefined ? t('contacts.modal.addTitle') : t('contacts.modal.editTitle')}
      onClose={onClose}
      ready={ready}
    >
      {({ formId, onPendingChange }) => (
        <ContactForm
          key={contactId ?? 'new'}
          formId={formId}
          contactId={contactId}
          initial={existing.data ? contactFormOf(existing.data) : emptyContactForm()}
          onPendingChange={onPendingChange}
          onSaved={(contact) => {
            onSaved?.(contact);
            onClose();
          }}
        />
      )}
    </RecordFormDialog>
  );
}
