/**
 * The requests the signed-in users of one company may make together per minute, counted across
 * every container that serves them. Counting each request in the table would double the cost of
 * the busiest paths, so each container counts in memory and adds its count to the company's
 * shared counter at most every `flushEveryMs`, learning the total of all containers in return.
 * The budget is therefore exact within one container and approximate across several: a burst
 * can overshoot by what the other containers counted since their last flush.
 */
export interface CompanyBudgetSettings {
  /** Requests per company per window; 0 turns the budget off. */
  limit: number;
  windowMs: number;
  /** How often one container adds its count to the shared counter, per company. */
  flushEveryMs: number;
}

/** Adds `count` to the company's counter of window `window` and answers the new total. */
export type AddToSharedCount = (companyId: number, window: number, count: number) => Promise<number>;

export type BudgetDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface CompanyCount {
  window: number;
  /** Counted here, not yet added to the shared counter. */
  pending: number;
  /** The shared counter as the last flush answered it (this container's flushed requests included). */
  sharedTotal: number;
  lastFlushAt: number;
  flushing: boolean;
}

/** Bounds memory: entries are dropped together on overflow, which only forgets uncounted requests. */
const maxCompanies = 10_000;

export interface CompanyRequestBudget {
  /** Counts one request of the company, or refuses it when the company's window is spent. */
  take(companyId: number): Promise<BudgetDecision>;
}

export function createCompanyRequestBudget(
  settings: CompanyBudgetSettings,
  addToSharedCount: AddToSharedCount,
  now: () => number = Date.now,
  onFlushError: (error: unknown) => void = () => {},
): CompanyRequestBudget {
  const counts = new Map<number, CompanyCount>();

  async function flush(companyId: number, entry: CompanyCount, at: number): Promise<void> {
    const count = entry.pending;
    entry.pending = 0;
    entry.lastFlushAt = at;
    entry.flushing = true;
    try {
      const total = await addToSharedCount(companyId, entry.window, count);
      if (counts.get(companyId) === entry) entry.sharedTotal = Math.max(entry.sharedTotal, total);
    } catch (error) {
      // Counting must never cost a user their request: the count waits for the next flush.
      entry.pending += count;
      onFlushError(error);
    } finally {
      entry.flushing = false;
    }
  }

  return {
    async take(companyId) {
      if (settings.limit <= 0) return { allowed: true };
      const at = now();
      const window = Math.floor(at / settings.windowMs);
      let entry = counts.get(companyId);
      if (!entry || entry.window !== window) {
        if (counts.size >= maxCompanies) counts.clear();
        // The first request of a window flushes at once, so a new container learns the total.
        entry = { window, pending: 0, sharedTotal: 0, lastFlushAt: -Infinity, flushing: false };
        counts.set(companyId, entry);
      }
      if (entry.sharedTotal + entry.pending >= settings.limit) {
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil(((window + 1) * settings.windowMs - at) / 1000)),
        };
      }
      entry.pending += 1;
      if (!entry.flushing && at - entry.lastFlushAt >= settings.flushEveryMs)
        await flush(companyId, entry, at);
      return { allowed: true };
    },
  };
}
