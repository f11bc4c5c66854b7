import { useState } from 'react';
import { Button, Flex, SelectField, Text } from '@aws-amplify/ui-react';
import { Modal } from '../../../components/Modal.tsx';
import { t } from '../../../i18n/index.ts';
import { useWhatsapps } from '../../connections/api/get-whatsapps.ts';
import { useQueues } from '../../queues/api/get-queues.ts';
import { useUsersList } from '../api/get-users-list.ts';
import type { Ticket, TicketUpdate } from '../api/types.ts';
import { transferUpdate } from '../ticket-actions.ts';

interface TransferTicketModalProps {
  ticket: Ticket;
  onClose(): void;
  onTransfer(update: TicketUpdate): Promise<void>;
}

const numberOrUndefined = (value: string) => (value ? Number(value) : undefined);

/** core §2 Transfer modal: user, queue and WhatsApp connection. */
export function TransferTicketModal({ ticket, onClose, onTransfer }: TransferTicketModalProps) {
  const users = useUsersList();
  const queues = useQueues();
  const whatsapps = useWhatsapps();
  const [userId, setUserId] = useState('');
  const [queueId, setQueueId] = useState(ticket.queueId ? String(ticket.queueId) : '');
  const [whatsappId, setWhatsappId] = useState('');
  const [saving, setSaving] = useState(false);
  const canSubmit = userId !== '' || queueId !== '';

  async function submit() {
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

  return (
    <Modal
      open
      title={t('tickets.transfer.title')}
      onClose={onClose}
      size="small"
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button variation="primary" isDisabled={!canSubmit} isLoading={saving} onClick={() => void submit()}>
            {t('tickets.transfer.submit')}
          </Button>
        </>
      }
    >
      <Flex direction="column" gap="medium">
        <SelectField label={t('tickets.transfer.user')} value={userId} onChange={(event) => setUserId(event.target.value)}>
          <option value="">{t('tickets.transfer.userPlaceholder')}</option>
          {(users.data ?? []).map((user) => (
            <option key={user.id} value={user.id}>
              {user.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('tickets.transfer.queue')} value={queueId} onChange={(event) => setQueueId(event.target.value)}>
          <option value="">{t('tickets.transfer.queuePlaceholder')}</option>
          {(queues.data ?? []).map((queue) => (
            <option key={queue.id} value={queue.id}>
              {queue.name}
            </option>
          ))}
        </SelectField>
        {queues.isSuccess && (queues.data ?? []).length === 0 && (
          <Text fontSize="small" color="font.tertiary">
            {t('users.modal.noQueues')}
          </Text>
        )}
        <SelectField label={t('tickets.transfer.whatsapp')} value={whatsappId} onChange={(event) => setWhatsappId(event.target.value)}>
          <option value="">{t('tickets.transfer.whatsappKeep')}</option>
          {(whatsapps.data ?? []).map((whatsapp) => (
            <option key={whatsapp.id} value={whatsapp.id}>
              {whatsapp.name}
            </option>
          ))}
        </SelectField>
      </Flex>
    </Modal>
  );
}
