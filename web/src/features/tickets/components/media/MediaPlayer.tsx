import { useState } from 'react';
import { t } from '../../../../i18n/index.ts';
import type { Message } from '../../api/types.ts';
import { formatDuration } from '../../media-rules.ts';
import { MicIcon, VideoIcon } from '../icons.tsx';
import { MediaFile } from './MediaFile.tsx';
import { useInView } from './use-in-view.ts';
import { useMediaUrl } from './use-media-url.ts';

/**
 * A voice note or audio file (WhatsApp's ogg/opus, our mp3 recordings) or a video, with the
 * browser's player. Its source is set only once it scrolls into view, and then only its metadata
 * (duration) is read until it is played.
 */
export function MediaPlayer({
  message,
  name,
  kind,
}: {
  message: Message;
  name: string;
  kind: 'audio' | 'video';
}) {
  const [ref, inView] = useInView<HTMLDivElement>();
  const source = useMediaUrl(message, inView);
  const [duration, setDuration] = useState<string | null>(null);
  const label = t(kind === 'audio' ? 'tickets.media.audioOf' : 'tickets.media.videoOf', { name });
  const Icon = kind === 'audio' ? MicIcon : VideoIcon;
  const ready = inView && source.url && !source.failed;
  // What cannot be played here (a codec this browser lacks, a broken file) can still be saved.
  if (source.failed) return <MediaFile message={message} name={name} />;
  return (
    <div ref={ref} className={`msg-player msg-player--${kind} msg-media--${kind}`}>
      {!ready && (
        <span className="msg-player__placeholder">
          <Icon size={22} /> {name}
        </span>
      )}
      {ready && kind === 'audio' && (
        <audio
          key={source.attempt}
          controls
          preload="metadata"
          src={source.url ?? undefined}
          aria-label={label}
          onError={source.onError}
          onLoadedMetadata={(event) => setDuration(formatDuration(event.currentTarget.duration))}
          onDurationChange={(event) => setDuration(formatDuration(event.currentTarget.duration))}
        />
      )}
      {ready && kind === 'video' && (
        <video
          key={source.attempt}
          controls
          playsInline
          preload="metadata"
          src={source.url ?? undefined}
          aria-label={label}
          onError={source.onError}
          onLoadedMetadata={(event) => setDuration(formatDuration(event.currentTarget.duration))}
        />
      )}
      {duration && (
        <span className="msg-player__duration" data-testid="media-duration">
          {duration}
        </span>
      )}
    </div>
  );
}
