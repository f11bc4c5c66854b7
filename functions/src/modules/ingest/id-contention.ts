/**
 * Whether a new customer's first message may take its contact and ticket ids from the counters
 * as read (one transaction that fails when another writer moved them), or should take them with
 * the counters' ADD first (two calls that never fail). While new customers arrive together the
 * optimistic write mostly fails and is written twice (a cancelled transaction, then the ADDs,
 * then the transaction again), so, per container and company, it is not tried while another new
 * customer's write is in flight here nor for a while after one failed.
 */
export const contentionMemoryMs = 10_000;

export class IdContention {
  private readonly inFlight = new Map<number, number>();
  private readonly conflictedAt = new Map<number, number>();

  /** True when the counters as read are worth trying (nothing says another writer is moving them). */
  optimistic(companyId: number, nowMs: number): boolean {
    if ((this.inFlight.get(companyId) ?? 0) > 0) return false;
    const conflicted = this.conflictedAt.get(companyId);
    return conflicted === undefined || nowMs - conflicted >= contentionMemoryMs;
  }

  /** A new customer's write starts (pair with `finish`). */
  start(companyId: number): void {
    this.inFlight.set(companyId, (this.inFlight.get(companyId) ?? 0) + 1);
  }

  finish(companyId: number): void {
    const left = (this.inFlight.get(companyId) ?? 1) - 1;
    if (left > 0) this.inFlight.set(companyId, left);
    else this.inFlight.delete(companyId);
  }

  /** The counters as read had moved: another writer is taking ids now. */
  conflicted(companyId: number, nowMs: number): void {
    this.conflictedAt.delete(companyId);
    this.conflictedAt.set(companyId, nowMs);
    // Bounded: the oldest company forgotten first (a Map keeps insertion order).
    if (this.conflictedAt.size > 1_000) this.conflictedAt.delete(this.conflictedAt.keys().next().value!);
  }
}
