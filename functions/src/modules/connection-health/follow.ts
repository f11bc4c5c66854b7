import {
  alertKindOfReason,
  disconnectReasons,
  silenceMinutesDefault,
  type DisconnectReason,
} from '@atende/shared/entities/connection-health';
import { closeConnectionAlert, countConnectionMessages, markSilentAlert, recordConnectionEvent } from '#data/connection-health';
import { messageCount, type ConnectionDayTally } from '#domain/connection-day-tally';
import { historyExpiresAt } from '#domain/connection-health';
import { clockNowMs } from '#homes/clock';
import type { EntityChange } from '../../live/live-event.ts';
import { closeConnectionAlerts, raiseConnectionAlert } from './alerts.ts';
import { armSilenceWatch, cancelSilenceWatch, silenceMinuteMs } from './silence.ts';

/**
 * Connection health from the table's stream (docs/decisions.md, "Connections that tell you"),
 * run by the schedule-outcomes consumer, the one reader of what the connector's writes set off:
 * - a connection whose `lastDisconnectAt` moved (the connector writes it with a disconnect's
 *   status and reason): a history event and a `drop` or `qr-required` alert;
 * - a connection that became CONNECTED: a history event, its drop / QR alerts closed, the
 *   silence watch armed;
 * - a message: counted on its connection's day when stored from the customer, or written on the
 *   phone (the connector counts its own sends as it marks them), in the batch's tally, written as
 *   one ADD per connection-day when the batch is done (`writeConnectionDayCounts`); inbound ones
 *   end an open `silent` alert.
 * Every step is idempotent (events keyed by their time, alerts and e-mails claimed), so a batch
 * delivered again repeats nothing but, at worst, its messages' counts.
 */
export async function followConnectionHealth(change: EntityChange, tally: ConnectionDayTally): Promise<void> {
  if (change.entity === 'whatsapp') return followConnection(change);
  if (change.entity === 'message') followMessage(change, tally);
}

const str = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);
const reasonOf = (value: unknown): DisconnectReason | null =>
  (disconnectReasons as readonly unknown[]).includes(value) ? (value as DisconnectReason) : null;

async function followConnection(change: EntityChange): Promise<void> {
  const before = change.oldItem;
  const after = change.newItem;
  const item = after ?? before;
  if (!item) return;
  const companyId = Number(item.companyId);
  const whatsappId = Number(item.id);
  if (change.kind === 'delete' || !after) {
    await closeConnectionAlerts(companyId, whatsappId, ['drop', 'qr-required', 'silent']);
    await cancelSilenceWatch(companyId, whatsappId);
    return;
  }
  const nowMs = clockNowMs();
  const expiresAt = historyExpiresAt(nowMs);
  const disconnectAt = str(after.lastDisconnectAt);
  if (disconnectAt && disconnectAt !== str(before?.lastDisconnectAt)) {
    const reason = reasonOf(after.lastDisconnectReason) ?? 'unknown';
    const kind = alertKindOfReason(reason);
    await recordConnectionEvent(
      companyId,
      whatsappId,
      { at: disconnectAt, kind: kind === 'qr-required' ? 'qr-required' : 'disconnected', reason },
      expiresAt,
    );
    // Down is not silent: the drop's alert stands for it.
    await closeConnectionAlerts(companyId, whatsappId, ['silent']);
    if (after.status !== 'CONNECTED')
      await raiseConnectionAlert({ companyId, whatsappId, name: String(after.name ?? ''), kind, reason, openedAt: disconnectAt });
  }
  const minutes = typeof after.silenceMinutes === 'number' ? after.silenceMinutes : silenceMinutesDefault;
  if (after.status === 'CONNECTED' && before?.status !== 'CONNECTED') {
    const at = str(after.updatedAt) ?? new Date(nowMs).toISOString();
    await recordConnectionEvent(companyId, whatsappId, { at, kind: 'connected', reason: null }, expiresAt);
    await closeConnectionAlerts(companyId, whatsappId, ['drop', 'qr-required']);
    if (minutes > 0) await armSilenceWatch(companyId, whatsappId, Date.parse(at) + minutes * silenceMinuteMs());
    return;
  }
  // The setting changed while connected: the watch follows it (armed for a check soon, or off).
  if (after.status === 'CONNECTED' && before && before.silenceMinutes !== after.silenceMinutes) {
    if (minutes > 0) await armSilenceWatch(companyId, whatsappId, nowMs + silenceMinuteMs());
    else {
      await cancelSilenceWatch(companyId, whatsappId);
      await closeConnectionAlerts(companyId, whatsappId, ['silent']);
    }
  }
}

function followMessage(change: EntityChange, tally: ConnectionDayTally): void {
  const message = change.newItem;
  const count = messageCount(change.kind, message, clockNowMs());
  if (count) tally.add(Number(message!.companyId), Number(message!.whatsappId), count);
}

/**
 * Writes the batch's counts, one ADD per connection-day (AP-CH-4). A day that took inbound
 * messages and was their first, or carries the mark of an open silent alert, ends the silence.
 */
export async function writeConnectionDayCounts(tally: ConnectionDayTally): Promise<void> {
  const nowMs = clockNowMs();
  for (const count of tally.take()) {
    const day = await countConnectionMessages(count.companyId, count.whatsappId, count.day, count, historyExpiresAt(nowMs));
    if (count.in > 0 && (day.in === count.in || day.silentAlert))
      await endSilence(count.companyId, count.whatsappId, day.day, day.silentAlert, nowMs);
  }
}

/** The watch marks the day just before it raises the alert; a mark this fresh may not have its alert yet. */
const markSettleMs = 60_000;

async function endSilence(companyId: number, whatsappId: number, day: string, mark: string | null, nowMs: number): Promise<void> {
  const closed = await closeConnectionAlert(companyId, whatsappId, 'silent');
  // A message between the mark and the alert's put finds nothing to close: the mark stays, so
  // the next message closes the alert; an old mark without an alert (closed otherwise) goes.
  if (mark && (closed || nowMs - Date.parse(mark) > markSettleMs))
    await markSilentAlert(companyId, whatsappId, day, null, historyExpiresAt(nowMs));
  // Receiving again: the watch starts over from this message (it stopped when the alert opened).
  if (closed) await armSilenceWatch(companyId, whatsappId, nowMs + silenceMinuteMs());
}
