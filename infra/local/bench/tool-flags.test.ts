import { describe, expect, it } from 'vitest';
import { flagOf, positiveFlagOf } from './tool-flags.ts';

describe('the single-phase tools’ flags', () => {
  const argv = ['--count=1000', '--no-sockets', '--dir=/dev/shm/a=b', '--agents=0', '--rounds=x'];

  it('reads a value, a bare flag and an absent one', () => {
    expect(flagOf(argv, 'count')).toBe('1000');
    expect(flagOf(argv, 'no-sockets')).toBe('');
    expect(flagOf(argv, 'profile')).toBeUndefined();
    // Only the first "=" separates: a path may hold more.
    expect(flagOf(argv, 'dir')).toBe('/dev/shm/a=b');
    // A flag whose name starts another's is not it.
    expect(flagOf(['--counter=5'], 'count')).toBeUndefined();
  });

  it('takes a positive number, else the fallback', () => {
    expect(positiveFlagOf(argv, 'count', 5)).toBe(1000);
    expect(positiveFlagOf(argv, 'agents', 50)).toBe(50);
    expect(positiveFlagOf(argv, 'rounds', 2)).toBe(2);
    expect(positiveFlagOf(argv, 'no-sockets', 3)).toBe(3);
    expect(positiveFlagOf(argv, 'duration', 10)).toBe(10);
  });
});
