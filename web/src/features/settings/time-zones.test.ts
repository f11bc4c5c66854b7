import { describe, expect, it } from 'vitest';
import { searchableZone, timeZoneNames, zoneOffsetLabel } from './time-zones.ts';

describe('the time zone picker’s list', () => {
  it('holds the IANA zones, UTC and the company’s own, sorted', () => {
    const names = timeZoneNames('America/Sao_Paulo');
    expect(names).toEqual(
      expect.arrayContaining(['America/Bogota', 'America/Sao_Paulo', 'Europe/Madrid', 'UTC']),
    );
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(new Set(names).size).toBe(names.length);
    expect(timeZoneNames('Mars/Olympus')).not.toContain('Mars/Olympus');
  });

  it('finds a zone typed as a person writes it', () => {
    const matches = (query: string) =>
      timeZoneNames('UTC').filter((name) => searchableZone(name).includes(searchableZone(query)));
    expect(matches('bogota')).toEqual(['America/Bogota']);
    expect(matches('São Paulo')).toEqual(['America/Sao_Paulo']);
    expect(matches('america/new york')).toEqual(['America/New_York']);
  });

  it('names the offset of the zone at an instant, summer time included', () => {
    expect(zoneOffsetLabel('America/Bogota', new Date('2026-07-01T12:00:00Z'))).toBe('GMT-05:00');
    expect(zoneOffsetLabel('Europe/Madrid', new Date('2026-01-01T12:00:00Z'))).toBe('GMT+01:00');
    expect(zoneOffsetLabel('Europe/Madrid', new Date('2026-07-01T12:00:00Z'))).toBe('GMT+02:00');
    expect(zoneOffsetLabel('Mars/Olympus')).toBe('');
  });
});
