import type { Principal } from '#auth/principal';
import { isAdmin } from '#auth/principal';
import { AppError } from './app-error.ts';

/** Fields a user may change on their own record without being an admin. */
const selfEditable = new Set(['name', 'email', 'password', 'language']);

/** The target of a user change, as far as the rules need it. */
export interface UserTarget {
  id: number;
  isSuper?: boolean;
}

/**
 * Admins manage their company's users; anyone may read and edit their own name, e-mail,
 * password and language. A super user is changed or deleted only by a super user: otherwise an admin of the
 * platform company could take the account over by setting its password or e-mail. The target
 * always belongs to the caller's company (its key is built from it).
 */
export function assertMayEditUser(principal: Principal, target: UserTarget, changedFields: string[]): void {
  if (target.isSuper && !principal.isSuper) throw new AppError('ERR_NO_PERMISSION');
  if (changedFields.includes('super') && !principal.isSuper) throw new AppError('ERR_NO_PERMISSION');
  if (isAdmin(principal)) return;
  if (principal.userId !== target.id) throw new AppError('ERR_NO_PERMISSION');
  const forbidden = changedFields.filter((field) => !selfEditable.has(field));
  if (forbidden.length > 0) throw new AppError('ERR_NO_PERMISSION', { fields: forbidden });
}

/** Deleting: admins only (the route says so), never oneself, and a super user only by a super user. */
export function assertMayDeleteUser(principal: Principal, target: UserTarget): void {
  // Deleting yourself would lock the company's last admin out as easily as anyone else.
  if (target.id === principal.userId) throw new AppError('ERR_NO_PERMISSION');
  if (target.isSuper && !principal.isSuper) throw new AppError('ERR_NO_PERMISSION');
}

export function assertMayReadUser(principal: Principal, targetUserId: number): void {
  if (!isAdmin(principal) && principal.userId !== targetUserId) throw new AppError('ERR_NO_PERMISSION');
}

/**
 * Changing one's own e-mail or password asks for the current password, so a stolen access token
 * (or an unattended screen) cannot turn into the account: with the e-mail, the password reset
 * would hand the account over too.
 */
export function needsCurrentPassword(
  principal: Principal,
  targetUserId: number,
  changedFields: string[],
): boolean {
  return (
    principal.userId === targetUserId &&
    changedFields.some((field) => field === 'password' || field === 'email')
  );
}

/**
 * Changes after which the user's session must end: a new password (whoever holds the old session
 * may not keep it), and a profile or super flag, which the access token carries. Queues and
 * allTicket are read fresh by REST, and the broadcaster updates the open sockets with them.
 */
export function endsSession(changedFields: string[]): boolean {
  return changedFields.some((field) => field === 'password' || field === 'profile' || field === 'super');
}

/** Which fields of an update differ from the current record (unchanged ones are not "changes"). */
export function changedFields(current: Record<string, unknown>, update: Record<string, unknown>): string[] {
  return Object.entries(update)
    .filter(([key, value]) => {
      if (value === undefined || key === 'currentPassword') return false;
      if (key === 'password') return true;
      const before = current[key];
      return JSON.stringify(before ?? null) !== JSON.stringify(value ?? null);
    })
    .map(([key]) => key);
}
