import { volume as volumeLimits } from '@atende/shared/constants';
import { localStore, storageKeys, type KeyValueStore } from './storage.ts';

/**
 * core §9: the notification volume goes from 0 to 1 in steps of 0.1, is kept in local storage
 * under `volume` and starts at 1.
 */
export function normaliseVolume(value: unknown): number {
  const number = typeof value === 'string' ? Number(value.trim() === '' ? NaN : value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return volumeLimits.default;
  const clamped = Math.min(volumeLimits.max, Math.max(volumeLimits.min, number));
  // Round to the step; toFixed keeps 0.30000000000000004 from leaking into storage.
  return Number((Math.round(clamped / volumeLimits.step) * volumeLimits.step).toFixed(1));
}

export function readVolume(store: KeyValueStore = localStore): number {
  const stored = store.getItem(storageKeys.volume);
  return stored === null ? volumeLimits.default : normaliseVolume(stored);
}

export function storeVolume(value: number, store: KeyValueStore = localStore): number {
  const normalised = normaliseVolume(value);
  store.setItem(storageKeys.volume, String(normalised));
  return normalised;
}
