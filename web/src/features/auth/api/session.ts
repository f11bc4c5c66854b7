import { sessionStore, type SessionStore } from '../../../lib/storage.ts';
import { campaignsEnabledFor } from '../campaigns-setting.ts';
import type { LoginAnswer, SessionUser } from '../types.ts';

/**
 * The browser flags the source product derives from the company: `cshow` (extended §2.1, the
 * campaign routes and menu) is written while the company's `campaignsEnabled` setting is on and
 * removed when it is off, at sign-in and whenever the session user is loaded again.
 */
export function rememberCompanySettings(user: SessionUser, store: SessionStore = sessionStore): void {
  store.setCampaignsEnabled(campaignsEnabledFor(user.company));
}

/** Keeps what later visits need: the token, the ids the source product stored and the campaigns flag. */
export function storeSession({ token, user }: LoginAnswer): void {
  sessionStore.setIdentity({ companyId: user.companyId, userId: user.id });
  rememberCompanySettings(user);
  // The token goes last: storing it signs the UI in, and by then the rest is in place.
  sessionStore.setToken(token);
}
