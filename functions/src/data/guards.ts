import type { EntityItem } from 'electrodb';
import { loginFailuresEntity, passwordResetEntity } from './guard-entities.ts';
import { sessionEntity } from './session-entity.ts';
import { isConditionFailure } from './sessions.ts';
import { writeAll } from './transaction.ts';
import { userEntity } from './user-entity.ts';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** AP-GU-1: failed sign-ins for an e-mail in the current window. */
export async function loginFailureCount(emailKey: string): Promise<number> {
  const { data } = await loginFailuresEntity.get({ emailKey }).go({ consistent: true });
  return data && data.expiresAt > nowSeconds() ? data.count : 0;
}

/** AP-GU-2: count one more failure; the window starts at the first failure and expires by TTL. */
export async function recordLoginFailure(emailKey: string, windowSeconds: number): Promise<void> {
  const current = await loginFailuresEntity.get({ emailKey }).go({ consistent: true });
  if (!current.data || current.data.expiresAt <= nowSeconds()) {
    await loginFailuresEntity.put({ emailKey, count: 1, expiresAt: nowSeconds() + windowSeconds }).go();
    return;
  }
  await loginFailuresEntity.update({ emailKey }).add({ count: 1 }).go();
}

/** AP-GU-3: forget the failures after a successful sign-in. */
export async function clearLoginFailures(emailKey: string): Promise<void> {
  await loginFailuresEntity.delete({ emailKey }).go();
}

export type PasswordResetRecord = EntityItem<typeof passwordResetEntity>;

/** AP-GU-4: store a new reset code, replacing any earlier one. */
export async function putPasswordReset(record: PasswordResetRecord): Promise<void> {
  await passwordResetEntity.put(record).go();
}

/** AP-GU-5: the pending reset code of an e-mail, if unexpired. */
export async function getPasswordReset(emailKey: string): Promise<PasswordResetRecord | undefined> {
  const { data } = await passwordResetEntity.get({ emailKey }).go({ consistent: true });
  return data && data.expiresAt > nowSeconds() ? data : undefined;
}

/** AP-GU-6: count a wrong code. */
export async function recordWrongResetCode(emailKey: string): Promise<void> {
  await passwordResetEntity
    .update({ emailKey })
    .add({ attempts: 1 })
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

/** AP-GU-7: drop the code (used or exhausted). */
export async function deletePasswordReset(emailKey: string): Promise<void> {
  await passwordResetEntity.delete({ emailKey }).go();
}

/**
 * AP-GU-8: set a new password with a reset code, once: the code is deleted on the condition that
 * it is still the one checked, in the same transaction as the password change and the end of
 * the user's session.
 */
export async function resetPasswordWithCode(
  emailKey: string,
  codeHash: string,
  user: { companyId: number; id: number },
  passwordHash: string,
): Promise<void> {
  await writeAll(
    { reset: passwordResetEntity, user: userEntity, session: sessionEntity },
    ({ reset, user: users, session }) => [
      reset.delete({ emailKey }).where((attributes, { eq }) => eq(attributes.codeHash, codeHash)).commit(),
      users.patch({ companyId: user.companyId, id: user.id }).set({ passwordHash }).commit(),
      session.delete({ companyId: user.companyId, userId: user.id }).commit(),
    ],
    ['ERR_INVALID_RESET_CODE', 'ERR_NO_USER_FOUND'],
  );
}
