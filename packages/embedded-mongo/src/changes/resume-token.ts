import { MongoCommandError } from '../errors';
import { isPlainObject } from '../query/document';
import type { OpTime } from '../replication/clock';

/**
 * Where a change stream stands. `event`: just after one event (an oplog entry's time and, within a transaction,
 * the operation's index). `invalidate`: after the invalidate that entry caused. `highWaterMark`: every change up
 * to that time was examined. Encoded in `_data` as hex, so tokens sort as their positions do.
 */
export interface ResumePosition {
  kind: 'highWaterMark' | 'event' | 'invalidate';
  ts: OpTime;
  opIndex: number;
}

const KIND_CODE = { highWaterMark: '0', event: '1', invalidate: '2' } as const;
const CODE_KIND = { '0': 'highWaterMark', '1': 'event', '2': 'invalidate' } as const;

export function encodeToken(position: ResumePosition): { _data: string } {
  const ts = position.ts.toString(16).padStart(16, '0');
  const index = position.opIndex.toString(16).padStart(8, '0');
  return { _data: `${ts}${index}${KIND_CODE[position.kind]}` };
}

export function decodeToken(token: unknown, option: string): ResumePosition {
  const data = isPlainObject(token) ? token._data : undefined;
  const match = typeof data === 'string' ? /^([0-9a-f]{16})([0-9a-f]{8})([012])$/.exec(data) : null;
  if (!match) {
    throw new MongoCommandError('BadValue', `${option}: the resume token is not one this server issued`);
  }
  return {
    ts: BigInt(`0x${match[1]}`),
    opIndex: parseInt(match[2], 16),
    kind: CODE_KIND[match[3] as keyof typeof CODE_KIND],
  };
}
