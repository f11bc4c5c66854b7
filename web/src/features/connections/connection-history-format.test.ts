import { describe, expect, it } from 'vitest';
import { durationText, uptimeTone } from './connection-history-format.ts';

describe('connection history format', () => {
  it('says a duration in seconds, minutes, or hours and minutes', () => {
    expect(durationText(4_400)).toBe('4 s');
    expect(durationText(125_000)).toBe('2 min');
    expect(durationText((3 * 60 + 5) * 60_000)).toBe('3 h 5 min');
  });

  it('tones a day by its uptime', () => {
    expect(uptimeTone(100)).toBe('good');
    expect(uptimeTone(75)).toBe('partial');
    expect(uptimeTone(10)).toBe('bad');
    expect(uptimeTone(0)).toBe('none');
  });
});
