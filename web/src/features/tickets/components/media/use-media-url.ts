import { useCallback, useEffect, useRef, useState } from 'react';
import type { Message } from '../../api/types.ts';
import { getMediaUrl } from '../../api/get-media-url.ts';

export interface MediaSource {
  /** The signed URL to load, or null while there is none yet. */
  url: string | null;
  /**
   * Counts the URLs fetched: the element takes it as its React key, so it loads again even when
   * the fresh URL is the same string (signed within the same second as the failed one).
   */
  attempt: number;
  /** The medium could not be loaded even with a fresh URL. */
  failed: boolean;
  /** For the element's `error` event: asks the server for a fresh URL, once. */
  onError(): void;
}

/**
 * The signed URL of a message's medium. The list's URL is kept while it works (a refetch signs a
 * new one, which would reload a playing audio); live events bring none, so one is asked for when
 * the medium comes into view (`active`). An expired URL (15 minutes) fails to load: the element's
 * `error` asks for a fresh one and retries once.
 */
export function useMediaUrl(
  message: Pick<Message, 'id' | 'mediaUrl' | 'hasMedia'>,
  active: boolean,
): MediaSource {
  const [{ url, attempt }, setSource] = useState({ url: message.mediaUrl ?? null, attempt: 0 });
  const [failed, setFailed] = useState(false);
  const retried = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const refresh = useCallback(() => {
    getMediaUrl(message.id).then(
      (fresh) => mounted.current && setSource((current) => ({ url: fresh, attempt: current.attempt + 1 })),
      () => mounted.current && setFailed(true),
    );
  }, [message.id]);

  useEffect(() => {
    if (active && !url && !failed && message.hasMedia !== false && !retried.current) {
      retried.current = true;
      refresh();
    }
  }, [active, url, failed, message.hasMedia, refresh]);

  const onError = useCallback(() => {
    if (retried.current) {
      setFailed(true);
      return;
    }
    retried.current = true;
    refresh();
  }, [refresh]);

  return { url, attempt, failed, onError };
}
