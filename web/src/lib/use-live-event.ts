import { useEffect, useRef } from 'react';
import { liveSocket, type LiveEventHandler } from './live-socket.ts';

/**
 * Runs `handler` for every live event named `event` while the component is mounted. The latest
 * handler is always used, so callers need not memoise it.
 */
export function useLiveEvent(event: string | undefined, handler: LiveEventHandler): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!event) return;
    return liveSocket.on(event, (data) => latest.current(data));
  }, [event]);
}
