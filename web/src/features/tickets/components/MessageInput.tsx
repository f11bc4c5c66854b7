import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { messageInputMaxRows } from '@atende/shared/constants';
import { useAuth } from '../../../app/providers/auth/index.ts';
import { CloseIcon } from '../../../components/icons/icons.tsx';
import { t } from '../../../i18n/index.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useSendMessage } from '../api/send-message.ts';
import type { Message } from '../api/types.ts';
import { useQuickMessageOptions } from '../../quick-messages/api/get-quick-messages.ts';
import { matchQuickReplies, type QuickReplyOption } from '../../quick-messages/quick-reply.ts';
import { isSendable, signBody } from '../message-rules.ts';
import { ReplyIcon, SendIcon } from './icons.tsx';

interface MessageInputProps {
  ticketId: number;
  replyTo: Message | undefined;
  onCancelReply(): void;
}

/**
 * The message input (core §2): grows to at most 5 rows; Enter sends, Shift+Enter breaks the line;
 * empty messages are never sent; signing is on by default and prefixes the user's name in bold.
 * Typing / and more than one character offers the matching quick replies (arrows, Enter or Tab,
 * or a click choose one and it fills the input; Escape hides them).
 */
export function MessageInput({ ticketId, replyTo, onCancelReply }: MessageInputProps) {
  const { user } = useAuth();
  const [body, setBody] = useState('');
  const [sign, setSign] = useState(true);
  const send = useSendMessage(ticketId);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const rows = Math.min(messageInputMaxRows, Math.max(1, body.split('\n').length));
  // The quick replies are fetched the first time the input starts with "/".
  const quickOptions = useQuickMessageOptions(user?.companyId, user?.id, body.startsWith('/'));
  const suggestions = useMemo(() => matchQuickReplies(body, quickOptions.data ?? []), [body, quickOptions.data]);
  const [highlight, setHighlight] = useState(0);
  const [dismissedFor, setDismissedFor] = useState<string | undefined>(undefined);
  const showSuggestions = suggestions.length > 0 && dismissedFor !== body;
  const active = Math.min(highlight, suggestions.length - 1);

  const changeBody = (value: string) => {
    setBody(value);
    setHighlight(0);
  };

  const choose = (option: QuickReplyOption) => {
    changeBody(option.message);
    setDismissedFor(option.message);
    inputRef.current?.focus();
  };

  async function submit() {
    if (!isSendable(body) || send.isPending) return;
    const text = body;
    const quoted = replyTo;
    setBody('');
    onCancelReply();
    try {
      await send.mutateAsync({
        body: signBody(text.trim(), user?.name ?? '', sign),
        ...(quoted ? { quotedMsg: { id: quoted.id } } : {}),
      });
    } catch (error) {
      setBody(text);
      toastError(error);
    } finally {
      inputRef.current?.focus();
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (showSuggestions && !event.nativeEvent.isComposing) {
      const chosen = suggestions[active];
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setHighlight((active + step + suggestions.length) % suggestions.length);
        return;
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey && chosen) {
        event.preventDefault();
        choose(chosen);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissedFor(body);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <div className="message-input">
      {replyTo && (
        <div className="message-input__reply">
          <ReplyIcon size={16} />
          <div className="message-input__reply-text">
            <strong>{t('tickets.input.replyingTo')}</strong>
            <span>{replyTo.body || t('tickets.messages.quotedUnknown')}</span>
          </div>
          <Button variation="link" size="small" className="icon-button" ariaLabel={t('tickets.input.cancelReply')} onClick={onCancelReply}>
            <CloseIcon size={16} />
          </Button>
        </div>
      )}
      {showSuggestions && (
        <ul className="quick-replies" role="listbox" id={listId} aria-label={t('tickets.quickReplies.label')} data-testid="quick-replies">
          {suggestions.map((option, index) => (
            <li
              key={option.id}
              id={`${listId}-${option.id}`}
              role="option"
              aria-selected={index === active}
              className="quick-replies__item"
              title={option.message}
              // Keep the focus in the input: choose on mouse down, before it would blur.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(option);
              }}
              onMouseEnter={() => setHighlight(index)}
            >
              {option.label}
            </li>
          ))}
        </ul>
      )}
      <div className="message-input__row">
        <label className="message-input__sign" title={t('tickets.input.sign')}>
          <input type="checkbox" role="switch" checked={sign} onChange={(event) => setSign(event.target.checked)} />
          <span className="message-input__sign-track" aria-hidden="true" />
          <span className="message-input__sign-label">{t('tickets.input.sign')}</span>
        </label>
        <textarea
          ref={inputRef}
          className="message-input__field"
          aria-label={t('tickets.input.label')}
          placeholder={t('tickets.input.placeholder')}
          rows={rows}
          value={body}
          aria-autocomplete="list"
          aria-controls={showSuggestions ? listId : undefined}
          aria-activedescendant={showSuggestions && suggestions[active] ? `${listId}-${suggestions[active].id}` : undefined}
          onChange={(event) => changeBody(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button
          variation="primary"
          className="message-input__send"
          ariaLabel={t('tickets.input.send')}
          title={t('tickets.input.send')}
          isDisabled={!isSendable(body)}
          isLoading={send.isPending}
          onClick={() => void submit()}
        >
          <SendIcon size={18} />
        </Button>
      </div>
    </div>
  );
}
