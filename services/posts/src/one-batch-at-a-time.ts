// Node's own timer, named: a screen's test that fakes the global clock shares its realm with the in-process back end
// (service-kit's database.ts and wakeable-sleep.ts do the same), and a faked setImmediate would never start a batch.
import { setImmediate } from 'node:timers';
import { wakeableSleep } from '@devcircle/service-kit';
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
  /** How many requests the last batch carried plus how many arrived while it was written. */
  private senders = 1;
  /** Set while a batch waits for the rest of its senders: called once enough have arrived. */
  private gathered: (() => void) | undefined;
  /** How long the last batch took to write, in milliseconds. */
  private lastWriteMs = 0;

  constructor(
    private readonly write: (batch: T[]) => Promise<void>,
    private readonly max: number,
  ) {}

  add(item: T): void {
    this.pending.push(item);
    if (this.gathered && this.pending.length >= Math.min(this.senders, this.max)) this.gathered();
    if (this.running) return;
    this.running = true;
    setImmediate(() => void this.drain());
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        await this.gather();
        const batch = this.pending.splice(0, this.max);
        const started = performance.now();
        // A request already settled ignores a second settlement (a promise settles once).
        await this.write(batch).catch((err: unknown) => batch.forEach((request) => request.reject(err)));
        this.senders = batch.length + this.pending.length;
        this.lastWriteMs = performance.now() - started;
      }
    } finally {
      this.running = false;
    }
  }

  /**
   * Waits, briefly, for the senders of the last batch to come back before the next starts. Why: the requests
   * answered by a commit are sent again (by busy clients) a moment later, while those that arrived during that
   * batch are already waiting; starting at once splits the senders into two groups that take turns, each batch
   * carrying half of them and costing the same dozen round trips. Waiting at most a quarter of the last batch's
   * time (and never above GATHER_MAX_MS) keeps them one group: fewer, fuller batches, so less CPU per write. Alone
   * (a single sender) nothing waits.
   */
  private gather(): Promise<void> {
    const wanted = Math.min(this.senders, this.max);
    if (this.pending.length >= wanted) return Promise.resolve();
    const waitMs = Math.min(GATHER_MAX_MS, this.lastWriteMs / 4);
    if (waitMs < 0.5) return Promise.resolve();
    const sleep = wakeableSleep(waitMs);
    this.gathered = sleep.wake;
    return sleep.done.then(() => {
      this.gathered = undefined;
    });
  }
}

/** The longest a batch waits for its senders to come back (see `gather`). */
const GATHER_MAX_MS = 5;

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
