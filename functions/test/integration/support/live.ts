/** The live channel as a signed-in browser would open it. */
import WebSocket from 'ws';
import type { ApiClient } from './api-client.ts';

export type LiveFrame = { event: string; data: Record<string, unknown> };

/**
 * What one WebSocket frame carries, in order: a frame is one message, or several of a batch as a
 * JSON array (docs/live-events.md). Kept raw (not filtered to events), so error replies show too.
 */
export function eventsOf(raw: unknown): unknown[] {
  const parsed: unknown = JSON.parse(String(raw));
  return Array.isArray(parsed) ? parsed : [parsed];
}

/** A live-channel socket signed in as the client's user, collecting every frame. */
export function listen(api: ApiClient): Promise<{ socket: WebSocket; frames: LiveFrame[] }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(
      `${api.baseUrl.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(api.token!)}`,
    );
    const frames: LiveFrame[] = [];
    socket.on('message', (raw) => frames.push(...(eventsOf(raw) as LiveFrame[])));
    socket.once('open', () => resolve({ socket, frames }));
    socket.once('error', reject);
  });
}
