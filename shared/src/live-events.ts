/**
 * The live update channel (core §4, extended §4). Every frame is `{ event, data }`; the
 * event names are the product's, and `data` usually carries `action` plus the record.
 */
import * as z from 'zod';

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

export const liveEventSchema = z.object({
  event: z.string().min(1),
  data: z.unknown(),
});

export function isLiveEventName(value: unknown): value is LiveEventName {
  return typeof value === 'string' && (liveEventNames as readonly string[]).includes(value);
}

/** Builds a frame; the name is checked at compile time. */
export function liveEvent(event: LiveEventName, data: unknown): LiveEvent {
  return { event, data };
}
