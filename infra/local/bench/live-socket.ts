/** The agents' WebSockets, opened as the SPA opens them. */
import WebSocket from 'ws';
import { liveEventsOfFrame } from '@atende/shared/live-events';

export interface LiveSocket {
  socket: WebSocket;
  /** Called with every event the socket receives and the instant it arrived (performance.now()); returns an unsubscribe. */
  onEvent(listener: (event: { event: string; data: Record<string, unknown> }, atMs: number) => void): () => void;
  close(): Promise<void>;
}

/** A WebSocket like the SPA's: token in the query, then the rooms of the inbox. */
export async function openLiveSocket(url: string, token: string): Promise<LiveSocket> {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(token)}`);
  const listeners: ((event: { event: string; data: Record<string, unknown> }, atMs: number) => void)[] = [];
  socket.on('message', (raw) => {
    const atMs = performance.now();
    // One frame may carry several events of a batch, in order (docs/live-events.md).
    for (const parsed of liveEventsOfFrame(raw.toString()) as { event: string; data: Record<string, unknown> }[])
      for (const listener of listeners) listener(parsed, atMs);
  });
  await new Promise<void>((resolveOpen, reject) => {
    socket.once('open', () => resolveOpen());
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response) => reject(new Error(`WebSocket refused: HTTP ${response.statusCode}`)));
  });
  for (const action of [{ action: 'joinNotification' }, { action: 'joinTickets', status: 'open' }, { action: 'joinTickets', status: 'pending' }]) {
    socket.send(JSON.stringify(action));
  }
  return {
    socket,
    onEvent: (listener) => {
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    },
    close: () =>
      new Promise<void>((resolveClosed) => {
        if (socket.readyState === WebSocket.CLOSED) return resolveClosed();
        socket.once('close', () => resolveClosed());
        socket.close();
      }),
  };
}
