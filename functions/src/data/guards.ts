import type { EntityItem } from 'electrodb';
import { carriedOver, rateWindow, type RateLimit } from '#domain/rate-limits';
import { passwordResetEntity, rateCounterEntity } from './guard-entities.ts';
import { sessionEntity } from './session-entity.ts';
import { isConditionFailure, writtenIf } from './sessions.ts';
import { writeAll } from './transaction.ts';
import { userEntity } from './user-entity.ts';

const nowSeconds = () => Math.floor(Date.now() / 1000);

export type PasswordResetRecord = EntityItem<typeof passwordResetEntity>;

/** AP-GU-4: store a new reset code, replacing any earlier one. */
export async function putPasswordReset(record: PasswordResetRecord): Promise<void> {
  await passwordResetEntity.put(record).go();
}

/**
 * AP-GU-6: spend one guess on the pending code before comparing it, in one conditional write:
 * only while the code is unexpired and has guesses left. However many guesses arrive at once,
 * at most `maxGuesses` get the code's hash to compare with; the others get nothing.
 */
export async function spendResetGuess(
  emailKey: string,
  maxGuesses: number,
): Promise<PasswordResetRecord | undefined> {
  try {
    const { data } = await passwordResetEntity
      .patch({ emailKey })
      .add({ attempts: 1 })
      .where(
        (attributes, { lt, gt }) =>
          `${lt(attributes.attempts, maxGuesses)} AND ${gt(attributes.expiresAt, nowSeconds())}`,
      )
      .go({ response: 'all_new' });
    return data as PasswordResetRecord;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * AP-GU-8: set a new password with a reset code, once: the code is deleted on the condition that
 * it is still the one checked, unexpired and within its guesses, in the same transaction as the
 * password change and the end of the user's session (so the old refresh cookie dies and the
 * stream closes the old session's sockets).
 */
export async function resetPasswordWithCode(
  emailKey: string,
  spent: { codeHash: string; maxGuesses: number },
  user: { companyId: number; id: number },
  passwordHash: string,
): Promise<void> {
  const now = nowSeconds();
  await writeAll(
    { reset: passwordResetEntity, user: userEntity, session: sessionEntity },
    ({ reset, user: users, session }) => [
      reset
        .delete({ emailKey })
        .where(
          (attributes, { eq, gt, lte }) =>
            `${eq(attributes.codeHash, spent.codeHash)} AND ${lte(attributes.attempts, spent.maxGuesses)} AND ${gt(attributes.expiresAt, now)}`,
        )
        .commit(),
      users.patch({ companyId: user.companyId, id: user.id }).set({ passwordHash }).commit(),
      session.delete({ companyId: user.companyId, userId: user.id }).commit(),
    ],
    ['ERR_INVALID_RESET_CODE', 'ERR_NO_USER_FOUND'],
  );
}

/**
 * AP-GU-9: count one attempt against a limit, atomically: the counter of the current window
 * grows only while below what the limit leaves after the previous window's weighted count
 * (a closed window, so reading it first races with nothing), so parallel attempts cannot all
 * pass. False when full.
 */
export async function takeRateSlot(limit: RateLimit, key: string): Promise<boolean> {
  const now = nowSeconds();
  const window = rateWindow(limit, now);
  const allowed = limit.limit - carriedOver(limit, await windowCount(limit, key, window.index - 1), now);
  if (allowed <= 0) return false;
  return writtenIf(() =>
    rateCounterEntity
      .update({ scope: limit.scope, key, window: window.index })
      .add({ count: 1 })
      .set({ expiresAt: window.keepUntil })
      .where(
        (attributes, { lt, notExists }) =>
          `${notExists(attributes.count)} OR ${lt(attributes.count, allowed)}`,
      )
      .go(),
  );
}

/** AP-GU-10: the attempts that count now: the current window's and part of the previous one's. */
export async function rateCount(limit: RateLimit, key: string): Promise<number> {
  const now = nowSeconds();
  const window = rateWindow(limit, now);
  const [current, previous] = await Promise.all([
    windowCount(limit, key, window.index),
    windowCount(limit, key, window.index - 1),
  ]);
  return current + carriedOver(limit, previous, now);
}

async function windowCount(limit: RateLimit, key: string, window: number): Promise<number> {
  const { data } = await rateCounterEntity.get({ scope: limit.scope, key, window }).go({ consistent: true });
  return data?.count ?? 0;
}

/** AP-GU-11: give an attempt back (a sign-in that succeeded, a refused attempt not to count). */
export async function returnRateSlot(limit: RateLimit, key: string): Promise<void> {
  const window = rateWindow(limit, nowSeconds());
  await rateCounterEntity
    .patch({ scope: limit.scope, key, window: window.index })
    .add({ count: -1 })
    .where((attributes, { gt }) => gt(attributes.count, 0))
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

/** AP-GU-12: forget the attempts that count now (a successful sign-in's own e-mail and address). */
export async function clearRateCounter(limit: RateLimit, key: string): Promise<void> {
  const window = rateWindow(limit, nowSeconds());
  await Promise.all(
    [window.index, window.index - 1].map((index) =>
      rateCounterEntity.delete({ scope: limit.scope, key, window: index }).go(),
    ),
  );
}

/**
 * AP-GU-13: add one container's count of a company's requests to the company's counter of a
 * window, answering the new total of every container (no condition: counting never refuses).
 */
export async function addCompanyRequests(
  companyId: number,
  window: number,
  windowSeconds: number,
  count: number,
): Promise<number> {
  const { data } = await rateCounterEntity
    .update({ scope: 'company-requests', key: String(companyId), window })
    .add({ count })
    .set({ expiresAt: (window + 2) * windowSeconds })
    .go({ response: 'all_new' });
  return data.count ?? count;
}
