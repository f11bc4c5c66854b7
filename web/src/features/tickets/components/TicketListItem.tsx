import { Button } from '@aws-amplify/ui-react';
import { t, tCount } from '../../../i18n/index.ts';
import { textOnColour } from '../../../lib/colour.ts';
import type { Ticket } from '../api/types.ts';
import { formatListTime, missedCallPreview, plainPreview, shortName } from '../ticket-format.ts';
import { highlightParts, searchLineOf } from '../ticket-search.ts';
import { useRunShortcut } from '../keyboard/use-shortcuts.tsx';
import { ContactAvatar } from './ContactAvatar.tsx';
import { BotIcon, EyeIcon, PhoneMissedIcon } from './icons.tsx';
import { IconButton } from '../../../components/IconButton.tsx';

interface TicketListItemProps {
  ticket: Ticket;
  selected: boolean;
  narrow: boolean;
  canPeek: boolean;
  accepting: boolean;
  onOpen(ticket: Ticket): void;
  onAccept(ticket: Ticket): void;
  onPeek(ticket: Ticket): void;
  /**
   * Search words whose matches are marked in the message line (the search tab), which shows the
   * matched older message when the last one does not hold them (searchLineOf).
   */
  highlight?: readonly string[];
}

/** The last-message line, the words a search matched marked. */
function LastMessage({ text, highlight }: { text: string; highlight: readonly string[] | undefined }) {
  if (!text) return <span className="ticket-item__last">{'\u00a0'}</span>;
  const call = missedCallPreview(text);
  if (call !== undefined) {
    return (
      <span className="ticket-item__last ticket-item__last--call" data-testid="ticket-last-call">
        <PhoneMissedIcon size={14} />
        {call}
      </span>
    );
  }
  if (!highlight || highlight.length === 0) return <span className="ticket-item__last">{text}</span>;
  return (
    <span className="ticket-item__last">
      {highlightParts(text, highlight).map((part, index) =>
        part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </span>
  );
}

/**
 * One ticket in the list (core §2): queue colour strip, picture, name, last message, connection,
 * user and queue badges, unread count and time. Pending tickets open only by accepting them.
 */
export function TicketListItem({ ticket, selected, narrow, canPeek, accepting, onOpen, onAccept, onPeek, highlight }: TicketListItemProps) {
  const name = ticket.contact?.name || ticket.contact?.number || `#${ticket.id}`;
  const pending = ticket.status === 'pending';
  // The open chat reads what arrives (useReadWhileOpen): nothing in it is unread for this viewer.
  const unread = selected ? 0 : (ticket.unreadMessages ?? 0);
  const runShortcut = useRunShortcut();
  const open = () => {
    if (!pending) onOpen(ticket);
  };
  return (
    <li
      className={[
        'ticket-item',
        selected && 'ticket-item--selected',
        pending && 'ticket-item--pending',
        unread > 0 && 'ticket-item--unread',
      ]
        .filter(Boolean)
        .join(' ')}
      data-ticket-id={ticket.id}
      data-ticket-uuid={ticket.uuid || undefined}
      data-status={ticket.status}
      data-contact-name={ticket.contact?.name ?? ''}
    >
      <span
        className="ticket-item__strip"
        style={{ backgroundColor: ticket.queue?.color ?? 'var(--amplify-colors-neutral-40)' }}
        title={ticket.queue?.name ?? t('tickets.noQueue')}
      />
      <div
        className="ticket-item__main"
        role={pending ? undefined : 'button'}
        // A pending row is not pressed (it opens by accepting) but j/k may rest on it (issue #30).
        tabIndex={pending ? -1 : 0}
        aria-current={selected ? 'true' : undefined}
        onClick={open}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            // Enter on the ticket already open goes on to its reply box.
            if (selected && event.key === 'Enter') runShortcut('reply');
            else open();
          }
        }}
      >
        <ContactAvatar name={name} url={ticket.contact?.profilePicUrl} size={42} />
        <div className="ticket-item__body">
          <div className="ticket-item__row">
            <span className="ticket-item__name" title={name}>
              {shortName(name, narrow)}
            </span>
            {ticket.chatbot && (
              <span className="ticket-item__bot" title={t('tickets.chatbot')}>
                <BotIcon size={14} />
              </span>
            )}
            <time className="ticket-item__time" dateTime={ticket.lastMessageAt ?? ticket.updatedAt}>
              {formatListTime(ticket.lastMessageAt ?? ticket.updatedAt)}
            </time>
          </div>
          <div className="ticket-item__row">
            <LastMessage
              text={plainPreview(highlight ? searchLineOf(ticket, highlight) : ticket.lastMessage)}
              highlight={highlight}
            />
            {unread > 0 && (
              <span className="ticket-item__unread" aria-label={tCount('tickets.unread', unread)}>
                {unread}
              </span>
            )}
          </div>
          <div className="ticket-item__badges">
            {ticket.whatsapp?.name && <span className="ticket-badge ticket-badge--connection">{ticket.whatsapp.name}</span>}
            {ticket.user?.name && <span className="ticket-badge ticket-badge--user">{ticket.user.name}</span>}
            <span
              className="ticket-badge ticket-badge--queue"
              style={ticket.queue?.color ? { borderColor: ticket.queue.color, color: ticket.queue.color } : undefined}
            >
              {ticket.queue?.name ?? t('tickets.noQueue')}
            </span>
            {(ticket.tags ?? []).map((tag) => (
              <span key={tag.id} className="ticket-badge" style={tag.color ? { backgroundColor: tag.color, color: textOnColour(tag.color) } : undefined}>
                {tag.name}
              </span>
            ))}
          </div>
        </div>
      </div>
      {(pending || canPeek) && (
        <div className="ticket-item__actions">
          {canPeek && (
            <IconButton label={t('tickets.peek', { name })} onClick={() => onPeek(ticket)}>
              <EyeIcon size={18} />
            </IconButton>
          )}
          {pending && (
            <Button size="small" variation="primary" isLoading={accepting} onClick={() => onAccept(ticket)}>
              {t('tickets.actions.accept')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
