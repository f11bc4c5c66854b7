import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Loader } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../app/providers/auth/index.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { CheckCircleIcon, ContactInfoIcon, TrashIcon } from '../../../components/icons/feature-icons.tsx';
import { t, type MessageKey } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { mergeNewer } from '../../../lib/merge-newer.ts';
import { toast } from '../../../lib/toast.ts';
import { actsAsAdmin } from '../../../lib/screen-access.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useDeleteTicket } from '../api/delete-ticket.ts';
import { useTicket } from '../api/get-ticket.ts';
import { ticketsQueryKeys } from '../api/tickets-query-keys.ts';
import type { Message, Ticket, TicketUpdate } from '../api/types.ts';
import { useUpdateTicket } from '../api/update-ticket.ts';
import { actionsFor, staysOnTicket, statusChangeFor, type TicketAction } from '../ticket-actions.ts';
import { useLiveMessages } from '../use-live-tickets.ts';
import { useReadWhileOpen } from '../use-read-while-open.ts';
import { useShortcut } from '../keyboard/use-shortcuts.tsx';
import { ContactAvatar } from './ContactAvatar.tsx';
import type { TicketTag } from '../ticket-tags.ts';
import { ContactDrawer } from './ContactDrawer.tsx';
import { ArrowLeftIcon, SwapIcon, UndoIcon } from './icons.tsx';
import { MessageInput } from './MessageInput.tsx';
import { MessagesList } from './MessagesList.tsx';
import { TicketTagsEditor } from './TicketTagsEditor.tsx';
import { TransferTicketModal } from './TransferTicketModal.tsx';
import { ScheduleButton } from '../../schedules/components/ScheduleButton.tsx';

interface TicketChatProps {
  idOrUuid: string;
  /** Narrow screens: back to the list tab. */
  onBack?(): void;
}

/**
 * The open chat (core §2): header with the actions for the status, the tag editor, messages and
 * the input; the contact drawer (320 px) opens at the right from the header.
 */
export function TicketChat({ idOrUuid, onBack }: TicketChatProps) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ticketQuery = useTicket(idOrUuid);
  const ticket = ticketQuery.data;
  const updateTicket = useUpdateTicket();
  const deleteTicket = useDeleteTicket();
  const [replyTo, setReplyTo] = useState<Message | undefined>(undefined);
  const [transferOpen, setTransferOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  useLiveMessages(ticket?.id, ticket?.lastMessageAt);
  useReadWhileOpen(ticket?.id, ticket?.unreadMessages);

  // Keyboard (issue #30): a, r, t and q do what the header's buttons do, and only what the header
  // offers this user for this ticket; otherwise they say why (accept passes on to the list).
  const keyAction = (action: 'accept' | 'resolve' | 'transfer' | 'return'): boolean => {
    if (!ticket) return false;
    const me = user?.id ?? 0;
    const offered = actionsFor(ticket.status, user?.profile, ticket.userId !== me && !actsAsAdmin(user));
    if (!offered.includes(action)) {
      if (action === 'accept') return false;
      toast.info(t('keyboard.notAvailable', { action: t(`tickets.actions.${action}`) }));
      return true;
    }
    if (updateTicket.isPending) return true;
    if (action === 'transfer') setTransferOpen(true);
    else void change(ticket, statusChangeFor(action, me));
    return true;
  };
  useShortcut('accept', () => keyAction('accept'));
  useShortcut('resolve', () => keyAction('resolve'));
  useShortcut('transfer', () => keyAction('transfer'));
  useShortcut('return', () => keyAction('return'));
  // The reply box's keys reach here only when the chat has no box (pending or closed).
  const noReplyBox = () => {
    if (!ticket) return false;
    toast.info(t('keyboard.noReplyBox'));
  };
  useShortcut('reply', noReplyBox, -1);
  useShortcut('quickReplies', noReplyBox, -1);
  useShortcut('attach', noReplyBox, -1);

  // core §6: a non-admin outside the ticket's queues is refused and sent back to the list.
  const { isError, error } = ticketQuery;
  useEffect(() => {
    if (!isError) return;
    if (error instanceof ApiError && (error.status === 403 || error.code === 'ERR_NO_PERMISSION')) {
      toast.error(t('tickets.accessDenied'));
    } else {
      toastError(error);
    }
    void navigate('/tickets', { replace: true });
  }, [isError, error, navigate]);

  if (!ticket) {
    return (
      <div className="ticket-chat ticket-chat--loading">
        <Loader size="large" />
      </div>
    );
  }

  async function change(current: Ticket, update: TicketUpdate) {
    try {
      const updated = await updateTicket.mutateAsync({ id: current.id, update });
      if (updated && typeof updated === 'object' && updated.id === current.id) {
        // Not over a newer version a live event brought while the PUT was answered.
        queryClient.setQueryData<Ticket>(ticketsQueryKeys.detail(idOrUuid), (shown) =>
          shown && shown.id === updated.id ? mergeNewer(shown, updated) : updated,
        );
      }
      if (!staysOnTicket(update)) void navigate('/tickets');
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'ERR_TICKET_CONFLICT') {
        toast.warning(t('tickets.conflict'));
        void ticketQuery.refetch();
      } else {
        toastError(failure);
      }
    }
  }

  async function remove(current: Ticket) {
    try {
      await deleteTicket.mutateAsync(current.id);
      toast.success(t('tickets.deleted'));
      setConfirmDelete(false);
      queryClient.removeQueries({ queryKey: ticketsQueryKeys.detail(idOrUuid) });
      void navigate('/tickets');
    } catch (failure) {
      setConfirmDelete(false);
      toastError(failure);
    }
  }

  const me = user?.id ?? 0;
  const busy = updateTicket.isPending;
  const run = (action: TicketAction) => {
    switch (action) {
      case 'transfer':
        setTransferOpen(true);
        return;
      case 'delete':
        setConfirmDelete(true);
        return;
      default:
        void change(ticket, statusChangeFor(action, me));
    }
  };
  const actionIcon: Partial<Record<TicketAction, React.ReactNode>> = {
    return: <UndoIcon size={16} />,
    resolve: <CheckCircleIcon size={16} />,
    transfer: <SwapIcon size={16} />,
    delete: <TrashIcon size={16} />,
  };
  const primary = (action: TicketAction) =>
    action === 'accept' || action === 'resolve' || action === 'reopen';
  const name = ticket.contact?.name || ticket.contact?.number || `#${ticket.id}`;
  const setTags = (tags: TicketTag[]) =>
    queryClient.setQueryData<Ticket>(ticketsQueryKeys.detail(idOrUuid), (current) =>
      current ? { ...current, tags } : current,
    );

  return (
    <div className={`ticket-chat-shell${drawerOpen ? ' ticket-chat-shell--drawer' : ''}`}>
      <div className="ticket-chat" data-ticket-id={ticket.id} data-status={ticket.status}>
        <header className="ticket-chat__header">
          {onBack && (
            <Button
              variation="link"
              size="small"
              className="icon-button"
              ariaLabel={t('tickets.back')}
              onClick={onBack}
            >
              <ArrowLeftIcon />
            </Button>
          )}
          {/* The picture and the name also open the drawer; the labelled toggle is in the actions. */}
          <button
            type="button"
            className="ticket-chat__contact"
            tabIndex={-1}
            aria-hidden="true"
            title={t('tickets.drawer.toggle')}
            onClick={() => setDrawerOpen((open) => !open)}
          >
            <ContactAvatar name={name} url={ticket.contact?.profilePicUrl} size={40} />
          </button>
          <div className="ticket-chat__who">
            <button
              type="button"
              className="ticket-chat__name"
              title={t('tickets.drawer.toggle')}
              aria-expanded={drawerOpen}
              onClick={() => setDrawerOpen((open) => !open)}
            >
              {name}
            </button>
            <span className="ticket-chat__sub">
              <span className={`ticket-status ticket-status--${ticket.status}`}>
                {t(`tickets.status.${ticket.status}` as MessageKey)}
              </span>
              {ticket.user?.name && <span>{t('tickets.assignedTo', { name: ticket.user.name })}</span>}
              {ticket.queue?.name && (
                <span className="ticket-chat__queue">
                  <span className="queue-dot" style={{ backgroundColor: ticket.queue.color }} />
                  {ticket.queue.name}
                </span>
              )}
            </span>
          </div>
          <div className="ticket-chat__actions">
            {actionsFor(
              ticket.status,
              user?.profile,
              ticket.userId !== me && !actsAsAdmin(user),
            ).map((action) => (
              <Button
                key={action}
                size="small"
                gap="xxs"
                variation={primary(action) ? 'primary' : action === 'delete' ? 'link' : undefined}
                className={action === 'delete' ? 'icon-button icon-button--danger' : undefined}
                isDisabled={busy}
                isLoading={busy && primary(action)}
                onClick={() => run(action)}
                ariaLabel={action === 'delete' ? t('tickets.actions.delete') : undefined}
                title={action === 'delete' ? t('tickets.actions.delete') : undefined}
              >
                {actionIcon[action]}
                {action !== 'delete' && t(`tickets.actions.${action}` as MessageKey)}
              </Button>
            ))}
          </div>
          <ScheduleButton contact={ticket.contact ? { id: ticket.contact.id, name: ticket.contact.name, number: ticket.contact.number } : undefined} />
          <Button
            variation="link"
            size="small"
            className={`icon-button ticket-chat__drawer-toggle${drawerOpen ? ' ticket-chat__drawer-toggle--on' : ''}`}
            ariaLabel={t('tickets.drawer.toggle')}
            title={t('tickets.drawer.toggle')}
            aria-pressed={drawerOpen}
            onClick={() => setDrawerOpen((open) => !open)}
          >
            <ContactInfoIcon size={18} />
          </Button>
        </header>
        <TicketTagsEditor ticket={ticket} onChange={setTags} />
        <MessagesList
          ticketId={ticket.id}
          closed={ticket.status === 'closed'}
          onReply={ticket.status === 'open' ? setReplyTo : undefined}
          canDelete
        />
        {ticket.status === 'open' ? (
          <MessageInput ticketId={ticket.id} replyTo={replyTo} onCancelReply={() => setReplyTo(undefined)} />
        ) : (
          <div className="ticket-chat__hint">
            {ticket.status === 'pending' ? t('tickets.pendingHint') : t('tickets.closedHint')}
          </div>
        )}
        {transferOpen && (
          <TransferTicketModal
            ticket={ticket}
            onClose={() => setTransferOpen(false)}
            onTransfer={async (update) => {
              await change(ticket, update);
              setTransferOpen(false);
            }}
          />
        )}
        <ConfirmDialog
          open={confirmDelete}
          title={t('tickets.deleteTitle')}
          message={t('tickets.deleteMessage')}
          isLoading={deleteTicket.isPending}
          onConfirm={() => void remove(ticket)}
          onClose={() => setConfirmDelete(false)}
        />
      </div>
      {drawerOpen && <ContactDrawer ticket={ticket} onClose={() => setDrawerOpen(false)} />}
    </div>
  );
}
