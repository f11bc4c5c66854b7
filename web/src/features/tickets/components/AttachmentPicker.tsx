import { useRef, type RefObject } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { CloseIcon, PaperclipIcon } from '../../../components/icons/feature-icons.tsx';
import { t, type MessageKey } from '../../../i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { attachmentProblem, formatBytes, maxAttachmentText } from '../attachment-rules.ts';
import { FileIcon } from './icons.tsx';
import { IconButton } from '../../../components/IconButton.tsx';

const problemText: Record<NonNullable<ReturnType<typeof attachmentProblem>>, MessageKey> = {
  tooLarge: 'tickets.attach.tooLarge',
  unsupported: 'tickets.attach.unsupported',
  empty: 'tickets.attach.empty',
};

/**
 * The paperclip of the chat input: chooses one or more files. Files the server would refuse
 * (over 7 MB, or not an image, audio, video or document) are turned away here with a message.
 */
export function AttachmentPicker({
  onPick,
  disabled,
  fileInputRef,
}: {
  onPick(files: File[]): void;
  disabled?: boolean;
  /** The hidden file input, for the attach shortcut to open the file chooser (issue #30). */
  fileInputRef?: RefObject<HTMLInputElement | null>;
}) {
  const ownRef = useRef<HTMLInputElement>(null);
  const inputRef = fileInputRef ?? ownRef;

  const picked = (list: FileList | null) => {
    const accepted: File[] = [];
    for (const file of Array.from(list ?? [])) {
      const problem = attachmentProblem(file);
      if (problem) {
        toast.error(
          t(problemText[problem], { name: file.name, size: formatBytes(file.size), max: maxAttachmentText }),
        );
      } else {
        accepted.push(file);
      }
    }
    if (accepted.length > 0) onPick(accepted);
    // The same file may be chosen again after being removed.
    if (inputRef.current) inputRef.current.value = '';
  };

  return (
    <>
      <input
        ref={inputRef}
        type="file"
        multiple
        hidden
        data-testid="attach-input"
        onChange={(event) => picked(event.target.files)}
      />
      <IconButton
        label={t('tickets.attach.choose')}
        className="message-input__attach"
        isDisabled={disabled}
        onClick={() => inputRef.current?.click()}
      >
        <PaperclipIcon size={20} />
      </IconButton>
    </>
  );
}

/** The chosen files waiting to be sent: name and size, each removable. */
export function AttachmentList({
  files,
  onRemove,
  disabled,
}: {
  files: readonly File[];
  onRemove(index: number): void;
  /** While sending, the list stays as it is. */
  disabled?: boolean;
}) {
  if (files.length === 0) return null;
  return (
    <ul className="attachment-list" aria-label={t('tickets.attach.list')} data-testid="attachment-list">
      {files.map((file, index) => (
        <li key={`${file.name}-${file.size}-${file.lastModified}-${index}`} className="attachment-list__item">
          <FileIcon size={16} />
          <span className="attachment-list__name" title={file.name}>
            {file.name}
          </span>
          <span className="attachment-list__size">{formatBytes(file.size)}</span>
          <Button
            variation="link"
            size="small"
            className="icon-button"
            ariaLabel={t('tickets.attach.remove', { name: file.name })}
            isDisabled={disabled}
            onClick={() => onRemove(index)}
          >
            <CloseIcon size={14} />
          </Button>
        </li>
      ))}
    </ul>
  );
}
