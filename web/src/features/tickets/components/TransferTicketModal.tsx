import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, Flex, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { Modal } from '../../../components/Modal.tsx';
import { t } from '../../../i18n/index.ts';
import { useWhatsapps } from '../../connections/api/get-whatsapps.ts';
import { useQueues } from '../../queues/api/get-queues.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useUserSearch } from '../api/search-users.ts';
import type { Ticket, TicketUpdate } from '../api/types.ts';
import { transferUpdate } from '../ticket-actions.ts';
import { SearchResults } from '../../../components/SearchResults.tsx';
import { RecordOptions } from '../../../components/FormDialog.tsx';

interface TransferTicketModalProps {
  ticket: Ticket;
  onClose(): void;
  onTransfer(update: TicketUpdate): Promise<void>;
}

const numberOrUndefined = (value: string) => (value ? Number(value) : undefined);

/**
 * core §2 Transfer modal: user (autocomplete: the server searches the company's users by the
 * start of their names' words, debounced 500 ms, so a team of hundreds needs no long list),
 * queue and WhatsApp connection.
 */
export function TransferTicketModal({ ticket, onClose, onTransfer }: TransferTicketModalProps) {
  const queues = useQueues();
  const whatsapps = useWhatsapps();
  const [userSearch, setUserSearch] = useState('');
  const [user, setUser] = useState<{ id: number; name: string } | undefined>(undefined);
  const typed = useDebouncedValue(userSearch.trim());
  const searching = !user && typed.length > 0;
  const users = useUserSearch(typed, searching);
  const userId = user ? String(user.id) : '';
  const [queueId, setQueueId] = useState(ticket.queueId ? String(ticket.queueId) : '');
  const [whatsappId, setWhatsappId] = useState('');
  const [saving, setSaving] = useState(false);
  const canSubmit = userId !== '' || queueId !== '';

  const formId = useId();
  async function submit() {
    if (!canSubmit || saving) return;
    setSaving(true);
    try {
      await onTransfer(
        transferUpdate({
          userId: numberOrUndefined(userId),
          queueId: numberOrUndefined(queueId),
          whatsappId: numberOrUndefined(whatsappId),
        }),
      );
    } finally {
      setSaving(false);
    }
  }

  // Keyboard (issue #30): Enter confirms from any field; in the user field, while its suggestions
  // show, Enter first takes the first one (a half-typed name never sends the ticket to the queue).
  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };
  const onFormKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    const target = event.target as HTMLElement;
    if (target.getAttribute('data-user-search') !== null && searching) {
      event.preventDefault();
      const first = users.data?.users[0];
      if (first) setUser(first);
    } else if (target.tagName === 'SELECT') {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <Modal
      open
      title={t('tickets.transfer.title')}
      onClose={onClose}
      size="small"
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" form={formId} variation="primary" isDisabled={!canSubmit} isLoading={saving}>
            {t('tickets.transfer.submit')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onFormSubmit} onKeyDown={onFormKeyDown}>
      <Flex direction="column" gap="medium">
        <div className="contact-search">
          <TextField
            label={t('tickets.transfer.user')}
            placeholder={t('tickets.transfer.userSearchPlaceholder')}
            descriptiveText={user ? undefined : t('tickets.transfer.userPlaceholder')}
            value={user ? user.name : userSearch}
            autoComplete="off"
            data-user-search=""
            onChange={(event) => {
              setUser(undefined);
              setUserSearch(event.target.value);
            }}
          />
          {searching && (
            <SearchResults
              label={t('tickets.transfer.user')}
              items={users.data?.users}
              loading={users.isFetching && !users.data}
              more={users.data?.hasMore && t('tickets.transfer.moreUsers')}
              onPick={setUser}
            >
              {(item) => <span>{item.name}</span>}
            </SearchResults>
          )}
        </div>
        <SelectField label={t('tickets.transfer.queue')} value={queueId} onChange={(event) => setQueueId(event.target.value)}>
          <option value="">{t('tickets.transfer.queuePlaceholder')}</option>
          <RecordOptions records={queues.data} />
        </SelectField>
        {queues.isSuccess && (queues.data ?? []).length === 0 && (
          <Text fontSize="small" color="font.tertiary">
            {t('users.modal.noQueues')}
          </Text>
        )}
        <SelectField label={t('tickets.transfer.whatsapp')} value={whatsappId} onChange={(event) => setWhatsappId(event.target.value)}>
          <option value="">{t('tickets.transfer.whatsappKeep')}</option>
          <RecordOptions records={whatsapps.data} />
        </SelectField>
      </Flex>
      </form>
    </Modal>
  );
}
