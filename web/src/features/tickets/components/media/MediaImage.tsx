import { useState } from 'react';
import { t } from '../../../../i18n/index.ts';
import type { Message } from '../../api/types.ts';
import { ImageIcon } from '../icons.tsx';
import { MediaFile } from './MediaFile.tsx';
import { MediaViewer } from './MediaViewer.tsx';
import { useInView } from './use-in-view.ts';
import { useMediaUrl } from './use-media-url.ts';

/** An image or sticker as a thumbnail; a click opens it large in the viewer. */
export function MediaImage({ message, name }: { message: Message; name: string }) {
  const [ref, inView] = useInView<HTMLButtonElement>();
  const source = useMediaUrl(message, inView);
  const [open, setOpen] = useState(false);
  // What cannot be shown here (a format this browser lacks, a broken file) can still be saved.
  if (source.failed) return <MediaFile message={message} name={name} />;
  return (
    <>
      <button
        ref={ref}
        type="button"
        className="msg-image"
        aria-label={t('tickets.media.openImage', { name })}
        onClick={() => setOpen(true)}
      >
        {inView && source.url ? (
          <img key={source.attempt} src={source.url} alt={name} decoding="async" onError={source.onError} />
        ) : (
          <span className="msg-image__placeholder">
            <ImageIcon size={28} />
          </span>
        )}
      </button>
      {open && source.url && (
        <MediaViewer message={message} url={source.url} name={name} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
