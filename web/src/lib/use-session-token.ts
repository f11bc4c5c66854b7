import { useSyncExternalStore } from 'react';
import { sessionStore, storageKeys } from './storage.ts';

function subscribe(onChange: () => void): () => void {
  const unsubscribe = sessionStore.subscribe(onChange);
  // A sign-in or sign-out in another tab changes this tab's session too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === storageKeys.token) onChange();
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
