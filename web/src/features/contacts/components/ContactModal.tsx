import { useId, useState } from 'react';
import { Button, Flex, Loader } from '@aws-amplify/ui-react';
import { Modal } from '../../../components/Modal.tsx';
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
  const formId = useId();
  const [pending, setPending] = useState(false);
  const existing = useContact(contactId);
  const ready = contactId === undefined || existing.data !== undefined;

  return (
    <Modal
      open
      title={contactId === undefined ? t('contacts.modal.addTitle') : t('contacts.modal.editTitle')}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="submit"
            form={formId}
            variation="primary"
            isLoading={pending}
            loadingText={t('common.saving')}
            isDisabled={!ready}
          >
            {t('common.save')}
          </Button>
        </>
      }
    >
      {ready ? (
        <ContactForm
          key={contactId ?? 'new'}
          formId={formId}
          contactId={contactId}
          initial={existing.data ? contactFormOf(existing.data) : emptyContactForm()}
          onPendingChange={setPending}
          onSaved={(contact) => {
            onSaved?.(contact);
            onClose();
          }}
        />
      ) : (
        <Flex justifyContent="center" padding="large">
          <Loader size="large" />
        </Flex>
      )}
    </Modal>
  );
}
