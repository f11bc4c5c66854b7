/**
 * What a container keeps per company between invocations: reference data read by many requests
 * (a company's connections, users, queues and tags) that changes rarely. A kept copy serves
 * reads while the company's version (data/directory-version.ts) is the one it was loaded at and
 * it is younger than `freshForMs` (a safety net should a version move be lost); concurrent misses
 * share one load, and a failed load is forgotten at once.
 */
export interface CompanyCache<T> {
  get(companyId: number, version: number): Promise<T>;
  /**
   * The kept value if it satisfies `includes`, else a fresh load: an id the copy lacks was created
   * a moment ago (before its version moved). At most one such load per `minReloadMs`, so an id
   * that is gone for good (a deleted tag still named by a ticket) cannot turn reads into loads.
   */
  getIncluding(companyId: number, version: number, includes: (value: T) => boolean): Promise<T>;
}

interface Kept<T> {
  loadedAt: number;
  version: number;
  value: Promise<T>;
}

const minReloadMs = 250;

export function companyCache<T>(freshForMs: number, load: (companyId: number) => Promise<T>): CompanyCache<T> {
  const kept = new Map<number, Kept<T>>();
  const reload = (companyId: number, version: number): Promise<T> => {
    const value = load(companyId);
    kept.set(companyId, { loadedAt: Date.now(), version, value });
    value.catch(() => {
      if (kept.get(companyId)?.value === value) kept.delete(companyId);
    });
    return value;
  };
  const get = (companyId: number, version: number): Promise<T> => {
    const entry = kept.get(companyId);
    return entry && entry.version === version && Date.now() - entry.loadedAt < freshForMs ? entry.value : reload(companyId, version);
  };
  return {
    get,
    async getIncluding(companyId, version, includes) {
      const value = await get(companyId, version);
      if (includes(value)) return value;
      const loadedAt = kept.get(companyId)?.loadedAt ?? 0;
      if (Date.now() - loadedAt < minReloadMs) return value;
      return reload(companyId, version);
    },
  };
}
