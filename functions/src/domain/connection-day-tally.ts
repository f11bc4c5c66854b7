/**
 * A stream batch's messages per connection-day (docs/decisions.md, "Connection-day counts from
 * the stream"): the batch's follower adds each counted message here and writes one ADD per
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
 * How a message change counts on its connection's day: a customer's message when stored (`in`,
 * on the day it was written); one of ours when it first shows as sent (`out`, on the day of that
 * mark): a send the connector marked, a resend after a failure, or a message written on the
 * phone, which is stored already sent. Anything else (receipts, edits, a failure) counts nothing.
 */
export function messageCount(
  kind: 'create' | 'update' | 'delete',
  message: MessageImage | undefined,
  before: MessageImage | undefined,
  nowMs: number,
): { direction: 'in' | 'out'; at: string } | undefined {
  if (!message || typeof message.whatsappId !== 'number') return undefined;
  if (message.fromMe !== true) {
    if (kind !== 'create') return undefined;
    const at = typeof message.createdAt === 'string' && Number.isFinite(Date.parse(message.createdAt)) ? message.createdAt : new Date(nowMs).toISOString();
    return { direction: 'in', at };
  }
  const now = sendResultOf(message as Parameters<typeof sendResultOf>[0]);
  if (now?.status !== 'ENVIADA') return undefined;
  const earlier = before ? sendResultOf(before as Parameters<typeof sendResultOf>[0]) : undefined;
  if (earlier?.status === 'ENVIADA') return undefined;
  const at = Number.isFinite(Date.parse(now.sentAt)) ? now.sentAt : new Date(nowMs).toISOString();
  return { direction: 'out', at };
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
