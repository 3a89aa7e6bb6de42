import {
  Binary,
  Decimal128,
  Long,
  MaxKey,
  MinKey,
  ObjectId,
  Timestamp,
  BSONRegExp,
  BSONSymbol,
  Code,
} from 'bson';

/**
 * MongoDB's comparison order across BSON types
 * (https://www.mongodb.com/docs/manual/reference/bson-type-comparison-order/):
 * MinKey < null/missing < numbers < strings < objects < arrays < binData < ObjectId < booleans < dates
 * < timestamps < regexes < MaxKey.
 */
export const enum TypeRank {
  MinKey = 1,
  Null = 5,
  Number = 10,
  String = 15,
  Object = 20,
  Array = 25,
  BinData = 30,
  ObjectId = 35,
  Boolean = 40,
  Date = 45,
  Timestamp = 47,
  RegExp = 50,
  Code = 60,
  MaxKey = 127,
}

export function typeRank(value: unknown): TypeRank {
  if (value === null || value === undefined) return TypeRank.Null;
  switch (typeof value) {
    case 'number':
    case 'bigint':
      return TypeRank.Number;
    case 'string':
      return TypeRank.String;
    case 'boolean':
      return TypeRank.Boolean;
    case 'object':
      break;
    default:
      return TypeRank.Object;
  }
  if (Array.isArray(value)) return TypeRank.Array;
  if (value instanceof Date) return TypeRank.Date;
  if (value instanceof ObjectId) return TypeRank.ObjectId;
  if (value instanceof RegExp || value instanceof BSONRegExp) return TypeRank.RegExp;
  if (value instanceof Long || value instanceof Decimal128) return TypeRank.Number;
  if (value instanceof Timestamp) return TypeRank.Timestamp;
  if (value instanceof Binary || value instanceof Uint8Array) return TypeRank.BinData;
  if (value instanceof BSONSymbol) return TypeRank.String;
  if (value instanceof MinKey) return TypeRank.MinKey;
  if (value instanceof MaxKey) return TypeRank.MaxKey;
  if (value instanceof Code) return TypeRank.Code;
  return TypeRank.Object;
}

function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Long) return value.toNumber();
  if (value instanceof Decimal128) return Number(value.toString());
  return NaN;
}

/** UTF-8 byte order, which is what MongoDB's simple collation uses (differs from UTF-16 order above U+FFFF). */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (0xD800–0xDFFF) encode code points above every BMP character.
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return a.length - b.length < 0 ? -1 : a.length === b.length ? 0 : 1;
}

/** bson 7 keeps an ObjectId as four 24-bit big-endian groups; comparing them avoids building `.id` buffers. */
interface PackedObjectId {
  i0: number;
  i1: number;
  i2: number;
  i3: number;
}

function compareObjectIds(a: ObjectId, b: ObjectId): number {
  const x = a as unknown as PackedObjectId;
  const y = b as unknown as PackedObjectId;
  if (typeof x.i0 !== 'number' || typeof y.i0 !== 'number') return compareBytes(a.id, b.id);
  if (x.i0 !== y.i0) return x.i0 < y.i0 ? -1 : 1;
  if (x.i1 !== y.i1) return x.i1 < y.i1 ? -1 : 1;
  if (x.i2 !== y.i2) return x.i2 < y.i2 ? -1 : 1;
  if (x.i3 !== y.i3) return x.i3 < y.i3 ? -1 : 1;
  return 0;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

function compareObjects(a: Record<string, unknown>, b: Record<string, unknown>): number {
  const ak = Object.keys(a);
  const bk = Object.keys(b);
  const n = Math.min(ak.length, bk.length);
  for (let i = 0; i < n; i++) {
    const byType = typeRank(a[ak[i]]) - typeRank(b[bk[i]]);
    if (byType !== 0) return byType < 0 ? -1 : 1;
    const byName = compareStrings(ak[i], bk[i]);
    if (byName !== 0) return byName;
    const byValue = compareValues(a[ak[i]], b[bk[i]]);
    if (byValue !== 0) return byValue;
  }
  return ak.length === bk.length ? 0 : ak.length < bk.length ? -1 : 1;
}

/** Total order over BSON values as MongoDB compares them (numbers across int/long/double/decimal). */
export function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') {
    if (a < b) return -1;
    if (a > b) return 1;
    if (a === b) return 0;
    // NaN sorts below every other number and equals itself.
    return Number.isNaN(a) ? (Number.isNaN(b) ? 0 : -1) : 1;
  }
  if (typeof a === 'string' && typeof b === 'string') return compareStrings(a, b);
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case TypeRank.Null:
    case TypeRank.MinKey:
    case TypeRank.MaxKey:
      return 0;
    case TypeRank.Number:
      return compareValues(toNumber(a), toNumber(b));
    case TypeRank.String:
      return compareStrings(String(a), String(b));
    case TypeRank.Boolean:
      return a === b ? 0 : a ? 1 : -1;
    case TypeRank.Date:
      return compareValues((a as Date).getTime(), (b as Date).getTime());
    case TypeRank.ObjectId:
      return compareObjectIds(a as ObjectId, b as ObjectId);
    case TypeRank.Timestamp:
      return (a as Timestamp).compare(b as Timestamp);
    case TypeRank.BinData: {
      const x = a instanceof Binary ? a.buffer : (a as Uint8Array);
      const y = b instanceof Binary ? b.buffer : (b as Uint8Array);
      return compareBytes(x, y);
    }
    case TypeRank.Array: {
      const x = a as unknown[];
      const y = b as unknown[];
      const n = Math.min(x.length, y.length);
      for (let i = 0; i < n; i++) {
        const c = compareValues(x[i], y[i]);
        if (c !== 0) return c;
      }
      return x.length === y.length ? 0 : x.length < y.length ? -1 : 1;
    }
    case TypeRank.RegExp:
      return compareStrings(String(a), String(b));
    default:
      return compareObjects(a as Record<string, unknown>, b as Record<string, unknown>);
  }
}

export function valuesEqual(a: unknown, b: unknown): boolean {
  return compareValues(a, b) === 0;
}
