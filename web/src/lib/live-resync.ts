import type { QueryClient } from '@tanstack/react-query';
import type { LiveSocketStatus } from './live-socket.ts';

/**
 * Live events reach a socket only once it is open and in its rooms: what changed before then
 * would stay unseen (the page's first reads race the socket's opening; a drop loses whatever was
 * sent while it was down). So each time the socket opens, every query is marked stale: those on
 * screen are read again at once, the others when next shown. Decision 0121.
 */
export function resyncOnOpen(
  socket: { onStatusChange(listener: (status: LiveSocketStatus) => void): () => void },
  queryClient: QueryClient,
): () => void {
  return socket.onStatusChange((status) => {
    if (status === 'open') void queryClient.invalidateQueries();
  });
}
