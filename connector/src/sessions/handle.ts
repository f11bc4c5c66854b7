/** A running session as the manager holds it: its lease, provider session, outbox and status. */
import type { ConnectionStatus } from '@atende/shared/entities/whatsapp';
import type { InboundOutbox } from '../inbound/outbox.ts';
import type { ProviderSession } from '../providers/provider.ts';
import type { Timers } from '../ports.ts';
import type { Lease } from '../table/leases.ts';

export interface SessionHandle {
  key: string;
  companyId: number;
  whatsappId: number;
  provider: string;
  lease: Lease;
  session: ProviderSession;
  /** Bumped when the provider session is replaced (new QR): callbacks of the old one are ignored. */
  sessionGeneration: number;
  outbox: InboundOutbox;
  status: ConnectionStatus | 'starting';
  /** Status writes, in order. */
  statusChain: Promise<void>;
  /** The last status change written (a repeat is not written again). */
  lastStatusChange: string;
  waiters: Set<(connected: boolean) => void>;
  /** Stopped, or lost its lease: nothing more may be written for it. */
  ended: boolean;
  /** Being stopped (its socket closing, `ended` soon): no command may start on it any more. */
  closing: boolean;
  startedAt: number;
}

export const connectionKeyOf = (companyId: number, whatsappId: number): string =>
  `${companyId}:${whatsappId}`;

/** Resolves true once the session is CONNECTED (and not closing), false after `timeoutMs` or when it ends. */
export function waitConnected(handle: SessionHandle, timeoutMs: number, timers: Timers): Promise<boolean> {
  if (handle.ended) return Promise.resolve(false);
  if (handle.status === 'CONNECTED' && !handle.closing) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (connected: boolean) => {
      timers.clearTimeout(timer);
      handle.waiters.delete(done);
      resolve(connected);
    };
    const timer = timers.setTimeout(() => done(false), timeoutMs);
    handle.waiters.add(done);
  });
}

export function notifyWaiters(handle: SessionHandle): void {
  const connected = !handle.ended && !handle.closing && handle.status === 'CONNECTED';
  if (!connected && !handle.ended) return;
  for (const waiter of [...handle.waiters]) waiter(connected);
}
