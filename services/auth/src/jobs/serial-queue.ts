import type { Logger } from '@devcircle/service-kit';

/**
 * Work done after the response has gone (a reset link: token, database write, mail), one job at a time and in
 * the order queued. Running it after answering keeps the answer's timing independent of whether there was
 * work at all; one at a time bounds what a burst of requests can cost. Bounded: a flood beyond `maxPending`
 * is dropped with a warning rather than held in memory.
 */
export class SerialQueue {
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(
    private readonly logger: Logger,
    private readonly maxPending = 1000,
  ) {}

  /** Queues `job`; its failure is logged (by label, never with the job's data) and does not stop the queue. */
  push(label: string, job: () => Promise<void>): void {
    if (this.pending >= this.maxPending) {
      this.logger.warn({ job: label, pending: this.pending }, 'background queue full; job dropped');
      return;
    }
    this.pending++;
    this.tail = this.tail.then(async () => {
      try {
        await job();
      } catch (err) {
        this.logger.error({ job: label, err: (err as Error).message }, 'background job failed');
      } finally {
        this.pending--;
      }
    });
  }
}
