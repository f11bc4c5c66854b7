import { useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { messageInputMaxRows } from '@atende/shared/constants';
import { useAuth } from '../../../app/providers/auth/index.ts';
import { CloseIcon } from '../../../components/icons/icons.tsx';
import { t } from '../../../i18n/index.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useSendMessage } from '../api/send-message.ts';
import type { Message } from '../api/types.ts';
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
 */
export function MessageInput({ ticketId, replyTo, onCancelReply }: MessageInputProps) {
  const { user } = useAuth();
  const [body, setBody] = useState('');
  const [sign, setSign] = useState(true);
  const send = useSendMessage(ticketId);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const rows = Math.min(messageInputMaxRows, Math.max(1, body.split('\n').length));

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
          onChange={(event) => setBody(event.target.value)}
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
