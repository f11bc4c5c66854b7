import { describe, expect, it } from 'vitest';
import { checkUserForm, userFormOf } from './user-form.ts';

/** Changing one's own e-mail or password asks for the current password (issue #14). */
describe('own profile form', () => {
  const me = userFormOf({ name: 'Ana', email: 'ana@example.com', profile: 'user', allTicket: 'desabled' });
  const own = { editing: true, adminFields: false, ownEmail: 'ana@example.com' };

  it('asks for the current password with a new password or e-mail', () => {
    expect(checkUserForm({ ...me, password: 'nueva1' }, own)).toEqual({
      ok: false,
      errors: { currentPassword: 'Requerido' },
    });
    expect(checkUserForm({ ...me, email: 'otra@example.com' }, own)).toEqual({
      ok: false,
      errors: { currentPassword: 'Requerido' },
    });
    expect(checkUserForm({ ...me, password: 'nueva1', currentPassword: 'vieja1' }, own)).toEqual({
      ok: true,
      data: { name: 'Ana', email: 'ana@example.com', password: 'nueva1', currentPassword: 'vieja1' },
    });
  });

  it('does not ask for it for a name, nor when an admin edits someone else', () => {
    expect(checkUserForm({ ...me, name: 'Ana María' }, own)).toEqual({
      ok: true,
      data: { name: 'Ana María', email: 'ana@example.com' },
    });
    const other = checkUserForm({ ...me, password: 'nueva1' }, { editing: true, adminFields: true });
    expect(other.ok && other.data.currentPassword).toBe(undefined);
  });
});
