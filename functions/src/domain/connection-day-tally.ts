/**
 * A stream batch's messages per connection-day (docs/decisions.md, "Connection-day counts per
 * stream batch"): the batch's follower adds each counted message here and writes one ADD per
 * connection-day when the batch is done, instead of one write per message.
 */
import { sendResultOf } from './schedule-rules.ts';
import { utcDay } from './connection-health.ts';

export interface ConnectionDayCount {
  companyId: number;
  whatsappId: number;
  day: string;
  in: number;
  out: number;
  /** The newest inbound message's time, when the batch holds any. */
  lastInAt: string | undefined;
}

type MessageImage = Record<string, unknown>;

/**
 * How a message change counts on its connection's day here: a customer's message when stored
 * (`in`, on the day it was written), and one of ours that is stored already sent (`out`): a
 * message written on the phone. A send through the connector is counted by the connector, in the
 * transaction that marks it sent (once, whatever the stream redelivers, and no call of its own).
 * Anything else (receipts, edits, a failure) counts nothing.
 */
export function messageCount(
  kind: 'create' | 'update' | 'delete',
  message: MessageImage | undefined,
  nowMs: number,
): { direction: 'in' | 'out'; at: string } | undefined {
  if (kind !== 'create' || !message || typeof message.whatsappId !== 'number') return undefined;
  const created = typeof message.createdAt === 'string' && Number.isFinite(Date.parse(message.createdAt)) ? message.createdAt : new Date(nowMs).toISOString();
  if (message.fromMe !== true) return { direction: 'in', at: created };
  const result = sendResultOf(message as Parameters<typeof sendResultOf>[0]);
  return result?.status === 'ENVIADA' ? { direction: 'out', at: created } : undefined;
}

export class ConnectionDayTally {
  private readonly days = new Map<string, ConnectionDayCount>();

  add(companyId: number, whatsappId: number, count: { direction: 'in' | 'out'; at: string }): void {
    const day = utcDay(Date.parse(count.at));
    const key = `${companyId}:${whatsappId}:${day}`;
    let entry = this.days.get(key);
    if (!entry) {
      entry = { companyId, whatsappId, day, in: 0, out: 0, lastInAt: undefined };
      this.days.set(key, entry);
    }
    if (count.direction === 'out') {
      entry.out += 1;
      return;
    }
    entry.in += 1;
    if (!entry.lastInAt || count.at > entry.lastInAt) entry.lastInAt = count.at;
  }

  /** The counts gathered so far, and the tally emptied (a written count is not written again). */
  take(): ConnectionDayCount[] {
    const counts = [...this.days.values()];
    this.days.clear();
    return counts;
  }
}
