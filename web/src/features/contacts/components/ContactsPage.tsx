import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import {
  Button,
  Card,
  Flex,
  Heading,
  Loader,
  SearchField,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
} from '@aws-amplify/ui-react';
import { useAuth } from '../../../app/providers/auth/index.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ContactAvatar } from '../../../components/ContactAvatar.tsx';
import { DownloadIcon, WhatsAppIcon } from '../../../components/icons/feature-icons.tsx';
import { EditIcon, PlusIcon, TrashIcon } from '../../../components/icons/icons.tsx';
import { t } from '../../../i18n/index.ts';
import { can } from '../../../lib/permissions.ts';
import { isNearBottom } from '../../../lib/scroll.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useLiveEvent } from '../../../lib/use-live-event.ts';
import { useCreateTicket } from '../../tickets/api/create-ticket.ts';
import { contactsQueryKeys } from '../api/contacts-query-keys.ts';
import { useDeleteContact } from '../api/delete-contact.ts';
import { useExportContacts } from '../api/export-contacts.ts';
import { useContacts } from '../api/get-contacts.ts';
import type { Contact, ContactsPage as ContactsPageData } from '../api/types.ts';
import { applyRecordEvent, parseContactEvent } from '../live-contacts.ts';
import { openTicketConflictOf } from '../open-ticket.ts';
import '../contacts.css';
import { ContactModal } from './ContactModal.tsx';
import { ImportContactsButton } from './ImportContactsButton.tsx';

/**
 * core §2 Contacts: the company's contacts with search (500 ms), infinite scroll, the contact
 * modal, a click to the contact's ticket, deletion for admins and the CSV export and import
 * (extended §9).
 */
export function ContactsPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const contacts = useContacts(searchParam);
  const deleteContact = useDeleteContact();
  const exportContacts = useExportContacts();
  const createTicket = useCreateTicket();
  const [modal, setModal] = useState<{ contactId?: number } | undefined>(undefined);
  const [toDelete, setToDelete] = useState<Contact | undefined>(undefined);
  const [opening, setOpening] = useState<number | undefined>(undefined);
  const mayDelete = can(user?.profile, 'contacts-page:deleteContact');

  // core §4: live `contact` events; a new contact joins only the unfiltered list.
  useLiveEvent('contact', (data) => {
    const event = parseContactEvent(data);
    if (!event) return;
    for (const query of queryClient.getQueryCache().findAll({ queryKey: contactsQueryKeys.lists() })) {
      const filter = query.queryKey[2] as { searchParam?: string } | undefined;
      queryClient.setQueryData<InfiniteData<ContactsPageData, number>>(query.queryKey, (current) =>
        applyRecordEvent(current, 'contacts', event, !filter?.searchParam),
      );
    }
    if (event.action === 'delete') {
      queryClient.removeQueries({ queryKey: contactsQueryKeys.detail(Number(event.id)) });
    } else {
      queryClient.setQueryData(contactsQueryKeys.detail(event.record.id), event.record);
    }
  });

  const rows = useMemo(() => contacts.data?.pages.flatMap((page) => page.contacts) ?? [], [contacts.data]);
  const count = contacts.data?.pages[0]?.count;

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await deleteContact.mutateAsync(toDelete.id);
      toast.success(t('contacts.deleted'));
    } catch (error) {
      toastError(error);
    } finally {
      setToDelete(undefined);
    }
  }

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
    <Flex direction="column" gap="medium" padding={{ base: 'medium', large: 'large' }} className="screen">
      <Flex
        className="screen__header"
        alignItems="center"
        justifyContent="space-between"
        wrap="wrap"
        gap="small"
      >
        <Flex alignItems="baseline" gap="small">
          <Heading level={3}>{t('contacts.title')}</Heading>
          {typeof count === 'number' && (
            <Text as="span" color="font.tertiary" fontSize="small" data-testid="contacts-count">
              {count === 1 ? t('contacts.countOne') : t('contacts.count', { count })}
            </Text>
          )}
        </Flex>
        <Flex gap="small" alignItems="center" wrap="wrap" className="screen__tools">
          <SearchField
            label={t('common.search')}
            labelHidden
            placeholder={t('contacts.searchPlaceholder')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onClear={() => setSearch('')}
            size="small"
            hasSearchButton={false}
            hasSearchIcon
            className="screen__search"
          />
          <Button size="small" gap="xs" isLoading={exportContacts.isPending} onClick={() => void runExport()}>
            <DownloadIcon size={18} />
            {t('contacts.export')}
          </Button>
          <ImportContactsButton />
          <Button variation="primary" size="small" gap="xs" onClick={() => setModal({})}>
            <PlusIcon size={18} />
            {t('contacts.add')}
          </Button>
        </Flex>
      </Flex>
      <Card
        variation="outlined"
        padding="0"
        className="list-card"
        onScroll={(event) => {
          if (contacts.hasNextPage && !contacts.isFetchingNextPage && isNearBottom(event.currentTarget)) {
            void contacts.fetchNextPage();
          }
        }}
        data-testid="contacts-list"
      >
        <Table highlightOnHover size="small" className="data-table contacts-table">
          <TableHead>
            <TableRow>
              <TableCell as="th" className="contacts-table__avatar">
                <span className="visually-hidden">{t('contacts.columns.name')}</span>
              </TableCell>
              <TableCell as="th">{t('contacts.columns.name')}</TableCell>
              <TableCell as="th" className="data-table__wide-only">
                {t('contacts.columns.number')}
              </TableCell>
              <TableCell as="th" className="data-table__wide-only">
                {t('contacts.columns.email')}
              </TableCell>
              <TableCell as="th" className="data-table__actions">
                {t('common.actions')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((contact) => (
              <TableRow
                key={contact.id}
                data-contact-number={contact.number}
                data-contact-name={contact.name}
              >
                <TableCell className="contacts-table__avatar">
                  <ContactAvatar name={contact.name} url={contact.profilePicUrl} size={36} />
                </TableCell>
                <TableCell>
                  <Text as="span" fontWeight="semibold">
                    {contact.name}
                  </Text>
                  <Text as="span" className="data-table__narrow-only" fontSize="small" color="font.secondary">
                    {contact.number}
                  </Text>
                </TableCell>
                <TableCell className="data-table__wide-only contacts-table__number">
                  {contact.number}
                </TableCell>
                <TableCell className="data-table__wide-only">
                  {contact.email || (
                    <Text as="span" color="font.tertiary">
                      —
                    </Text>
                  )}
                </TableCell>
                <TableCell className="data-table__actions">
                  <Button
                    variation="link"
                    size="small"
                    className="icon-button icon-button--whatsapp"
                    ariaLabel={t('contacts.openChat', { name: contact.name })}
                    title={t('contacts.openChat', { name: contact.name })}
                    isLoading={opening === contact.id}
                    isDisabled={opening !== undefined && opening !== contact.id}
                    onClick={() => void openChat(contact)}
                  >
                    <WhatsAppIcon size={18} />
                  </Button>
                  <Button
                    variation="link"
                    size="small"
                    className="icon-button"
                    ariaLabel={t('contacts.editContact', { name: contact.name })}
                    title={t('common.edit')}
                    onClick={() => setModal({ contactId: contact.id })}
                  >
                    <EditIcon size={18} />
                  </Button>
                  {mayDelete && (
                    <Button
                      variation="link"
                      size="small"
                      className="icon-button icon-button--danger"
                      ariaLabel={t('contacts.deleteContact', { name: contact.name })}
                      title={t('common.delete')}
                      onClick={() => setToDelete(contact)}
                    >
                      <TrashIcon size={18} />
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {(contacts.isLoading || contacts.isFetchingNextPage) && (
          <Flex justifyContent="center" padding="medium">
            <Loader size="large" />
          </Flex>
        )}
        {!contacts.isLoading && rows.length === 0 && (
          <Text textAlign="center" padding="large" color="font.tertiary">
            {searchParam ? t('common.noRecords') : t('contacts.empty')}
          </Text>
        )}
      </Card>
      {modal && <ContactModal contactId={modal.contactId} onClose={() => setModal(undefined)} />}
      <ConfirmDialog
        open={toDelete !== undefined}
        title={toDelete ? t('contacts.deleteContact', { name: toDelete.name }) : undefined}
        isLoading={deleteContact.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(undefined)}
      />
    </Flex>
  );
}
