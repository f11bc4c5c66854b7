import type { EntityItem } from 'electrodb';
import { loginFailuresEntity, passwordResetEntity } from './guard-entities.ts';
import { isConditionFailure } from './sessions.ts';

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
