import { describe, expect, it } from 'vitest';
import { formatWallDateTime, instantOfWall, isKnownTimeZone, wallInputOf } from '../src/wall-clock.ts';

describe('company wall clock', () => {
  it('reads a typed time in the company zone, not the browser zone', () => {
    // The case: 20:16 in São Paulo is 23:16 UTC, whatever the browser's zone.
    expect(instantOfWall('2026-11-28T20:16', 'America/Sao_Paulo')).toBe('2026-11-28T23:16:00.000Z');
    expect(instantOfWall('2026-11-28T20:16', 'UTC')).toBe('2026-11-28T20:16:00.000Z');
    expect(instantOfWall('2026-11-28T20:16', 'Asia/Kolkata')).toBe('2026-11-28T14:46:00.000Z');
    expect(instantOfWall('2026-11-28T20:16:30', 'America/Bogota')).toBe('2026-11-29T01:16:30.000Z');
  });

  it('shows an instant on the company wall clock', () => {
    expect(wallInputOf('2026-11-28T23:16:00.000Z', 'America/Sao_Paulo')).toBe('2026-11-28T20:16');
    expect(formatWallDateTime('2026-11-28T23:16:00.000Z', 'America/Sao_Paulo')).toBe('28/11/2026 20:16');
    expect(formatWallDateTime('2026-11-28T23:16:00.000Z', 'Europe/Madrid')).toBe('29/11/2026 00:16');
    expect(formatWallDateTime(null, 'Europe/Madrid')).toBe('');
    expect(formatWallDateTime('no', 'Europe/Madrid')).toBe('');
  });

  it('refuses what is not a wall-clock time', () => {
    expect(instantOfWall('mañana', 'Europe/Madrid')).toBeUndefined();
    expect(instantOfWall('2026-04-31T10:00', 'Europe/Madrid')).toBeUndefined();
    expect(instantOfWall('2026-02-29T10:00', 'Europe/Madrid')).toBeUndefined();
    expect(instantOfWall('2026-05-10T24:00', 'Europe/Madrid')).toBeUndefined();
    expect(instantOfWall('2026-13-10T10:00', 'Europe/Madrid')).toBeUndefined();
  });

  it('follows summer time: the offset of the day, not of today', () => {
    expect(instantOfWall('2026-01-20T16:30', 'Europe/Madrid')).toBe('2026-01-20T15:30:00.000Z');
    expect(instantOfWall('2026-07-20T16:30', 'Europe/Madrid')).toBe('2026-07-20T14:30:00.000Z');
    expect(instantOfWall('2026-01-20T09:00', 'America/New_York')).toBe('2026-01-20T14:00:00.000Z');
    expect(instantOfWall('2026-07-20T09:00', 'America/New_York')).toBe('2026-07-20T13:00:00.000Z');
  });

  it('New York, spring forward (8 March 2026, 02:00 → 03:00): the missing half hour moves forward', () => {
    expect(instantOfWall('2026-03-08T01:59', 'America/New_York')).toBe('2026-03-08T06:59:00.000Z');
    expect(instantOfWall('2026-03-08T02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(wallInputOf('2026-03-08T07:30:00.000Z', 'America/New_York')).toBe('2026-03-08T03:30');
    expect(instantOfWall('2026-03-08T03:00', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
  });

  it('New York, fall back (1 November 2026, 02:00 → 01:00): a repeated time is the first one', () => {
    expect(instantOfWall('2026-11-01T00:59', 'America/New_York')).toBe('2026-11-01T04:59:00.000Z');
    expect(instantOfWall('2026-11-01T01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    expect(instantOfWall('2026-11-01T02:00', 'America/New_York')).toBe('2026-11-01T07:00:00.000Z');
    // Both 01:30s read back as 01:30.
    expect(wallInputOf('2026-11-01T05:30:00.000Z', 'America/New_York')).toBe('2026-11-01T01:30');
    expect(wallInputOf('2026-11-01T06:30:00.000Z', 'America/New_York')).toBe('2026-11-01T01:30');
  });

  it('Madrid, both changes (29 March and 25 October 2026, at 02:00/03:00)', () => {
    expect(instantOfWall('2026-03-29T02:30', 'Europe/Madrid')).toBe('2026-03-29T01:30:00.000Z');
    expect(wallInputOf('2026-03-29T01:30:00.000Z', 'Europe/Madrid')).toBe('2026-03-29T03:30');
    // 02:30 happens at 00:30Z (summer time) and again at 01:30Z: the first.
    expect(instantOfWall('2026-10-25T02:30', 'Europe/Madrid')).toBe('2026-10-25T00:30:00.000Z');
    expect(instantOfWall('2026-10-25T03:00', 'Europe/Madrid')).toBe('2026-10-25T02:00:00.000Z');
  });

  it('round-trips every quarter hour of a year with two changes', () => {
    const zone = 'Europe/Madrid';
    for (let t = Date.parse('2026-03-28T00:00:00Z'); t < Date.parse('2026-03-30T00:00:00Z'); t += 900_000) {
      const instant = new Date(t).toISOString();
      expect(instantOfWall(wallInputOf(instant, zone), zone)).toBe(instant);
    }
  });

  it('knows real zones only', () => {
    expect(isKnownTimeZone('America/Bogota')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
    expect(isKnownTimeZone('')).toBe(false);
    expect(isKnownTimeZone(undefined)).toBe(false);
  });
});
