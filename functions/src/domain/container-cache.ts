/**
 * A per-container cache of what changes rarely (a company's webhooks, its sockets, its contacts'
 * names): a value is loaded once and used until it is `freshForMs` old, or until the caller
 * forgets it because it saw the item change in its stream. Stream consumers keep what they read
 * here between batches; what invalidates each cache and its bound are in docs/decisions.md
 * ("Stream consumers: per-container caches").
 */
export class ContainerCache<K, V> {
  private readonly entries = new Map<K, { loadedAt: number; value: Promise<V> }>();

  constructor(
    private readonly freshForMs: number,
    private readonly now: () => number = Date.now,
    /** Beyond this many keys the oldest are dropped (a container serves many companies). */
    private readonly maxEntries = 5_000,
  ) {}

  /** The fresh value of `key`, else what `load` answers (a failed load is not kept). */
  get(key: K, load: () => Promise<V>): Promise<V> {
    const cached = this.entries.get(key);
    if (cached && this.now() - cached.loadedAt < this.freshForMs) return cached.value;
    const value = load();
    this.entries.delete(key);
    this.entries.set(key, { loadedAt: this.now(), value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
    return value;
  }

  /** The fresh value of `key` if there is one (no load). */
  peek(key: K): Promise<V> | undefined {
    const cached = this.entries.get(key);
    return cached && this.now() - cached.loadedAt < this.freshForMs ? cached.value : undefined;
  }

  /** The next `get` loads again. */
  forget(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
