import { describe, expect, it } from 'vitest';
import type { Principal } from '../src/auth/principal.ts';
import {
  assertMayDeleteUser,
  assertMayEditUser,
  changedFields,
  endsSession,
  needsCurrentPassword,
} from '../src/domain/user-rules.ts';

const platformAdmin: Principal = {
  userId: 2,
  companyId: 1,
  profile: 'admin',
  isSuper: false,
  sessionId: 's',
};
const root: Principal = { userId: 1, companyId: 1, profile: 'admin', isSuper: true, sessionId: 's' };
const superTarget = { id: 1, isSuper: true };

describe('user rules against takeover (issue #14)', () => {
  it('lets only a super user change a super user, whatever the field', () => {
    for (const field of ['password', 'email', 'name', 'profile']) {
      expect(() => assertMayEditUser(platformAdmin, superTarget, [field])).toThrow('ERR_NO_PERMISSION');
    }
    expect(() => assertMayEditUser(root, superTarget, ['password'])).not.toThrow();
    expect(() => assertMayEditUser(platformAdmin, { id: 3 }, ['super'])).toThrow('ERR_NO_PERMISSION');
  });

  it('lets only a super user delete a super user, and no one themselves', () => {
    expect(() => assertMayDeleteUser(platformAdmin, superTarget)).toThrow('ERR_NO_PERMISSION');
    expect(() => assertMayDeleteUser(root, { id: 5, isSuper: true })).not.toThrow();
    expect(() => assertMayDeleteUser(root, superTarget)).toThrow('ERR_NO_PERMISSION');
    expect(() => assertMayDeleteUser(platformAdmin, { id: 3 })).not.toThrow();
  });

  it('asks for the current password when one changes one own e-mail or password only', () => {
    expect(needsCurrentPassword(platformAdmin, 2, ['password'])).toBe(true);
    expect(needsCurrentPassword(platformAdmin, 2, ['email'])).toBe(true);
    expect(needsCurrentPassword(platformAdmin, 2, ['name'])).toBe(false);
    expect(needsCurrentPassword(platformAdmin, 3, ['password'])).toBe(false);
  });

  it('ends the session on a new password, profile or super flag, not on queues or a name', () => {
    expect(endsSession(['password'])).toBe(true);
    expect(endsSession(['profile'])).toBe(true);
    expect(endsSession(['super'])).toBe(true);
    expect(endsSession(['queueIds', 'allTicket', 'name', 'email'])).toBe(false);
  });

  it('never counts the current password as a change', () => {
    expect(changedFields({ name: 'Ana' }, { name: 'Ana', currentPassword: 'x' })).toEqual([]);
  });
});
