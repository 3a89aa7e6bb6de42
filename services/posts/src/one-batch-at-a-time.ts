// Node's own timers, named: a screen's test that fakes the global clock shares its realm with the in-process back end
// (service-kit's database.ts does the same), and a faked setImmediate would never start a batch.
import { setImmediate } from 'node:timers';
import type { PostsContext } from './context';

/**
 * Group commit for one kind of write in this process: while a batch is being written, the requests that arrive
 * wait, and the next batch carries all of them (at most `max`). `write` settles every request of its batch (should
 * it throw, the batch's requests still waiting get the error). The first batch after a quiet spell starts on the
 * next turn of the event loop, so the requests read from the sockets in the same turn go together instead of the
 * first going alone.
 *
 * `write` resolves once the batch no longer needs to be the only one in flight (its transaction committed); what it
 * still does for its requests after that (reading their answers) may overlap the next batch.
 */
export class OneBatchAtATime<T extends { reject(err: unknown): void }> {
  private pending: T[] = [];
  private running = false;

  constructor(
    private readonly write: (batch: T[]) => Promise<void>,
    private readonly max: number,
  ) {}

  add(item: T): void {
    this.pending.push(item);
    if (this.running) return;
    this.running = true;
    setImmediate(() => void this.drain());
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, this.max);
        // A request already settled ignores a second settlement (a promise settles once).
        await this.write(batch).catch((err: unknown) => batch.forEach((request) => request.reject(err)));
      }
    } finally {
      this.running = false;
    }
  }
}

/**
 * A batcher per started service, made on first use: the batches of one service's writes must share one (that is
 * the point of them), and a process may run several services (tests, two instances side by side).
 */
export function perService<T>(make: (ctx: PostsContext) => T): (ctx: PostsContext) => T {
  const made = new WeakMap<PostsContext, T>();
  return (ctx) => {
    let found = made.get(ctx);
    if (!found) {
      found = make(ctx);
      made.set(ctx, found);
    }
    return found;
  };
}
