import { describe, expect, it } from 'vitest';
import { memoryStore } from '../../../lib/storage.ts';
import { initialThemeMode, storeThemeMode } from './theme-mode.ts';

describe('theme mode', () => {
  it('follows the system preference when nothing is stored', () => {
    expect(initialThemeMode(memoryStore(), true)).toBe('dark');
    expect(initialThemeMode(memoryStore(), false)).toBe('light');
  });

  it('prefers the stored choice over the system preference', () => {
    const store = memoryStore();
    storeThemeMode('light', store);
    expect(store.getItem('theme')).toBe('light');
    expect(initialThemeMode(store, true)).toBe('light');
    store.setItem('theme', '"dark"');
    expect(initialThemeMode(store, false)).toBe('dark');
  });

  it('ignores a stored value that is not a mode', () => {
    const store = memoryStore();
    store.setItem('theme', 'sepia');
    expect(initialThemeMode(store, true)).toBe('dark');
  });
});
