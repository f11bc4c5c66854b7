import { describe, expect, it } from 'vitest';
import { can } from './permissions.ts';

describe('can', () => {
  it('gives the connection actions to admins only, whatever the case of the profile', () => {
    for (const permission of [
      'connections-page:addConnection',
      'connections-page:actionButtons',
      'connections-page:editOrDeleteConnection',
    ] as const) {
      expect(can('admin', permission)).toBe(true);
      expect(can('ADMIN', permission)).toBe(true);
      expect(can('user', permission)).toBe(false);
      expect(can('supervisor', permission)).toBe(false);
      expect(can(undefined, permission)).toBe(false);
    }
  });

  it('gives contact deletion to admins only (core §6)', () => {
    expect(can('admin', 'contacts-page:deleteContact')).toBe(true);
    expect(can('user', 'contacts-page:deleteContact')).toBe(false);
    expect(can('supervisor', 'contacts-page:deleteContact')).toBe(false);
  });

  it('gives the contacts export to admins only', () => {
    expect(can('admin', 'contacts-page:exportContacts')).toBe(true);
    expect(can('user', 'contacts-page:exportContacts')).toBe(false);
    expect(can('supervisor', 'contacts-page:exportContacts')).toBe(false);
  });
});
