import type { Principal } from '#auth/principal';
import { isAdmin } from '#auth/principal';
import { AppError } from './app-error.ts';

/** Fields a user may change on their own record without being an admin. */
const selfEditable = new Set(['name', 'email', 'password']);

/**
 * Admins manage their company's users; anyone may read and edit their own name, e-mail and
 * password. The target always belongs to the caller's company (its key is built from it).
 */
export function assertMayEditUser(principal: Principal, targetUserId: number, changedFields: string[]): void {
  if (isAdmin(principal)) return;
  if (principal.userId !== targetUserId) throw new AppError('ERR_NO_PERMISSION');
  const forbidden = changedFields.filter((field) => !selfEditable.has(field));
  if (forbidden.length > 0) throw new AppError('ERR_NO_PERMISSION', { fields: forbidden });
}

export function assertMayReadUser(principal: Principal, targetUserId: number): void {
  if (!isAdmin(principal) && principal.userId !== targetUserId) throw new AppError('ERR_NO_PERMISSION');
}

/** Which fields of an update differ from the current record (unchanged ones are not "changes"). */
export function changedFields(current: Record<string, unknown>, update: Record<string, unknown>): string[] {
  return Object.entries(update)
    .filter(([key, value]) => {
      if (value === undefined) return false;
      if (key === 'password') return true;
      const before = current[key];
      return JSON.stringify(before ?? null) !== JSON.stringify(value ?? null);
    })
    .map(([key]) => key);
}
