import { describe, expect, it } from 'vitest';
import { normaliseVolume, readVolume, storeVolume } from './volume.ts';
import { memoryStore } from './storage.ts';

describe('volume', () => {
  it('starts at 1 when nothing is stored', () => {
    expect(readVolume(memoryStore())).toBe(1);
  });

  it('keeps the value in local storage under "volume"', () => {
    const store = memoryStore();
    expect(storeVolume(0.3, store)).toBe(0.3);
    expect(store.getItem('volume')).toBe('0.3');
    expect(readVolume(store)).toBe(0.3);
  });

  it('clamps to 0..1 and rounds to the 0.1 step', () => {
    expect(normaliseVolume(1.7)).toBe(1);
    expect(normaliseVolume(-2)).toBe(0);
    expect(normaliseVolume(0.34)).toBe(0.3);
    expect(normaliseVolume(0.1 + 0.2)).toBe(0.3);
    expect(normaliseVolume('0.5')).toBe(0.5);
  });

  it('reads a broken stored value as the default', () => {
    const store = memoryStore();
    store.setItem('volume', 'loud');
    expect(readVolume(store)).toBe(1);
    store.setItem('volume', '');
    expect(readVolume(store)).toBe(1);
  });
});
