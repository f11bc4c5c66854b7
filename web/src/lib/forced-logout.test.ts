import { describe, expect, it, vi } from 'vitest';
import { createForcedLogoutHandler, forcedLogoutReason, isForcedLogoutEvent } from './forced-logout.ts';

describe('forced logout (core §4 Session)', () => {
  it('recognises the auth update for the signed-in user only', () => {
    expect(isForcedLogoutEvent({ action: 'update', user: { id: 7 } }, 7)).toBe(true);
    expect(isForcedLogoutEvent({ action: 'update', user: { id: '7' } }, 7)).toBe(true);
    expect(isForcedLogoutEvent({ action: 'update', user: { id: 8 } }, 7)).toBe(false);
    expect(isForcedLogoutEvent({ action: 'delete', user: { id: 7 } }, 7)).toBe(false);
    expect(isForcedLogoutEvent({ action: 'update' }, 7)).toBe(false);
    expect(isForcedLogoutEvent(null, 7)).toBe(false);
    expect(isForcedLogoutEvent({ action: 'update', user: { id: 7 } }, undefined)).toBe(false);
  });

  it('tells a session ended on the server from a sign-in elsewhere', () => {
    expect(forcedLogoutReason({ action: 'update', user: { id: 7 } }, 7)).toBe('elsewhere');
    expect(forcedLogoutReason({ action: 'delete', user: { id: 7 } }, 7)).toBe('ended');
    expect(forcedLogoutReason({ action: 'delete', user: { id: 8 } }, 7)).toBeUndefined();
    expect(forcedLogoutReason({ action: 'create', user: { id: 7 } }, 7)).toBeUndefined();
  });

  it('signs out once when the server ended the session, saying so', () => {
    vi.useFakeTimers();
    const order: string[] = [];
    const handle = createForcedLogoutHandler(7, {
      warn: (reason) => order.push(`warn:${reason}`),
      clearStorage: () => order.push('clearStorage'),
      endSession: () => order.push('endSession'),
      setTimeout: (callback, ms) => setTimeout(callback, ms),
    });
    expect(handle({ action: 'delete', user: { id: 7 } })).toBe(true);
    expect(handle({ action: 'update', user: { id: 7 } })).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(order).toEqual(['warn:ended', 'clearStorage', 'endSession']);
    vi.useRealTimers();
  });

  it('warns at once, then clears local storage and ends the session after 1 second, once', () => {
    vi.useFakeTimers();
    const order: string[] = [];
    const handle = createForcedLogoutHandler(7, {
      warn: () => order.push('warn'),
      clearStorage: () => order.push('clearStorage'),
      endSession: () => order.push('endSession'),
      setTimeout: (callback, ms) => setTimeout(callback, ms),
    });

    expect(handle({ action: 'update', user: { id: 9 } })).toBe(false);
    expect(handle({ action: 'update', user: { id: 7 } })).toBe(true);
    expect(order).toEqual(['warn']);
    expect(handle({ action: 'update', user: { id: 7 } })).toBe(false);

    vi.advanceTimersByTime(999);
    expect(order).toEqual(['warn']);
    vi.advanceTimersByTime(1);
    expect(order).toEqual(['warn', 'clearStorage', 'endSession']);
    vi.useRealTimers();
  });
});
