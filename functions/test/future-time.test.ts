import { describe, expect, it } from 'vitest';
import { AppError } from '../src/domain/app-error.ts';
import { assertNewTimeNotInPast, assertNotInPast, pastTimeGraceMs } from '../src/domain/future-time.ts';

const now = new Date('2026-11-28T20:16:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms).toISOString();

describe('a send time must not be in the past', () => {
  it('refuses a time before now beyond the grace, accepts the grace and the future', () => {
    expect(() => assertNotInPast(at(-3 * 3_600_000), now)).toThrow(new AppError('ERR_TIME_IN_PAST'));
    expect(() => assertNotInPast(at(-pastTimeGraceMs - 1), now)).toThrow(new AppError('ERR_TIME_IN_PAST'));
    expect(() => assertNotInPast(at(-pastTimeGraceMs), now)).not.toThrow();
    expect(() => assertNotInPast(at(3_600_000), now)).not.toThrow();
  });

  it('checks a new or changed time only', () => {
    const past = at(-3_600_000);
    expect(() => assertNewTimeNotInPast(past, undefined, now)).toThrow(new AppError('ERR_TIME_IN_PAST'));
    expect(() => assertNewTimeNotInPast(past, at(3_600_000), now)).toThrow(new AppError('ERR_TIME_IN_PAST'));
    // The same instant written another way is not a change.
    expect(() => assertNewTimeNotInPast(past, past.replace('.000Z', 'Z'), now)).not.toThrow();
    expect(() => assertNewTimeNotInPast(null, past, now)).not.toThrow();
    expect(() => assertNewTimeNotInPast(undefined, undefined, now)).not.toThrow();
  });
});
