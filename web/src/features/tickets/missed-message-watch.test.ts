import { describe, expect, it, vi } from 'vitest';
import { createMissedMessageWatch, type MissedMessageTimers } from './missed-message-watch.ts';

/** Timers the test moves by hand. */
function manualTimers() {
  let nowMs = 0;
  const due = new Map<number, { at: number; callback: () => void }>();
  let nextId = 1;
  const timers: MissedMessageTimers = {
    setTimeout(callback, ms) {
      const id = nextId++;
      due.set(id, { at: nowMs + ms, callback });
      return id;
    },
    clearTimeout(handle) {
      due.delete(handle as number);
    },
    now: () => nowMs,
  };
  return {
    timers,
    advance(ms: number) {
      nowMs += ms;
      for (const [id, timer] of [...due]) {
        if (timer.at > nowMs) continue;
        due.delete(id);
        timer.callback();
      }
    },
  };
}

describe('the open chat reading again a message its room missed', () => {
  it('reads again when the ticket has a newer last message and no message event comes', () => {
    const clock = manualTimers();
    const reread = vi.fn();
    const watch = createMissedMessageWatch(reread, clock.timers, 1_500);
    watch.ticketChanged({ lastMessageAt: '2026-12-06T03:46:01.000Z' });
    clock.advance(1_499);
    expect(reread).not.toHaveBeenCalled();
    clock.advance(1);
    expect(reread).toHaveBeenCalledTimes(1);
  });

  it('does not when the message event comes just after the ticket event, or just before it', () => {
    const clock = manualTimers();
    const reread = vi.fn();
    const watch = createMissedMessageWatch(reread, clock.timers, 1_500);
    watch.ticketChanged({ lastMessageAt: 'a' });
    clock.advance(20);
    watch.messageHeard();
    clock.advance(5_000);
    watch.messageHeard();
    clock.advance(30);
    watch.ticketChanged({ lastMessageAt: 'b' });
    clock.advance(5_000);
    expect(reread).not.toHaveBeenCalled();
  });

  it('ignores ticket events that do not move the last message, and stops with the chat', () => {
    const clock = manualTimers();
    const reread = vi.fn();
    const watch = createMissedMessageWatch(reread, clock.timers, 1_500);
    watch.ticketChanged({ lastMessageAt: 'a' });
    clock.advance(1_500);
    expect(reread).toHaveBeenCalledTimes(1);
    watch.ticketChanged({ lastMessageAt: 'a' });
    watch.ticketChanged({ lastMessageAt: null });
    clock.advance(5_000);
    expect(reread).toHaveBeenCalledTimes(1);
    watch.ticketChanged({ lastMessageAt: 'b' });
    watch.stop();
    clock.advance(5_000);
    expect(reread).toHaveBeenCalledTimes(1);
  });

  it('takes the state the chat opened with as known: only a newer last message arms it', () => {
    const clock = manualTimers();
    const reread = vi.fn();
    const watch = createMissedMessageWatch(reread, clock.timers, 1_500);
    watch.shown('a');
    watch.ticketChanged({ lastMessageAt: 'a' });
    clock.advance(5_000);
    expect(reread).not.toHaveBeenCalled();
    watch.shown('b');
    watch.ticketChanged({ lastMessageAt: 'b' });
    clock.advance(1_500);
    expect(reread).toHaveBeenCalledTimes(1);
  });
});
