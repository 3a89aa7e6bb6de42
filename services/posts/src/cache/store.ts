import { OvertakableCache } from './overtaken-loads';

/**
 * Entries by key, least recently used dropped beyond `max`, filled by loads that an invalidation can overtake
 * (`OvertakableCache`, docs/caching.md):
 *
 * - `invalidate(key)` drops the entry and overtakes a load of it in progress: that load answers the callers already
 *   waiting for it but is not kept, and a caller arriving later starts a load of its own. `clear()` does the same
 *   for every key.
 * - Concurrent misses of one key share one load (a burst of readers costs the database one read).
 */
export class InvalidatingCache<V> extends OvertakableCache {
  private readonly entries = new Map<string, V>();
  /** The load in progress of each key, for callers that miss it meanwhile. */
  private readonly loading = new Map<string, Promise<Map<string, V>>>();

  constructor(private readonly max: number) {
    super();
  }

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
          pending.then((values) => {
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
    let pending: Promise<Map<string, V>> | undefined;
    try {
      await this.loadThenKeep(
        () => {
          pending = load(keys);
          for (const key of keys) this.loading.set(key, pending);
          return pending;
        },
        (values, mayKeep) => {
          for (const key of keys) {
            const value = values.get(key);
            if (value === undefined) continue;
            found.set(key, value);
            if (mayKeep(key)) this.keep(key, value);
          }
        },
      );
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
    this.overtake(key);
    // A reader arriving now (after the write that caused this) must not get that load's older answer.
    this.loading.delete(key);
  }

  /** Drops everything, and what loads in progress read. */
  clear(): void {
    this.entries.clear();
    this.dropLoads();
  }

  override dropLoads(): void {
    this.loading.clear();
    super.dropLoads();
  }
}
