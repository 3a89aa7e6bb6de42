import type { ObjectId } from 'mongodb';

/** Far more than a look-back window holds at this project's rates; past it, the oldest are forgotten. */
export const MAX_SEEN = 50_000;

/**
 * The events of the look-back window this process has already handled, so re-reading the window hands
 * each to `handle` once. Bounded twice: ids older than the window are dropped at every poll, and at most
 * `limit` are kept (forgetting one only means handling it again, which idempotent handlers allow).
 */
export class SeenSet {
  private readonly ids = new Set<string>();

  constructor(private readonly limit = MAX_SEEN) {}

  has(id: ObjectId): boolean {
    return this.ids.has(id.toHexString());
  }

  add(id: ObjectId): void {
    this.ids.add(id.toHexString());
    if (this.ids.size > this.limit) {
      const oldest = this.ids.values().next().value;
      if (oldest !== undefined) this.ids.delete(oldest);
    }
  }

  /** Forgets ids at or before `windowStart`: the window is never read there again. */
  prune(windowStart: ObjectId): void {
    const start = windowStart.toHexString();
    // Hex ids of equal length compare like the ids themselves.
    for (const id of this.ids) if (id <= start) this.ids.delete(id);
  }

  get size(): number {
    return this.ids.size;
  }
}
