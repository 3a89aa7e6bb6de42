/** Changes remembered for the loads in progress; beyond it every load in progress keeps nothing. */
const CHANGES_KEPT = 10_000;

/**
 * What every cache here shares (docs/caching.md "Invalidation"): it is filled by loads that a change can overtake.
 * A load that was reading when a key changed may have read it from before the change, so it answers whoever waits
 * for it (as a database read at that moment would) but keeps nothing of that key. By a clock: a load notes the
 * clock when it begins, a change while loads are in progress notes the clock on its key, and a load keeps only the
 * keys that did not change after it began. Nothing is kept while the cache is not `live` (its change stream is not
 * open): a change it did not hear of could leave an old entry forever.
 */
export abstract class OvertakableCache {
  live = false;
  private clock = 0;
  private readonly changedAt = new Map<string, number>();
  /** Loads that began before it keep nothing. */
  private floor = 0;
  private loads = 0;

  /**
   * Runs `read`, then `keep` with what it read and whether a key may be kept (it did not change since `read`
   * began, and the cache is live).
   */
  protected async loadThenKeep<T>(
    read: () => Promise<T>,
    keep: (value: T, mayKeep: (key: string) => boolean) => void,
  ): Promise<T> {
    const began = this.clock;
    this.loads++;
    try {
      const value = await read();
      keep(value, (key) => this.live && began >= this.floor && (this.changedAt.get(key) ?? 0) <= began);
      return value;
    } finally {
      // With no load in progress, no change can concern one.
      if (--this.loads === 0) this.changedAt.clear();
    }
  }

  /** `key` changed: the loads in progress keep nothing of it. */
  protected overtake(key: string): void {
    if (this.loads === 0) return;
    if (this.changedAt.size >= CHANGES_KEPT) this.dropLoads();
    else this.changedAt.set(key, ++this.clock);
  }

  /**
   * Keeps what is held but nothing that loads in progress read: for a change that could concern any key loading
   * now, but no key held (a deleted document this cache never saw; docs/caching.md "Per reader").
   */
  dropLoads(): void {
    this.floor = ++this.clock;
    this.changedAt.clear();
  }
}
