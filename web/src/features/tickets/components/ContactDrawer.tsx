import { useId, useState } from 'react';
import { Button, Loader } from '@aws-amplify/ui-react';
import { ContactAvatar } from '../../../components/ContactAvatar.tsx';
import {
  CloseIcon,
  ContactInfoIcon,
  EditIcon,
  MailIcon,
  PhoneIcon,
} from '../../../components/icons/feature-icons.tsx';
import { t } from '../../../i18n/index.ts';
import { useContact } from '../../contacts/api/get-contact.ts';
import { ContactForm } from '../../contacts/components/ContactForm.tsx';
import { contactFormOf } from '../../contacts/contact-form.ts';
import type { Ticket } from '../api/types.ts';
import { TicketNotes } from './TicketNotes.tsx';
import { IconButton } from '../../../components/IconButton.tsx';

interface ContactDrawerProps {
  ticket: Ticket;
  onClose(): void;
}

/**
 * core §2: the contact drawer at the chat's right (320 px): the contact's data with an inline edit
 * form, then the ticket's notes.
 */
export function ContactDrawer({ ticket, onClose }: ContactDrawerProps) {
  const contactQuery = useContact(ticket.contactId);
  const contact = contactQuery.data;
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const formId = useId();
  const name = contact?.name ?? ticket.contact?.name ?? ticket.contact?.number ?? '';

  return (
    <aside className="contact-drawer" aria-label={t('tickets.drawer.title')} data-testid="contact-drawer">
      <header className="contact-drawer__header">
        <ContactInfoIcon size={18} />
        <h2>{t('tickets.drawer.title')}</h2>
        <IconButton label={t('tickets.drawer.close')} onClick={onClose}>
          <CloseIcon size={18} />
        </IconButton>
      </header>
      <div className="contact-drawer__body">
        {!contact ? (
          <div className="contact-drawer__loading">
            <Loader size="large" />
          </div>
        ) : editing ? (
          <section className="contact-drawer__edit">
            <ContactForm
              key={contact.id}
              compact
              formId={formId}
              contactId={contact.id}
              initial={contactFormOf(contact)}
              onPendingChange={setSaving}
              onSaved={() => setEditing(false)}
            />
            <div className="contact-drawer__edit-actions">
              <Button size="small" onClick={() => setEditing(false)}>
                {t('common.cancel')}
              </Button>
              <Button
                size="small"
                type="submit"
                form={formId}
                variation="primary"
                isLoading={saving}
                loadingText={t('common.saving')}
              >
                {t('common.save')}
              </Button>
            </div>
          </section>
        ) : (
          <section className="contact-drawer__card" data-testid="contact-drawer-card">
            <ContactAvatar name={name} url={contact.profilePicUrl} size={88} />
            <p className="contact-drawer__name">{contact.name}</p>
            <dl className="contact-drawer__facts">
              <div>
                <dt>
                  <PhoneIcon size={15} />
                  <span className="visually-hidden">{t('tickets.drawer.number')}</span>
                </dt>
                <dd title={contact.lidOnly ? t('contacts.lidHint') : undefined}>{contact.lidOnly ? t('contacts.lid') : contact.number}</dd>
              </div>
              <div>
                <dt>
                  <MailIcon size={15} />
                  <span className="visually-hidden">{t('tickets.drawer.email')}</span>
                </dt>
                <dd className={contact.email ? undefined : 'contact-drawer__muted'}>
                  {contact.email || t('tickets.drawer.noEmail')}
                </dd>
              </div>
            </dl>
            <Button size="small" gap="xs" onClick={() => setEditing(true)}>
              <EditIcon size={16} />
              {t('tickets.drawer.edit')}
            </Button>
            {(contact.extraInfo ?? []).length > 0 && (
              <div className="contact-drawer__extra">
                <h3 className="contact-drawer__section-title">{t('tickets.drawer.extraInfo')}</h3>
                <dl>
                  {(contact.extraInfo ?? []).map((info, index) => (
                    <div key={info.id ?? index}>
                      <dt>{info.name}</dt>
                      <dd>{info.value || '—'}</dd>
                    </div>
                  ))}
                </dl>
              </div>
            )}
          </section>
        )}
        <TicketNotes ticketId={ticket.id} contactId={ticket.contactId} />
      </div>
    </aside>
  );
}
