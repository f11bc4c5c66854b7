import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Button, TableCell, Text } from '@aws-amplify/ui-react';
import { useAuth } from '../../../app/providers/auth/index.ts';
import { ContactAvatar } from '../../../components/ContactAvatar.tsx';
import { DownloadIcon, WhatsAppIcon } from '../../../components/icons/feature-icons.tsx';
import {
  NameCell,
  RecordListPage,
  useSearchedList,
  useLiveRecordLists,
} from '../../../components/ListPage.tsx';
import { t } from '../../../i18n/index.ts';
import { can } from '../../../lib/permissions.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useCreateTicket } from '../../tickets/api/create-ticket.ts';
import { contactsQueryKeys } from '../api/contacts-query-keys.ts';
import { useDeleteContact } from '../api/delete-contact.ts';
import { useExportContacts } from '../api/export-contacts.ts';
import { useContacts } from '../api/get-contacts.ts';
import type { Contact } from '../api/types.ts';
import { parseContactEvent } from '../live-contacts.ts';
import { openTicketConflictOf } from '../open-ticket.ts';
import '../contacts.css';
import { ContactModal } from './ContactModal.tsx';
import { ImportContactsButton } from './ImportContactsButton.tsx';
import { IconButton } from '../../../components/IconButton.tsx';

/**
 * core §2 Contacts: the company's contacts with search (500 ms), infinite scroll, the contact
 * modal, a click to the contact's ticket, deletion for admins and the CSV export and import
 * (extended §9).
 */
export function ContactsPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useSearchedList(useContacts, 'contacts');
  const exportContacts = useExportContacts();
  const createTicket = useCreateTicket();
  const deletion = useDeleteContact();
  const [opening, setOpening] = useState<number | undefined>(undefined);
  const mayDelete = can(user?.profile, 'contacts-page:deleteContact');
  const mayExport = can(user?.profile, 'contacts-page:exportContacts');

  // core §4: live `contact` events; a new contact joins only the unfiltered list.
  useLiveRecordLists('contact', parseContactEvent, contactsQueryKeys.lists(), 'contacts', (event) => {
    if (event.action === 'delete') {
      queryClient.removeQueries({ queryKey: contactsQueryKeys.detail(Number(event.id)) });
    } else {
      queryClient.setQueryData(contactsQueryKeys.detail(event.record.id), event.record);
    }
  });

  async function runExport() {
    try {
      const file = await exportContacts.mutateAsync();
      toast.success(t('contacts.exported', { file }));
    } catch (error) {
      toastError(error);
    }
  }

  /** A contact click goes to its ticket (extended §2.1): a new open one, or the caller's own. */
  async function openChat(contact: Contact) {
    if (!user || opening !== undefined) return;
    setOpening(contact.id);
    try {
      const ticket = await createTicket.mutateAsync({
        contactId: contact.id,
        status: 'open',
        userId: user.id,
      });
      void navigate(`/tickets/${ticket.uuid || ticket.id}`);
    } catch (error) {
      const conflict = openTicketConflictOf(error, user.id);
      if (conflict?.kind === 'mine') void navigate(`/tickets/${conflict.ref}`);
      else if (conflict)
        toast.warning(t('contacts.otherOpen', { user: conflict.userName || t('tickets.new.someone') }));
      else toastError(error);
    } finally {
      setOpening(undefined);
    }
  }

  return (
    <RecordListPage
      texts="contacts"
      count={list.query.data?.pages[0]?.count}
      {...list}
      tools={
        <>
          {mayExport && (
            <Button
              size="small"
              gap="xs"
              isLoading={exportContacts.isPending}
              onClick={() => void runExport()}
            >
              <DownloadIcon size={18} />
              {t('contacts.export')}
            </Button>
          )}
          <ImportContactsButton />
        </>
      }
      tableClassName="contacts-table"
      columns={[
        {
          label: <span className="visually-hidden">{t('contacts.columns.name')}</span>,
          className: 'contacts-table__avatar',
        },
        'name',
        ['number', 'wide'],
        ['email', 'wide'],
      ]}
      rowAttributes={(contact) => ({
        'data-contact-number': contact.number,
        'data-contact-name': contact.name,
      })}
      cells={(contact) => (
        <>
          <TableCell className="contacts-table__avatar">
            <ContactAvatar name={contact.name} url={contact.profilePicUrl} size={36} />
          </TableCell>
          <NameCell name={contact.name} detail={contact.lidOnly ? t('contacts.lid') : contact.number} />
          <TableCell
            className="data-table__wide-only contacts-table__number"
            title={contact.lidOnly ? t('contacts.lidHint') : undefined}
          >
            {contact.lidOnly ? t('contacts.lid') : contact.number}
          </TableCell>
          <TableCell className="data-table__wide-only">
            {contact.email || (
              <Text as="span" color="font.tertiary">
                —
              </Text>
            )}
          </TableCell>
        </>
      )}
      rowTools={(contact) => (
        <IconButton
          label={t('contacts.openChat', { name: contact.name })}
          className="icon-button--whatsapp"
          isLoading={opening === contact.id}
          isDisabled={opening !== undefined && opening !== contact.id}
          onClick={() => void openChat(contact)}
        >
          <WhatsAppIcon size={18} />
        </IconButton>
      )}
      editLabel={(contact) => t('contacts.editContact', { name: contact.name })}
      deleteLabel={(contact) => t('contacts.deleteContact', { name: contact.name })}
      remove={{ mutation: deletion, mayDelete: () => mayDelete }}
      dialog={(contact, close) => <ContactModal contactId={contact?.id} onClose={close} />}
    />
  );
}
