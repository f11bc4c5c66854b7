import { useState } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { Modal } from '../../../../components/Modal.tsx';
import { DownloadIcon } from '../../../../components/icons/feature-icons.tsx';
import { t } from '../../../../i18n/index.ts';
import type { Message } from '../../api/types.ts';
import { downloadMedium } from './start-download.ts';

interface MediaViewerProps {
  message: Message;
  url: string;
  name: string;
  onClose(): void;
}

/** An image large, fitted to the screen; zoom shows it at full size (scrollable), download saves it. */
export function MediaViewer({ message, url, name, onClose }: MediaViewerProps) {
  const [zoomed, setZoomed] = useState(false);
  const zoomLabel = zoomed ? t('tickets.media.zoomOut') : t('tickets.media.zoomIn');
  return (
    <Modal
      open
      size="large"
      title={name}
      onClose={onClose}
      className="media-viewer"
      footer={
        <>
          <Button onClick={() => setZoomed((value) => !value)} aria-pressed={zoomed}>
            {zoomLabel}
          </Button>
          <Button onClick={() => void downloadMedium(message.id, name)}>
            <DownloadIcon size={16} /> {t('tickets.messages.download')}
          </Button>
        </>
      }
    >
      <div
        className={`media-viewer__stage${zoomed ? ' media-viewer__stage--zoomed' : ''}`}
        data-testid="media-viewer"
      >
        <img src={url} alt={name} title={zoomLabel} onClick={() => setZoomed((value) => !value)} />
      </div>
    </Modal>
  );
}
