/**
 * The open chat hears its messages through its ticket's room, which it joins when it opens; a
 * message written before that join reached the server (a busy machine, a slow socket action) is
 * never sent to it. The ticket's own events reach the chat's owner whatever its rooms, so when
 * one says the ticket has a newer last message and no message event of that ticket came within
 * `graceMs` either side of it, the chat reads its messages again (decision 0123).
 */
export interface MissedMessageTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

export const missedMessageGraceMs = 1_500;

export function createMissedMessageWatch(
  reread: () => void,
  timers: MissedMessageTimers = defaultTimers,
  graceMs = missedMessageGraceMs,
) {
  let lastMessageAt: string | undefined;
  let lastMessageEventMs = Number.NEGATIVE_INFINITY;
  let pending: unknown;
  const cancel = () => {
    if (pending !== undefined) timers.clearTimeout(pending);
    pending = undefined;
  };
  return {
    /** A `ticket` event of the watched ticket. */
    ticketChanged(ticket: { lastMessageAt?: string | null }): void {
      const at = ticket.lastMessageAt ?? undefined;
      if (!at || at === lastMessageAt) return;
      lastMessageAt = at;
      const heardAtMs = timers.now();
      cancel();
      pending = timers.setTimeout(() => {
        pending = undefined;
        if (lastMessageEventMs < heardAtMs - graceMs) reread();
      }, graceMs);
    },
    /** The last message the chat's first read showed: a ticket event saying the same is not news. */
    shown(at: string | null | undefined): void {
      if (lastMessageAt === undefined && at) lastMessageAt = at;
    },
    /** An `appMessage` event of the watched ticket. */
    messageHeard(): void {
      lastMessageEventMs = timers.now();
      cancel();
    },
    stop: cancel,
  };
}

const defaultTimers: MissedMessageTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};
