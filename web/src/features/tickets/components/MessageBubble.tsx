import { WhatsAppText } from '../../../components/WhatsAppText.tsx';
import { t } from '../../../i18n/index.ts';
import type { Message } from '../api/types.ts';
import { ackLook } from '../message-rules.ts';
import { formatTime } from '../ticket-format.ts';
import { AlertCircleIcon, ClockDotIcon, DoubleTickIcon, PhoneMissedIcon, ReplyIcon, TickIcon } from './icons.tsx';
import { MessageMedia } from './media/MessageMedia.tsx';
import { MessageOptionsMenu } from './MessageOptionsMenu.tsx';

/**
 * A chatbot menu sent as a WhatsApp list or buttons: under its numbered text, the rows as the
 * customer's phone shows them (docs/chatbot.md, "Menus as lists and buttons").
 */
function MenuCard({ menu }: { menu: NonNullable<Message['menu']> }) {
  return (
    <div className={`msg__menu msg__menu--${menu.type}`} data-menu-type={menu.type}>
      <span className="msg__menu-kind">
        {menu.type === 'list' ? t('tickets.messages.menu.list') : t('tickets.messages.menu.buttons')}
        {menu.title ? ` · ${menu.title}` : ''}
      </span>
      <ul className="msg__menu-rows" aria-label={t('tickets.messages.menu.options')}>
        {menu.rows.map((row) => (
          <li key={row.id} className="msg__menu-row" data-row-id={row.id}>
            {row.title}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Ack({ ack }: { ack: number }) {
  const look = ackLook(ack);
  const label =
    look.ticks === 0
      ? t('tickets.messages.ack.pending')
      : look.read
        ? t('tickets.messages.ack.read')
        : look.ticks === 2
          ? t('tickets.messages.ack.delivered')
          : t('tickets.messages.ack.sent');
  return (
    <span className={`msg__ack${look.read ? ' msg__ack--read' : ''}`} role="img" aria-label={label} title={label} data-ack={ack}>
      {look.ticks === 0 ? <ClockDotIcon size={14} /> : look.ticks === 1 ? <TickIcon size={15} /> : <DoubleTickIcon size={16} />}
    </span>
  );
}

/** The earlier texts of an edited message, for the "Editado" label's tooltip. */
function editedTitle(message: Message): string | undefined {
  const history = message.editHistory ?? [];
  if (history.length === 0) return undefined;
  const lines = history.map((entry) => `${formatTime(entry.at)} · ${entry.body}`);
  return [t('tickets.messages.editHistory'), ...lines].join('\n');
}

interface MessageBubbleProps {
  message: Message;
  quoted: Message | undefined;
  onReply?(message: Message): void;
  /** The chat offers "Borrar" on the business's own messages (not in the read-only peek). */
  canDelete?: boolean;
}

/** One message: own messages on the right with ticks, the contact's on the left (core §2). */
export function MessageBubble({ message, quoted, onReply, canDelete = false }: MessageBubbleProps) {
  const side = message.fromMe ? 'msg--me' : 'msg--them';
  if (message.mediaType === 'call_log') {
    return (
      <div className="msg-row msg-row--center" data-message-id={message.id}>
        <div className="msg-card msg-card--call">
          <PhoneMissedIcon size={20} />
          <div>
            <strong>{t('tickets.messages.missedCall')}</strong>
            <span>{message.body || t('tickets.messages.missedCallHint')}</span>
          </div>
          <time>{formatTime(message.createdAt)}</time>
        </div>
      </div>
    );
  }
  // A location's and a vCard's body is their data, which their card shows.
  const bodyIsCard = message.mediaType === 'locationMessage' || message.mediaType === 'vcard';
  const showBody = !message.isDeleted && !bodyIsCard && message.body && !(message.mediaType && message.body === message.mediaName);
  return (
    <div className={`msg-row ${message.fromMe ? 'msg-row--me' : 'msg-row--them'}`} data-message-id={message.id}>
      <div className={`msg ${side}${message.isDeleted ? ' msg--deleted' : ''}${message.error ? ' msg--error' : ''}`}>
        {message.quotedMsgId && (
          <div className={`msg__quote${quoted?.fromMe ? ' msg__quote--me' : ''}`}>
            <span className="msg__quote-author">
              {quoted ? (quoted.fromMe ? t('tickets.messages.you') : t('tickets.messages.quotedUnknown')) : t('tickets.messages.quotedUnknown')}
            </span>
            <span className="msg__quote-body">
              {quoted ? (
                quoted.body ? (
                  <WhatsAppText text={quoted.body} />
                ) : quoted.mediaType ? (
                  t('tickets.messages.media.application')
                ) : (
                  ''
                )
              ) : (
                '…'
              )}
            </span>
          </div>
        )}
        {!message.isDeleted && <MessageMedia message={message} />}
        {message.isDeleted ? (
          <span className="msg__body msg__body--deleted">{t('tickets.messages.deleted')}</span>
        ) : (
          showBody && <span className="msg__body"><WhatsAppText text={message.body} /></span>
        )}
        {!message.isDeleted && message.menu && <MenuCard menu={message.menu} />}
        <span className="msg__meta">
          {message.isEdited && !message.isDeleted && (
            <span className="msg__edited" title={editedTitle(message)}>
              {t('tickets.messages.edited')}
            </span>
          )}
          {message.fromApi && (
            <span className="msg__edited msg__api" title={t('tickets.messages.fromApiHint')}>
              {t('tickets.messages.fromApi')}
            </span>
          )}
          <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
          {message.fromMe && !message.error && <Ack ack={message.ack} />}
          {message.error && (
            <span className="msg__error" role="img" aria-label={t('tickets.messages.error')} title={t('tickets.messages.error')}>
              <AlertCircleIcon size={15} />
            </span>
          )}
        </span>
        {canDelete && message.fromMe && !message.isDeleted && <MessageOptionsMenu message={message} />}
        {onReply && !message.isDeleted && (
          <button
            type="button"
            className="msg__reply"
            aria-label={t('tickets.messages.reply')}
            title={t('tickets.messages.reply')}
            onClick={() => onReply(message)}
          >
            <ReplyIcon size={15} />
          </button>
        )}
      </div>
    </div>
  );
}
