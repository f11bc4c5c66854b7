import { describe, expect, it } from 'vitest';
import { AppError, foundOr } from '#domain/app-error';

describe('foundOr (domain/app-error.ts)', () => {
  it('answers what the read found, falsy values included', async () => {
    expect(await foundOr(Promise.resolve({ id: 3 }))).toEqual({ id: 3 });
    expect(await foundOr(Promise.resolve(0))).toBe(0);
  });

  it('throws ERR_NOT_FOUND, or the code given, when the read finds nothing', async () => {
    await expect(foundOr(Promise.resolve(undefined))).rejects.toMatchObject({ code: 'ERR_NOT_FOUND', status: 404 });
    await expect(foundOr(Promise.resolve(null), 'ERR_NO_USER_FOUND')).rejects.toBeInstanceOf(AppError);
    await expect(foundOr(Promise.resolve(null), 'ERR_NO_USER_FOUND')).rejects.toMatchObject({ code: 'ERR_NO_USER_FOUND' });
  });
});
