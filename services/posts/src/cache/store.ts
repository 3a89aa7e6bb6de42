/** A load in progress for some keys: whether one of them was invalidated since it began, and what it gives. */
interface Load<V> {
  stale: Set<string>;
  epoch: number;
  values: Promise<Map<string, V>>;
}

/**
 * Entries by key, least recently used dropped beyond `max`, filled by loads that an invalidation can overtake
 * (docs/caching.md):
 *
 * - `invalidate(key)` drops the entry and marks a load of it in progress as stale: what that load read may be
 *   from before the change, so it answers the callers already waiting for it (as a database read at that moment
 *   would) but is not kept, and a caller arriving later starts a load of its own. `clear()` does the same for
 *   every key.
 * - Concurrent misses of one key share one load (a burst of readers costs the database one read).
 * - Nothing is kept while the cache is not `live` (its change stream is not open): a change it did not hear of
 *   could leave an old entry forever.
 */
export class InvalidatingCache<V> {
  private readonly entries = new Map<string, V>();
  private readonly loading = new Map<string, Load<V>>();
  private epoch = 0;
  live = false;

  constructor(private readonly max: number) {}

  get size(): number {
    return this.entries.size;
  }

  /**
   * The values of `keys` (those that exist), from memory where held; the rest through one call of `load`, which
   * answers for the keys it was given (a key it leaves out does not exist).
   */
  async getMany(
    keys: string[],
    load: (missing: string[]) => Promise<Map<string, V>>,
  ): Promise<Map<string, V>> {
    const found = new Map<string, V>();
    const waits: Promise<void>[] = [];
    const missing: string[] = [];
    for (const key of keys) {
      const value = this.entries.get(key);
      if (value !== undefined) {
        // Most recently used goes last: Map keeps insertion order.
        this.entries.delete(key);
        this.entries.set(key, value);
        found.set(key, value);
        continue;
      }
      const pending = this.loading.get(key);
      if (pending) {
        waits.push(
          pending.values.then((values) => {
            const loaded = values.get(key);
            if (loaded !== undefined) found.set(key, loaded);
          }),
        );
      } else missing.push(key);
    }
    if (missing.length > 0) waits.push(this.load(missing, load, found));
    await Promise.all(waits);
    return found;
  }

  private async load(
    keys: string[],
    load: (missing: string[]) => Promise<Map<string, V>>,
    found: Map<string, V>,
  ): Promise<void> {
    const pending: Load<V> = { stale: new Set(), epoch: this.epoch, values: load(keys) };
    for (const key of keys) this.loading.set(key, pending);
    try {
      const values = await pending.values;
      for (const key of keys) {
        const value = values.get(key);
        if (value === undefined) continue;
        found.set(key, value);
        if (this.live && pending.epoch === this.epoch && !pending.stale.has(key)) this.keep(key, value);
      }
    } finally {
      for (const key of keys) if (this.loading.get(key) === pending) this.loading.delete(key);
    }
  }

  private keep(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  invalidate(key: string): void {
    this.entries.delete(key);
    const pending = this.loading.get(key);
    if (!pending) return;
    pending.stale.add(key);
    // A reader arriving now (after the write that caused this) must not get that load's older answer.
    this.loading.delete(key);
  }

  /** Drops everything, and what loads in progress read. */
  clear(): void {
    this.entries.clear();
    this.dropLoads();
  }

  /**
   * Keeps what is held but nothing that loads in progress read: for a change that could concern any key loading
   * now, but no key held (a deleted document this cache never saw; docs/caching.md "Per reader").
   */
  dropLoads(): void {
    this.loading.clear();
    this.epoch++;
  }
}
