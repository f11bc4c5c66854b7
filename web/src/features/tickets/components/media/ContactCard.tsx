import { useState } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { t } from '../../../../i18n/index.ts';
import { toastError } from '../../../../lib/toast-error.ts';
import { contactForNumber } from '../../api/contact-for-number.ts';
import type { TicketContact } from '../../api/types.ts';
import { vcardContacts } from '../../media-rules.ts';
import { ContactCardIcon } from '../icons.tsx';
import { NewTicketModal } from '../NewTicketModal.tsx';

/**
 * A shared contact (vCard): name and number, and a button that starts a conversation with that
 * number through the new-ticket flow (the contact is found or created first).
 */
export function ContactCard({ body }: { body: string }) {
  const contacts = vcardContacts(body);
  const [busy, setBusy] = useState<string | null>(null);
  const [chosen, setChosen] = useState<TicketContact | null>(null);

  async function start(name: string, number: string) {
    setBusy(number);
    try {
      setChosen(await contactForNumber(name, number));
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(null);
    }
  }

  if (contacts.length === 0) return null;
  return (
    <>
      {contacts.map((contact, index) => (
        <div
          key={`${contact.number ?? ''}-${index}`}
          className="msg-card msg-card--contact"
          data-testid="contact-card"
        >
          <ContactCardIcon size={22} />
          <div>
            <strong>{contact.name || t('tickets.messages.media.vcard')}</strong>
            {contact.number && <span>+{contact.number}</span>}
          </div>
          {contact.number && (
            <Button
              size="small"
              isLoading={busy === contact.number}
              onClick={() => void start(contact.name, contact.number!)}
              ariaLabel={t('tickets.media.startConversationWith', { name: contact.name })}
            >
              {t('tickets.media.startConversation')}
            </Button>
          )}
        </div>
      ))}
      {chosen && (
        <NewTicketModal initialContact={chosen} onClose={() => setChosen(null)} onOpened={() => undefined} />
      )}
    </>
  );
}
