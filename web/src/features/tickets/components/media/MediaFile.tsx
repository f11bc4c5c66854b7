import { DownloadIcon } from '../../../../components/icons/feature-icons.tsx';
import { t } from '../../../../i18n/index.ts';
import type { Message } from '../../api/types.ts';
import { fileKind, formatBytes } from '../../media-rules.ts';
import { FileIcon } from '../icons.tsx';
import { downloadMedium } from './start-download.ts';
import { IconButton } from '../../../../components/IconButton.tsx';

/** A document (or any file not shown inline): its name, type and size, and a download button. */
export function MediaFile({ message, name }: { message: Message; name: string }) {
  const details = [
    fileKind(message.mediaName, message.mimetype),
    message.mediaSize ? formatBytes(message.mediaSize) : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="msg-media msg-media--application" data-testid="media-file">
      <span className="msg-media__icon">
        <FileIcon size={22} />
      </span>
      <span className="msg-media__text">
        <span className="msg-media__name" title={name}>
          {name}
        </span>
        {details && <small className="msg-media__details">{details}</small>}
      </span>
      {(message.mediaUrl || message.hasMedia) && (
        <IconButton
          label={`${t('tickets.messages.download')}: ${name}`}
          title={t('tickets.messages.download')}
          className="msg-media__download"
          onClick={() => void downloadMedium(message.id, name)}
        >
          <DownloadIcon size={18} />
        </IconButton>
      )}
    </div>
  );
}
