import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Flex, SelectField, TextField } from '@aws-amplify/ui-react';
import { contactSearchMinChars } from '@atende/shared/constants';
import { useAuth } from '../../../app/providers/auth/index.ts';
import { Modal } from '../../../components/Modal.tsx';
import { t } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { isAdminProfile } from '../../../lib/profile.ts';
import { errorMessageOf, toastError } from '../../../lib/toast-error.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useWhatsapps } from '../../connections/api/get-whatsapps.ts';
import { useQueues } from '../../queues/api/get-queues.ts';
import { useCreateTicket } from '../api/create-ticket.ts';
import { useContactSearch } from '../api/search-contacts.ts';
import type { TicketContact } from '../api/types.ts';
import { ContactAvatar } from './ContactAvatar.tsx';
import { SearchResults } from '../../../components/SearchResults.tsx';
import { RecordOptions } from '../../../components/FormDialog.tsx';

interface NewTicketModalProps {
  onClose(): void;
  onOpened(): void;
  /** A contact chosen beforehand (a shared vCard's "start a conversation"). */
  initialContact?: TicketContact;
}

interface OtherOpenTicket {
  error: 'ERR_OTHER_OPEN_TICKET';
  ticketId?: number;
  /** The API answers `uuid`; `ticketUuid` is the shared schema's name for it. */
  uuid?: string;
  ticketUuid?: string;
  userId?: number | null;
  userName?: string | null;
  queueName?: string | null;
}

function otherOpenTicketOf(error: unknown): OtherOpenTicket | undefined {
  if (!(error instanceof ApiError) || error.code !== 'ERR_OTHER_OPEN_TICKET') return undefined;
  return (error.body && typeof error.body === 'object' ? error.body : { error: error.code }) as OtherOpenTicket;
}

/**
 * core §2 New-ticket modal: contact autocomplete (from 3 characters, debounced 500 ms), queue
 * (required unless admin: Seleccione una cola) and connection (the user's own preselected). Posts
 * with status open and opens the new ticket by its uuid; a conflict on the caller's own ticket
 * opens that one instead.
 */
export function NewTicketModal({ onClose, onOpened, initialContact }: NewTicketModalProps) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const isAdmin = isAdminProfile(user?.profile);
  const [search, setSearch] = useState('');
  const [contact, setContact] = useState<TicketContact | undefined>(initialContact);
  const [queueId, setQueueId] = useState('');
  // Untouched: the user's own connection (core §3 User.whatsappId) while it exists, as the server does.
  const [whatsappChoice, setWhatsappChoice] = useState<string | undefined>(undefined);
  const [errors, setErrors] = useState<{ contact?: string; queue?: string }>({});
  const [conflict, setConflict] = useState<string | undefined>(undefined);
  const debounced = useDebouncedValue(search.trim());
  const searching = !contact && debounced.length >= contactSearchMinChars;
  const contacts = useContactSearch(debounced, searching);
  const queues = useQueues();
  const whatsapps = useWhatsapps();
  const createTicket = useCreateTicket();
  const ownWhatsapp = (whatsapps.data ?? []).find((whatsapp) => whatsapp.id === user?.whatsappId);
  const whatsappId = whatsappChoice ?? (ownWhatsapp ? String(ownWhatsapp.id) : '');
  // An agent may open tickets only in their own queues (the API refuses others).
  const ownQueueIds = new Set((user?.queues ?? []).map((queue) => queue.id));
  const offeredQueues = (queues.data ?? []).filter((queue) => isAdmin || ownQueueIds.has(queue.id));

  const openTicket = (ref: string | number) => {
    void navigate(`/tickets/${ref}`);
    onOpened();
    onClose();
  };

  async function submit() {
    const found: typeof errors = {};
    if (!contact) found.contact = t('tickets.new.contactRequired');
    if (!isAdmin && !queueId) found.queue = t('tickets.new.queueRequired');
    setErrors(found);
    if (!contact || !user || Object.keys(found).length > 0) return;
    setConflict(undefined);
    try {
      const ticket = await createTicket.mutateAsync({
        contactId: contact.id,
        userId: user.id,
        status: 'open',
        ...(queueId ? { queueId: Number(queueId) } : {}),
        ...(whatsappId ? { whatsappId: Number(whatsappId) } : {}),
      });
      openTicket(ticket.uuid || ticket.id);
    } catch (error) {
      const other = otherOpenTicketOf(error);
      if (!other) {
        toastError(error);
        return;
      }
      if (other.userId === user.id && (other.uuid || other.ticketUuid || other.ticketId)) {
        openTicket(other.uuid || other.ticketUuid || other.ticketId || '');
        return;
      }
      // A ticket the caller may not see comes without details: only that one exists.
      if (!other.uuid && !other.ticketUuid && !other.ticketId) {
        setConflict(errorMessageOf(error));
        return;
      }
      setConflict(
        t('tickets.new.otherOpen', {
          user: other.userName || t('tickets.new.someone'),
          queue: other.queueName || t('tickets.noQueue'),
        }),
      );
    }
  }

  return (
    <Modal
      open
      title={t('tickets.new.title')}
      onClose={onClose}
      size="small"
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button variation="primary" isLoading={createTicket.isPending} onClick={() => void submit()}>
            {t('tickets.new.submit')}
          </Button>
        </>
      }
    >
      <Flex direction="column" gap="medium">
        {conflict && (
          <Alert variation="warning" role="alert">
            {conflict}
          </Alert>
        )}
        <div className="contact-search">
          <TextField
            label={t('tickets.new.contact')}
            placeholder={t('tickets.new.contactPlaceholder')}
            value={contact ? contact.name : search}
            autoComplete="off"
            hasError={!!errors.contact}
            errorMessage={errors.contact}
            onChange={(event) => {
              setContact(undefined);
              setSearch(event.target.value);
              setErrors((current) => ({ ...current, contact: undefined }));
            }}
          />
          {searching && (
            <SearchResults
              label={t('tickets.new.contact')}
              items={contacts.data ?? (contacts.isFetching ? undefined : [])}
              loading={contacts.isFetching}
              onPick={setContact}
            >
              {(item) => (
                <>
                  <ContactAvatar name={item.name} url={item.profilePicUrl} size={28} />
                  <span>{item.name}</span>
                  <small>{item.number}</small>
                </>
              )}
            </SearchResults>
          )}
        </div>
        <SelectField
          label={t('tickets.new.queue')}
          value={queueId}
          hasError={!!errors.queue}
          errorMessage={errors.queue}
          onChange={(event) => {
            setQueueId(event.target.value);
            setErrors((current) => ({ ...current, queue: undefined }));
          }}
        >
          <option value="">{t('tickets.new.queuePlaceholder')}</option>
          <RecordOptions records={offeredQueues} />
        </SelectField>
        <SelectField label={t('tickets.new.whatsapp')} value={whatsappId} onChange={(event) => setWhatsappChoice(event.target.value)}>
          <option value="">{t('tickets.new.whatsappDefault')}</option>
          <RecordOptions records={whatsapps.data} />
        </SelectField>
      </Flex>
    </Modal>
  );
}
