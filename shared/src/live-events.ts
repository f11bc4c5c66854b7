/**
 * The live update channel (core §4, extended §4). Every event is `{ event, data }`; the
 * event names are the product's, and `data` usually carries `action` plus the record. A frame
 * holds one event, or several of them as a JSON array in the order they happened (the server
 * packs what one socket gets from one batch of changes: docs/live-events.md).
 */
// No zod here: the SPA's shell reads every frame with liveEventsOfFrame, and zod (about 95 KB
// minified) would otherwise ride in its first load. The schema is in live-event-schema.ts.

export const liveEventNames = [
  'ticket',
  'appMessage',
  'contact',
  'whatsappSession',
  'whatsapp',
  'user',
  'chat',
  'auth',
  'announcement',
  'campaign',
  'file',
  'prompt',
  'queue-integration',
  'payment',
  'queue',
  'ContactList',
  'ContactListItem',
  'quickmessage',
  'schedule',
  'tag',
  'setting',
  'webhook',
] as const;
export type LiveEventName = (typeof liveEventNames)[number];

/** The action carried in `data.action`. */
export const liveEventActions = [
  'create',
  'update',
  'delete',
  'reload',
  /** ticket: the unread count changed. */
  'updateUnread',
  /** chat: a new message in a chat. */
  'new-message',
  /** payment: the invoice was paid. */
  'CONCLUIDA',
] as const;
export type LiveEventAction = (typeof liveEventActions)[number];

/** Messages the client sends on the channel. */
export const liveClientActions = ['joinChatBox', 'joinNotification', 'userStatus'] as const;
export type LiveClientAction = (typeof liveClientActions)[number];

export interface LiveEvent {
  event: string;
  data: unknown;
}

export function isLiveEventName(value: unknown): value is LiveEventName {
  return typeof value === 'string' && (liveEventNames as readonly string[]).includes(value);
}

/** Builds a frame; the name is checked at compile time. */
export function liveEvent(event: LiveEventName, data: unknown): LiveEvent {
  return { event, data };
}

/**
 * The events of one frame, in order: a single `{ event, data }` or an array of them. Anything
 * that is not JSON, or an entry without an event name, yields nothing.
 */
export function liveEventsOfFrame(raw: string): LiveEvent[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  const entries = Array.isArray(parsed) ? parsed : [parsed];
  return entries.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return [];
    const { event, data } = entry as { event?: unknown; data?: unknown };
    return typeof event === 'string' && event !== '' ? [{ event, data }] : [];
  });
}
