import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { messageInputMaxRows } from '@atende/shared/constants';
import { useAuth } from '../../../app/providers/auth/index.ts';
import { CloseIcon } from '../../../components/icons/feature-icons.tsx';
import { WhatsAppText } from '../../../components/WhatsAppText.tsx';
import { formatNumber, t } from '../../../i18n/index.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useSendMedia } from '../api/send-media.ts';
import { useSendMessage } from '../api/send-message.ts';
import type { Message } from '../api/types.ts';
import { useQuickMessageOptions } from '../../quick-messages/api/get-quick-messages.ts';
import { matchQuickReplies, type QuickReplyOption } from '../../quick-messages/quick-reply.ts';
import { messageLength } from '../message-length.ts';
import { isSendable, signBody } from '../message-rules.ts';
import { shortcutById, shortcutMatches } from '../keyboard/shortcuts.ts';
import { useShortcut } from '../keyboard/use-shortcuts.tsx';
import { AttachmentList, AttachmentPicker } from './AttachmentPicker.tsx';
import { AudioRecorder } from './AudioRecorder.tsx';
import { MicIcon, ReplyIcon, SendIcon } from './icons.tsx';
import './message-input-extras.css';

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
 * The paperclip adds files (sent one after another, the text as the first one's caption); with
 * nothing typed or attached the send button is a microphone that records a voice note.
 */
export function MessageInput({ ticketId, replyTo, onCancelReply }: MessageInputProps) {
  const { user } = useAuth();
  const [body, setBody] = useState('');
  const [sign, setSign] = useState(true);
  const send = useSendMessage(ticketId);
  const sendMedia = useSendMedia(ticketId);
  const [files, setFiles] = useState<File[]>([]);
  // A chosen quick reply with a file (core §3 mediaPath): the file goes with the text.
  const [quickFile, setQuickFile] = useState<{ id: number; name: string } | undefined>(undefined);
  const [recording, setRecording] = useState(false);
  const [progress, setProgress] = useState<{ current: number; total: number } | undefined>(undefined);
  const busy = send.isPending || progress !== undefined;
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const rows = Math.min(messageInputMaxRows, Math.max(1, body.split('\n').length));
  // Counted as it will be sent, so a long text learns the limit before the API refuses it.
  const length = messageLength(signBody(body.trim(), user?.name ?? '', sign));
  // The quick replies are fetched the first time the input starts with "/".
  const quickOptions = useQuickMessageOptions(user?.companyId, user?.id, body.startsWith('/'));
  const suggestions = useMemo(
    () => matchQuickReplies(body, quickOptions.data ?? []),
    [body, quickOptions.data],
  );
  const [highlight, setHighlight] = useState(0);
  const [dismissedFor, setDismissedFor] = useState<string | undefined>(undefined);
  const showSuggestions = suggestions.length > 0 && dismissedFor !== body;
  const active = Math.min(highlight, suggestions.length - 1);

  const changeBody = (value: string) => {
    setBody(value);
    setHighlight(0);
  };

  // Keyboard (issue #30): Enter or / come into the box; \ or Ctrl+/ start a quick reply ("/" typed,
  // the shortcode next); u or Ctrl+U open the file chooser. While recording there is no box.
  useShortcut('reply', () => {
    if (recording) return false;
    inputRef.current?.focus();
  });
  useShortcut('quickReplies', () => {
    if (recording) return false;
    if (!body.trim()) changeBody('/');
    inputRef.current?.focus();
  });
  useShortcut('attach', () => {
    if (recording) return false;
    fileInputRef.current?.click();
  });

  const choose = (option: QuickReplyOption) => {
    changeBody(option.message);
    setQuickFile(
      option.mediaPath ? { id: option.id, name: option.mediaName || option.shortcode } : undefined,
    );
    setDismissedFor(option.message);
    inputRef.current?.focus();
  };

  /** Sends the files one after another; what fails stays chosen, with the caption if it was not sent. */
  async function sendFiles(list: readonly File[], caption: string, quoted: Message | undefined) {
    let captionSent = false;
    try {
      for (const [index, file] of list.entries()) {
        setProgress({ current: index + 1, total: list.length });
        await sendMedia.mutateAsync({
          file,
          fileName: file.name,
          body: captionSent ? '' : caption,
          ...(quoted && !captionSent ? { quotedMsg: { id: quoted.id } } : {}),
        });
        captionSent = true;
        setFiles((current) => current.filter((item) => item !== file));
      }
      return true;
    } catch (error) {
      toastError(error);
      return captionSent;
    } finally {
      setProgress(undefined);
    }
  }

  async function submit() {
    if (busy || length.over || (!isSendable(body) && files.length === 0 && !quickFile)) return;
    const text = body;
    const quoted = replyTo;
    const quick = quickFile;
    setBody('');
    setQuickFile(undefined);
    onCancelReply();
    try {
      if (quick) {
        // The quick reply's file with the text as its caption; attached files follow without one.
        await send.mutateAsync({
          body: isSendable(text) ? signBody(text.trim(), user?.name ?? '', sign) : '',
          quickMessageId: quick.id,
          ...(quoted ? { quotedMsg: { id: quoted.id } } : {}),
        });
        if (files.length > 0) await sendFiles(files, '', undefined);
        return;
      }
      if (files.length > 0) {
        const caption = isSendable(text) ? signBody(text.trim(), user?.name ?? '', sign) : '';
        if (!(await sendFiles(files, caption, quoted))) setBody(text);
        return;
      }
      await send.mutateAsync({
        body: signBody(text.trim(), user?.name ?? '', sign),
        ...(quoted ? { quotedMsg: { id: quoted.id } } : {}),
      });
    } catch (error) {
      setBody(text);
      setQuickFile(quick);
      toastError(error);
    } finally {
      inputRef.current?.focus();
    }
  }

  /** A finished voice note goes like an attachment without caption, quoting what is being answered. */
  async function sendRecording(file: File) {
    const quoted = replyTo;
    onCancelReply();
    await sendFiles([file], '', quoted);
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
    if (event.nativeEvent.isComposing) return;
    if (shortcutMatches(shortcutById('send'), event)) {
      event.preventDefault();
      void submit();
    } else if (shortcutMatches(shortcutById('leaveReply'), event)) {
      // Esc gives the keyboard back to the page's shortcuts (issue #30).
      event.preventDefault();
      inputRef.current?.blur();
    }
  };

  return (
    <div className="message-input">
      {replyTo && (
        <div className="message-input__reply">
          <ReplyIcon size={16} />
          <div className="message-input__reply-text">
            <strong>{t('tickets.input.replyingTo')}</strong>
            <span>
              {replyTo.body ? <WhatsAppText text={replyTo.body} /> : t('tickets.messages.quotedUnknown')}
            </span>
          </div>
          <Button
            variation="link"
            size="small"
            className="icon-button"
            ariaLabel={t('tickets.input.cancelReply')}
            onClick={onCancelReply}
          >
            <CloseIcon size={16} />
          </Button>
        </div>
      )}
      {showSuggestions && (
        <ul
          className="quick-replies"
          role="listbox"
          id={listId}
          aria-label={t('tickets.quickReplies.label')}
          data-testid="quick-replies"
        >
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
      {quickFile && (
        <ul className="attachment-list" aria-label={t('tickets.attach.list')} data-testid="quick-reply-file">
          <li className="attachment-list__item">
            <span className="attachment-list__name" title={quickFile.name}>
              {quickFile.name}
            </span>
            <Button
              variation="link"
              size="small"
              className="icon-button"
              ariaLabel={t('tickets.attach.remove', { name: quickFile.name })}
              isDisabled={busy}
              onClick={() => setQuickFile(undefined)}
            >
              <CloseIcon size={14} />
            </Button>
          </li>
        </ul>
      )}
      <AttachmentList
        files={files}
        disabled={busy}
        onRemove={(index) => setFiles((current) => current.filter((_, at) => at !== index))}
      />
      {progress && (
        <div className="message-input__progress" role="status">
          {t('tickets.attach.sending', { current: progress.current, total: progress.total })}
        </div>
      )}
      {length.near && !recording && (
        <div
          className={
            length.over ? 'message-input__counter message-input__counter--over' : 'message-input__counter'
          }
          data-testid="message-counter"
          aria-live="polite"
        >
          {t('tickets.input.counter', {
            count: formatNumber(length.count),
            max: formatNumber(length.max),
          })}
          {length.over && (
            <span> · {t('tickets.input.tooLong', { max: formatNumber(length.max) })}</span>
          )}
        </div>
      )}
      {recording ? (
        <div className="message-input__row">
          <AudioRecorder onRecorded={sendRecording} onClose={() => setRecording(false)} />
        </div>
      ) : (
        <div className="message-input__row">
          <label className="message-input__sign" title={t('tickets.input.sign')}>
            <input
              type="checkbox"
              role="switch"
              checked={sign}
              onChange={(event) => setSign(event.target.checked)}
            />
            <span className="message-input__sign-track" aria-hidden="true" />
            <span className="message-input__sign-label">{t('tickets.input.sign')}</span>
          </label>
          <AttachmentPicker
            fileInputRef={fileInputRef}
            disabled={busy}
            onPick={(picked) => setFiles((current) => [...current, ...picked])}
          />
          <textarea
            ref={inputRef}
            className="message-input__field"
            aria-label={t('tickets.input.label')}
            placeholder={
              files.length > 0 ? t('tickets.attach.captionPlaceholder') : t('tickets.input.placeholder')
            }
            rows={rows}
            value={body}
            aria-autocomplete="list"
            aria-controls={showSuggestions ? listId : undefined}
            aria-activedescendant={
              showSuggestions && suggestions[active] ? `${listId}-${suggestions[active].id}` : undefined
            }
            onChange={(event) => changeBody(event.target.value)}
            onKeyDown={onKeyDown}
          />
          {isSendable(body) || files.length > 0 || quickFile ? (
            <Button
              variation="primary"
              className="message-input__send"
              ariaLabel={t('tickets.input.send')}
              title={t('tickets.input.send')}
              isLoading={busy}
              isDisabled={length.over}
              onClick={() => void submit()}
            >
              <SendIcon size={18} />
            </Button>
          ) : (
            <Button
              variation="primary"
              className="message-input__send"
              ariaLabel={t('tickets.audio.record')}
              title={t('tickets.audio.record')}
              isDisabled={busy}
              onClick={() => setRecording(true)}
            >
              <MicIcon size={18} />
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
