import { describe, expect, it } from 'vitest';
import { alertKindOfReason } from '@atende/shared/entities/connection-health';
import { connectionAlertMail, connectionHistoryOf, historyStartMs, silenceDecision } from '../src/domain/connection-health.ts';

const now = Date.parse('2026-03-10T12:00:00.000Z');
const hour = 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('connection history', () => {
  it('computes uptime over the window and per day, and each disconnect with its duration', () => {
    const history = connectionHistoryOf({
      whatsappId: 3,
      events: [
        { at: iso(now - 10 * hour), kind: 'disconnected', reason: 'connection-lost' },
        { at: iso(now - 8 * hour), kind: 'connected', reason: null },
        { at: iso(now - 2 * hour), kind: 'qr-required', reason: 'logged-out' },
      ],
      before: { at: iso(now - 40 * 24 * hour), kind: 'connected', reason: null },
      days: [{ day: '2026-03-10', in: 4, out: 2, lastInAt: null, silentAlert: null }],
      nowMs: now,
      createdAtMs: 0,
      connectedNow: false,
    });
    expect(history.days).toHaveLength(30);
    expect(history.from).toBe(iso(historyStartMs(now)));
    expect(history.days.at(-1)).toEqual({ day: '2026-03-10', uptimePercent: round((12 - 2 - 2) / 12), in: 4, out: 2 });
    expect(history.days[0]!.uptimePercent).toBe(100);
    const windowMs = now - historyStartMs(now);
    expect(history.uptimePercent).toBe(round((windowMs - 4 * hour) / windowMs));
    expect(history.disconnects).toEqual([
      { at: iso(now - 2 * hour), kind: 'qr-required', reason: 'logged-out', durationMs: null },
      { at: iso(now - 10 * hour), kind: 'disconnected', reason: 'connection-lost', durationMs: 2 * hour },
    ]);
  });

  it('counts from the creation of a younger connection, and without events uses the status now', () => {
    const history = connectionHistoryOf({
      whatsappId: 3,
      events: [],
      before: null,
      days: [],
      nowMs: now,
      createdAtMs: now - 6 * hour,
      connectedNow: true,
    });
    expect(history.uptimePercent).toBe(100);
    expect(history.days[0]!.uptimePercent).toBe(0);
  });
});

function round(share: number): number {
  return Math.round(share * 1000) / 10;
}

describe('silence watch', () => {
  const base = { nowMs: now, silenceMs: hour, connectedAtMs: now - 5 * hour, openNow: true, openThen: true };
  it('is silent after the period without inbound, inside opening hours', () => {
    expect(silenceDecision({ ...base, lastInboundMs: now - 2 * hour })).toEqual({ silent: true });
  });
  it('waits until the period has passed since the last message or the connection', () => {
    expect(silenceDecision({ ...base, lastInboundMs: now - 10 * 60_000 })).toEqual({ silent: false, checkAtMs: now + 50 * 60_000 });
    expect(silenceDecision({ ...base, connectedAtMs: now - 30 * 60_000, lastInboundMs: null })).toEqual({ silent: false, checkAtMs: now + 30 * 60_000 });
  });
  it('does not count closed hours: closed now, or just opened', () => {
    expect(silenceDecision({ ...base, lastInboundMs: null, openNow: false })).toEqual({ silent: false, checkAtMs: now + hour });
    expect(silenceDecision({ ...base, lastInboundMs: null, openThen: false })).toEqual({ silent: false, checkAtMs: now + hour });
  });
});

describe('alerts', () => {
  it('a reason that needs a new QR is qr-required, any other a drop', () => {
    expect(alertKindOfReason('logged-out')).toBe('qr-required');
    expect(alertKindOfReason('qr-expired')).toBe('qr-required');
    expect(alertKindOfReason('connection-lost')).toBe('drop');
    expect(alertKindOfReason('replaced')).toBe('drop');
  });
  it('the e-mail names the connection, what happened and why', () => {
    const mail = connectionAlertMail({ name: 'Ventas', kind: 'drop', reason: 'connection-lost', openedAt: '2026-03-10T12:00:00.000Z' });
    expect(mail.subject).toBe('Conexión Ventas: se desconectó');
    expect(mail.text).toContain('Motivo: se perdió la conexión.');
  });
});
