import { Modal } from '../../../components/Modal.tsx';
import { t } from '../../../i18n/index.ts';
import type { Ticket } from '../api/types.ts';
import { MessagesList } from './MessagesList.tsx';

/** core §2 / §6: the admin's read-only peek at a conversation. */
export function TicketPeekModal({ ticket, onClose }: { ticket: Ticket; onClose(): void }) {
  const name = ticket.contact?.name || ticket.contact?.number || `#${ticket.id}`;
  return (
    <Modal open title={t('tickets.peekTitle', { name })} onClose={onClose} size="large" className="ticket-peek">
      <div className="ticket-peek__messages">
        <MessagesList ticketId={ticket.id} closed={ticket.status === 'closed'} />
      </div>
    </Modal>
  );
}
