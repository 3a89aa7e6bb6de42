import { Timestamp } from 'bson';

/**
 * Operation times as MongoDB writes them in the oplog: seconds since the epoch in the high 32 bits and a counter
 * within that second in the low 32. Kept as a bigint, so times compare and sort as plain numbers.
 */
export type OpTime = bigint;

export const toTimestamp = (time: OpTime): Timestamp =>
  new Timestamp({ t: Number(time >> 32n), i: Number(time & 0xffffffffn) });

export const fromTimestamp = (ts: Timestamp): OpTime => (BigInt(ts.high >>> 0) << 32n) | BigInt(ts.low >>> 0);

export const secondsOf = (time: OpTime): number => Number(time >> 32n);

/**
 * The server's logical clock: every change gets a time greater than the last one, close to the wall clock. After
 * a restart it continues from the newest time the data directory holds (`observe`), even if the wall clock went back.
 */
export class ClusterClock {
  private last: OpTime;

  constructor(private readonly now: () => number = Date.now) {
    this.last = BigInt(Math.floor(this.now() / 1000)) << 32n;
  }

  /** The time of the newest change (or of the start, when nothing has changed yet). */
  current(): OpTime {
    return this.last;
  }

  tick(): OpTime {
    const wall = BigInt(Math.floor(this.now() / 1000)) << 32n;
    this.last = wall > this.last ? wall | 1n : this.last + 1n;
    return this.last;
  }

  observe(time: OpTime): void {
    if (time > this.last) this.last = time;
  }
}
