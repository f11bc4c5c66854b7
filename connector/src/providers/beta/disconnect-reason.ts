/**
 * Baileys' `lastDisconnect.error` (a Boom error: `output.statusCode` is a DisconnectReason) as the
 * stable reason code the product stores and shows (docs/connector.md, "Disconnect reasons").
 * 408 is both `connectionLost` and `timedOut`: it is `qr-expired` only for Baileys' own end of
 * the QR codes of an unpaired session, `connection-lost` otherwise.
 */
import { DisconnectReason as Baileys } from '@whiskeysockets/baileys';
import type { DisconnectReason } from '@atende/shared/entities/connection-health';

export function statusCodeOf(error: unknown): number | undefined {
  const output = (error as { output?: { statusCode?: unknown } } | undefined)?.output;
  return typeof output?.statusCode === 'number' ? output.statusCode : undefined;
}

const byCode: Partial<Record<number, DisconnectReason>> = {
  [Baileys.loggedOut]: 'logged-out',
  [Baileys.connectionClosed]: 'connection-closed',
  [Baileys.connectionLost]: 'connection-lost',
  [Baileys.connectionReplaced]: 'replaced',
  [Baileys.badSession]: 'bad-session',
  [Baileys.restartRequired]: 'restart-required',
  [Baileys.multideviceMismatch]: 'multidevice-mismatch',
  [Baileys.forbidden]: 'forbidden',
  [Baileys.unavailableService]: 'unavailable',
};

/** The reason of a close; `pairing`: the session was showing QR codes and is not registered. */
export function disconnectReasonOf(error: unknown, pairing = false): DisconnectReason {
  const code = statusCodeOf(error);
  if (code === Baileys.timedOut && pairing && /QR refs/i.test(String((error as Error | undefined)?.message)))
    return 'qr-expired';
  if (code !== undefined) return byCode[code] ?? 'unknown';
  if (error instanceof Error && error.message === 'silent socket') return 'silent-socket';
  return 'unknown';
}
