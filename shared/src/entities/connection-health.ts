/**
 * Connection health (issue #30, "Connections that tell you"): why a connection dropped, the
 * alerts an admin sees (banner and e-mail), and the history the connections screen shows.
 */
import * as z from 'zod';
import { validationMessages as msg } from '../validation-messages.ts';
import { silenceMinutesDefault } from '../constants.ts';

/**
 * A stable reason for a disconnect. The beta connector maps Baileys' `lastDisconnect.error`
 * (Boom `output.statusCode`, DisconnectReason) to one of these; the sandbox simulates them.
 */
export const disconnectReasons = [
  'logged-out',
  'connection-closed',
  'connection-lost',
  'timed-out',
  'qr-expired',
  'replaced',
  'bad-session',
  'restart-required',
  'multidevice-mismatch',
  'forbidden',
  'unavailable',
  'silent-socket',
  'unknown',
] as const;
export type DisconnectReason = (typeof disconnectReasons)[number];
export const disconnectReasonSchema = z.enum(disconnectReasons);

/** Reasons after which the phone must scan a new QR: the alert is `qr-required`, not `drop`. */
export const qrRequiredReasons: readonly DisconnectReason[] = ['logged-out', 'qr-expired', 'bad-session', 'forbidden'];

export const connectionAlertKinds = ['drop', 'qr-required', 'silent'] as const;
export type ConnectionAlertKind = (typeof connectionAlertKinds)[number];

export function alertKindOfReason(reason: DisconnectReason): ConnectionAlertKind {
  return qrRequiredReasons.includes(reason) ? 'qr-required' : 'drop';
}

/** An open alert (GET /whatsapp/health/alerts, the `connectionAlert` live event). */
export interface ConnectionAlert {
  whatsappId: number;
  name: string;
  kind: ConnectionAlertKind;
  reason: DisconnectReason | null;
  openedAt: string;
}

export const connectionEventKinds = ['connected', 'disconnected', 'qr-required'] as const;
export type ConnectionEventKind = (typeof connectionEventKinds)[number];

/** GET /whatsapp/{id}/history. */
export interface ConnectionHistory {
  whatsappId: number;
  from: string;
  to: string;
  /** Share of the period the connection was CONNECTED, 0..100 (one decimal). */
  uptimePercent: number;
  /** Per UTC day, oldest first: the share connected (0..100) and the messages in and out. */
  days: { day: string; uptimePercent: number; in: number; out: number }[];
  /** Newest first: each disconnect with its reason and, once back, how long it lasted. */
  disconnects: { at: string; kind: 'disconnected' | 'qr-required'; reason: DisconnectReason | null; durationMs: number | null }[];
}

/** Minutes without inbound (inside opening hours) before a `silent` alert; 0 turns it off. */
export { silenceMinutesDefault };
export const silenceMinutesMax = 7 * 24 * 60;
export const silenceMinutesSchema = z.coerce
  .number({ error: msg.invalidValue })
  .int(msg.invalidValue)
  .min(0, msg.invalidValue)
  .max(silenceMinutesMax, msg.invalidValue);

/** History and day counters are kept this long (TTL, and filtered on read). */
export const connectionHistoryDays = 30;
