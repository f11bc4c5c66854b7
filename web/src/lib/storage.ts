/**
 * Browser storage, one place for every key the SPA keeps between visits.
 * The keys follow the source product. The access token is not among what is kept: it lives in
 * memory only, so script injected into the page cannot lift it from storage, and the httpOnly
 * refresh cookie brings a new one after a reload (restoreSession in the API client).
 */
export const storageKeys = {
  /** Where older versions kept the access token; removed on start. */
  token: 'token',
  companyId: 'companyId',
  userId: 'userId',
  /** Present (any value) when the company has campaigns enabled; gates the campaign routes. */
  campaignsFlag: 'cshow',
  theme: 'theme',
  volume: 'volume',
  /** The local task list (core §3), as the source product keeps it. */
  tasks: 'tasks',
} as const;

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function memoryStore(): KeyValueStore {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

/**
 * localStorage when the browser lets us use it; a memory store otherwise (Node tests, or storage
 * disabled by privacy settings, where every access throws), so the app still runs for the visit.
 */
export function browserStore(): KeyValueStore {
  const fallback = memoryStore();
  const local = (): KeyValueStore => {
    try {
      return globalThis.localStorage ?? fallback;
    } catch {
      return fallback;
    }
  };
  const guarded = <T>(action: (store: KeyValueStore) => T): T => {
    try {
      return action(local());
    } catch {
      return action(fallback);
    }
  };
  return {
    getItem: (key) => guarded((s) => s.getItem(key)),
    setItem: (key, value) => guarded((s) => s.setItem(key, value)),
    removeItem: (key) => guarded((s) => s.removeItem(key)),
  };
}

/** What the API client and the live socket need to know about the signed-in session. */
export interface SessionStore {
  /** The access token, kept in memory for this page only. */
  getToken(): string | null;
  setToken(token: string): void;
  /** Whether this browser was signed in when last used (the identity is kept): worth a refresh on start. */
  hasStoredIdentity(): boolean;
  setIdentity(identity: { companyId: number | string; userId: number | string }): void;
  setCampaignsEnabled(enabled: boolean): void;
  hasCampaignsFlag(): boolean;
  clearSession(): void;
  /** Called whenever this store changes the token, so the UI can follow sign-in and sign-out. */
  subscribe(listener: () => void): () => void;
}

export function createSessionStore(store: KeyValueStore): SessionStore {
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  let token: string | null = null;
  // A token an older version left in storage is dropped; the refresh cookie replaces it.
  store.removeItem(storageKeys.token);
  return {
    getToken() {
      return token;
    },
    setToken(value) {
      token = value || null;
      notify();
    },
    hasStoredIdentity() {
      return store.getItem(storageKeys.userId) !== null;
    },
    setIdentity({ companyId, userId }) {
      store.setItem(storageKeys.companyId, String(companyId));
      store.setItem(storageKeys.userId, String(userId));
    },
    setCampaignsEnabled(enabled) {
      if (enabled) store.setItem(storageKeys.campaignsFlag, 'true');
      else store.removeItem(storageKeys.campaignsFlag);
    },
    hasCampaignsFlag() {
      return store.getItem(storageKeys.campaignsFlag) !== null;
    },
    clearSession() {
      token = null;
      for (const key of [
        storageKeys.token,
        storageKeys.companyId,
        storageKeys.userId,
        storageKeys.campaignsFlag,
      ]) {
        store.removeItem(key);
      }
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const localStore = browserStore();
export const sessionStore = createSessionStore(localStore);
