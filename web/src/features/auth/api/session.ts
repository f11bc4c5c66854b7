import { sessionStore } from '../../../lib/storage.ts';
import type { LoginAnswer, SessionUser } from '../types.ts';

/** Whether the company has campaigns switched on (core §3 Company: a setting with value true or false). */
export function campaignsEnabledFor(user: SessionUser): boolean {
  return user.company?.settings?.some((s) => s.key === 'campaignsEnabled' && s.value === 'true') ?? false;
}

/** Keeps what later visits need: the token, the ids the source product stored, and the campaigns flag. */
export function storeSession({ token, user }: LoginAnswer): void {
  sessionStore.setIdentity({ companyId: user.companyId, userId: user.id });
  sessionStore.setCampaignsEnabled(campaignsEnabledFor(user));
  // The token goes last: storing it signs the UI in, and by then the rest is in place.
  sessionStore.setToken(token);
}
