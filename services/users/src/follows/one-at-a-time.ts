/**
 * Runs the tasks given to it one after another, in order, in this process. Follows and unfollows go through one:
 * each is a transaction that writes the followee's count, so a burst of follows of one member run side by side
 * conflicted on that count, and the driver ran the losers again with a growing back-off — 80 follows of one member
 * at once took seconds, and timed out on a loaded machine. One at a time they never conflict among themselves
 * (a few milliseconds each); other processes' writes still can, and the driver retries those as before.
 */
export class OneAtATime {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    // The next task waits for this one whether it succeeded or not; its failure is the caller's to handle.
    this.tail = result.catch(() => undefined);
    return result;
  }
}
