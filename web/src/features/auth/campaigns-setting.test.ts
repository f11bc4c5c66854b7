import { describe, expect, it } from 'vitest';
import { createSessionStore, memoryStore, storageKeys } from '../../lib/storage.ts';
import { campaignsEnabledFor } from './campaigns-setting.ts';
import { rememberCompanySettings } from './api/session.ts';

describe('the campaigns setting', () => {
  it('reads the stored setting first, then the company field', () => {
    expect(
      campaignsEnabledFor({ id: 1, name: 'A', settings: [{ key: 'campaignsEnabled', value: 'true' }] }),
    ).toBe(true);
    expect(
      campaignsEnabledFor({
        id: 1,
        name: 'A',
        campaignsEnabled: true,
        settings: [{ key: 'campaignsEnabled', value: 'false' }],
      }),
    ).toBe(false);
    expect(campaignsEnabledFor({ id: 1, name: 'A', campaignsEnabled: true, settings: [] })).toBe(true);
    expect(campaignsEnabledFor({ id: 1, name: 'A' })).toBe(false);
    expect(campaignsEnabledFor(undefined)).toBe(false);
  });

  it('writes the cshow flag while the company has campaigns on, and removes it when off', () => {
    const store = memoryStore();
    const session = createSessionStore(store);
    const user = (value: string) => ({
      id: 2,
      name: 'Ana',
      email: 'ana@example.com',
      profile: 'admin',
      companyId: 1,
      company: { id: 1, name: 'A', settings: [{ key: 'campaignsEnabled', value }] },
    });
    rememberCompanySettings(user('true'), session);
    expect(store.getItem(storageKeys.campaignsFlag)).not.toBeNull();
    expect(session.hasCampaignsFlag()).toBe(true);
    rememberCompanySettings(user('false'), session);
    expect(session.hasCampaignsFlag()).toBe(false);
  });
});
