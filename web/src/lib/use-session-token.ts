import { useSyncExternalStore } from 'react';
import { sessionStore, storageKeys } from './storage.ts';

function subscribe(onChange: () => void): () => void {
  const unsubscribe = sessionStore.subscribe(onChange);
  // A sign-out in another tab (its identity keys removed) ends this tab's session too; the
  // token itself is in each tab's memory, so the storage event of the identity is the signal.
  const onStorage = (event: StorageEvent) => {
    if (
      (event.key === null || event.key === storageKeys.userId) &&
      event.newValue === null &&
      sessionStore.getToken()
    ) {
      sessionStore.clearSession();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored access token, re-rendering when it changes; null when signed out. */
export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribe, () => sessionStore.getToken());
}
