import { localStore, storageKeys, type KeyValueStore } from '../../../lib/storage.ts';

export type ThemeMode = 'light' | 'dark';

function isThemeMode(value: unknown): value is ThemeMode {
  return value === 'light' || value === 'dark';
}

/** The stored choice wins; without one, the system preference decides (extended §9). */
export function initialThemeMode(
  store: KeyValueStore = localStore,
  prefersDark = systemPrefersDark(),
): ThemeMode {
  const stored = store.getItem(storageKeys.theme);
  // Accept a JSON-quoted value too, in case another writer stringified it.
  const value = stored?.replace(/^"(.*)"$/, '$1');
  if (isThemeMode(value)) return value;
  return prefersDark ? 'dark' : 'light';
}

export function storeThemeMode(mode: ThemeMode, store: KeyValueStore = localStore): void {
  store.setItem(storageKeys.theme, mode);
}

function systemPrefersDark(): boolean {
  return (
    typeof globalThis.matchMedia === 'function' &&
    globalThis.matchMedia('(prefers-color-scheme: dark)').matches
  );
}
