import { sessionStore } from '../../../lib/storage.ts';
import type { LoginAnswer } from '../types.ts';

/**
 * Keeps what later visits need: the token and the ids the source product stored. The campaigns
 * flag (`cshow`, extended §2.1) is the browser's to hold: the app reads it and never writes it.
 */
export function storeSession({ token, user }: LoginAnswer): void {
  sessionStore.setIdentity({ companyId: user.companyId, userId: user.id });
  // The token goes last: storing it signs the UI in, and by then the rest is in place.
  sessionStore.setToken(token);
}
