import { Long, MaxKey, MinKey, ObjectId } from 'bson';
import { typeRank } from '../query/bson-order';

/**
 * Index keys as one flat string each, ordered by plain string comparison exactly as `compareValues` orders the
 * values (mongod's KeyString idea). An array key (`[value, …, rid]`) cost 64-72 bytes plus the values it held (an
 * ObjectId is 56 bytes); the string of the same key is 40-48 bytes and holds nothing else.
 *
 * Each value is a type tag (in BSON order) and a payload: numbers as 8 bytes of their double that compare as
 * unsigned bytes, ObjectIds as their 12 bytes, dates as numbers, strings as their UTF-16 units remapped to
 * UTF-8 order and ended by 0x0000 (a unit 0 is written 0x0000 0x0001). A descending field's characters are
 * inverted (255 − c, or 65,535 − c in a string's payload), which reverses its order. The record id ends the key in
 * six bytes. Values of other types (objects, arrays as values, binaries, unsafe longs, decimals, timestamps…) have
 * no encoding: an index that meets one keeps array keys from then on (see `Index`).
 */

const TAG_MIN_KEY = 0x01;
const TAG_NULL = 0x05;
const TAG_NAN = 0x09;
const TAG_NUMBER = 0x0a;
const TAG_STRING = 0x0f;
const TAG_OBJECT_ID = 0x23;
const TAG_BOOLEAN = 0x28;
const TAG_INVALID_DATE = 0x2c;
const TAG_DATE = 0x2d;
const TAG_MAX_KEY = 0x7f;
const RID_BYTES = 6;

/**
 * The key being written: its UTF-16 units (the tree's keys are short; the buffer grows for a long string value).
 * Keys are built one at a time, synchronously.
 */
let units = new Uint16Array(256);
let length = 0;

function push(unit: number): void {
  if (length === units.length) {
    const grown = new Uint16Array(units.length * 2);
    grown.set(units);
    units = grown;
  }
  units[length++] = unit;
}

const float = new Float64Array(1);
const floatBytes = new Uint8Array(float.buffer);
/** Whether the platform stores doubles little-endian (the bytes are written most significant first). */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Whether a value has an encoding (a key made only of such values is stored as a string). */
export function encodable(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  switch (typeof value) {
    case 'number':
    case 'string':
    case 'boolean':
      return true;
    case 'object':
      if (value instanceof ObjectId || value instanceof Date) return true;
      return value instanceof Long && Number.isSafeInteger(value.toNumber());
    default:
      return false;
  }
}

/** The 8 bytes of a double, most significant first, flipped so that unsigned byte order is numeric order. */
function pushDouble(value: number, invert: number): void {
  float[0] = value === 0 ? 0 : value; // -0 is 0
  const negative = (floatBytes[LITTLE_ENDIAN ? 7 : 0] & 0x80) !== 0;
  for (let i = 0; i < 8; i++) {
    let byte = floatBytes[LITTLE_ENDIAN ? 7 - i : i];
    byte = negative ? byte ^ 0xff : i === 0 ? byte ^ 0x80 : byte;
    push(byte ^ invert);
  }
}

function readDouble(key: string, at: number, invert: number): number {
  const negative = ((key.charCodeAt(at) ^ invert) & 0x80) === 0;
  for (let i = 0; i < 8; i++) {
    let byte = key.charCodeAt(at + i) ^ invert;
    byte = negative ? byte ^ 0xff : i === 0 ? byte ^ 0x80 : byte;
    floatBytes[LITTLE_ENDIAN ? 7 - i : i] = byte;
  }
  return float[0];
}

/** bson 7 keeps an ObjectId as four 24-bit groups; reading them avoids building its 12-byte buffer. */
interface PackedObjectId {
  i0?: number;
  i1: number;
  i2: number;
  i3: number;
}

function pushGroup(group: number, invert: number): void {
  push(((group >> 16) & 0xff) ^ invert);
  push(((group >> 8) & 0xff) ^ invert);
  push((group & 0xff) ^ invert);
}

function pushObjectId(id: ObjectId, invert: number): void {
  const packed = id as unknown as PackedObjectId;
  if (typeof packed.i0 === 'number') {
    pushGroup(packed.i0, invert);
    pushGroup(packed.i1, invert);
    pushGroup(packed.i2, invert);
    pushGroup(packed.i3, invert);
    return;
  }
  for (const byte of id.id) push(byte ^ invert);
}

/** UTF-16 units remapped so that unit order is UTF-8 order: surrogates above every other BMP unit. */
function mapUnit(unit: number): number {
  if (unit < 0xd800) return unit;
  return unit <= 0xdfff ? unit + 0x2000 : unit - 0x800;
}

function unmapUnit(unit: number): number {
  if (unit < 0xd800) return unit;
  return unit >= 0xf800 ? unit - 0x2000 : unit + 0x800;
}

function tagOf(value: unknown): number {
  if (value === null || value === undefined) return TAG_NULL;
  if (typeof value === 'number') return Number.isNaN(value) ? TAG_NAN : TAG_NUMBER;
  if (typeof value === 'string') return TAG_STRING;
  if (typeof value === 'boolean') return TAG_BOOLEAN;
  if (value instanceof ObjectId) return TAG_OBJECT_ID;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? TAG_INVALID_DATE : TAG_DATE;
  if (value instanceof MinKey) return TAG_MIN_KEY;
  if (value instanceof MaxKey) return TAG_MAX_KEY;
  if (value instanceof Long) return Number.isSafeInteger(value.toNumber()) ? TAG_NUMBER : -1;
  return -1;
}

/**
 * Appends one value. `edge` says where a value without an encoding goes, for the edges of a scan's range: -1
 * before every encodable value of its BSON type, 1 after them (an index in string form holds no such values).
 */
function pushValue(value: unknown, descending: boolean, edge: -1 | 0 | 1): void {
  const invert = descending ? 0xff : 0;
  const tag = tagOf(value);
  if (tag < 0) {
    if (edge === 0) throw new Error('index key value has no string encoding');
    // Tags follow BSON type ranks, with gaps: one below the type's lowest tag is before all of its values, one
    // above its highest after them (no key holds such a tag).
    const rank = typeRank(value) as number;
    const numberLike = rank === 10;
    const tagged = edge < 0 ? (numberLike ? TAG_NAN : rank) - 1 : (numberLike ? TAG_NUMBER : rank) + 1;
    push(tagged ^ invert);
    return;
  }
  push(tag ^ invert);
  switch (tag) {
    case TAG_NUMBER:
      pushDouble(typeof value === 'number' ? value : (value as Long).toNumber(), invert);
      return;
    case TAG_DATE:
      pushDouble((value as Date).getTime(), invert);
      return;
    case TAG_BOOLEAN:
      push((value ? 1 : 0) ^ invert);
      return;
    case TAG_OBJECT_ID:
      pushObjectId(value as ObjectId, invert);
      return;
    case TAG_STRING: {
      const s = value as string;
      const flip = descending ? 0xffff : 0;
      for (let i = 0; i < s.length; i++) {
        const unit = mapUnit(s.charCodeAt(i));
        if (unit === 0) {
          push(flip);
          push(1 ^ flip);
        } else push(unit ^ flip);
      }
      push(flip);
      push(flip);
      return;
    }
    default:
      return; // null, NaN, invalid date, MinKey, MaxKey: the tag is the value
  }
}

/**
 * A flat string of `codes` (concatenation would leave a rope of pieces, each an object of its own), one byte per
 * character when every unit fits in one.
 */
function toKeyString(codes: Uint16Array | number[]): string {
  if (codes.length <= 4096) return String.fromCharCode.apply(null, codes as unknown as number[]);
  const parts: string[] = [];
  for (let at = 0; at < codes.length; at += 4096)
    parts.push(String.fromCharCode.apply(null, codes.slice(at, at + 4096) as unknown as number[]));
  // A rope of long pieces is flattened the first time it is compared; long keys are rare.
  return parts.join('');
}

function takeKey(): string {
  const key = toKeyString(units.subarray(0, length));
  length = 0;
  return key;
}

/** The stored key of `values` (as many as the index has fields) for record `rid`. */
export function encodeKey(values: unknown[], directions: number[], rid: number): string {
  length = 0;
  for (let k = 0; k < values.length; k++) pushValue(values[k], directions[k] === -1, 0);
  pushRid(rid);
  return takeKey();
}

/**
 * A key for seeking: `values` may hold values without an encoding (placed before or after their whole type as
 * `edge` says, per tree order) and MinKey/MaxKey; `rid` ±Infinity sorts before/after every record of those values.
 */
export function encodeEdge(values: unknown[], directions: number[], rid: number, edge: -1 | 1): string {
  length = 0;
  for (let k = 0; k < values.length; k++) {
    const descending = directions[k] === -1;
    pushValue(values[k], descending, (descending ? -edge : edge) as -1 | 1);
  }
  if (rid === Infinity) push(0xffff);
  else if (rid !== -Infinity) pushRid(rid);
  return takeKey();
}

function pushRid(rid: number): void {
  const high = Math.floor(rid / 0x100000000);
  const low = rid >>> 0;
  push((high >> 8) & 0xff);
  push(high & 0xff);
  push(low >>> 24);
  push((low >> 16) & 0xff);
  push((low >> 8) & 0xff);
  push(low & 0xff);
}

/** The record id a stored key ends with. */
export function ridOfKey(key: string): number {
  const at = key.length - RID_BYTES;
  const high = (key.charCodeAt(at) << 8) | key.charCodeAt(at + 1);
  const low =
    ((key.charCodeAt(at + 2) << 24) |
      (key.charCodeAt(at + 3) << 16) |
      (key.charCodeAt(at + 4) << 8) |
      key.charCodeAt(at + 5)) >>>
    0;
  return high * 0x100000000 + low;
}

/** The values of a stored key (numbers come back as doubles, which compare as the originals did) and its rid. */
export function decodeKey(key: string, directions: number[]): unknown[] {
  const out: unknown[] = new Array(directions.length + 1);
  let at = 0;
  for (let k = 0; k < directions.length; k++) {
    const invert = directions[k] === -1 ? 0xff : 0;
    const tag = key.charCodeAt(at++) ^ invert;
    switch (tag) {
      case TAG_NULL:
        out[k] = null;
        break;
      case TAG_NAN:
        out[k] = NaN;
        break;
      case TAG_NUMBER:
        out[k] = readDouble(key, at, invert);
        at += 8;
        break;
      case TAG_DATE:
        out[k] = new Date(readDouble(key, at, invert));
        at += 8;
        break;
      case TAG_INVALID_DATE:
        out[k] = new Date(NaN);
        break;
      case TAG_BOOLEAN:
        out[k] = (key.charCodeAt(at++) ^ invert) === 1;
        break;
      case TAG_OBJECT_ID: {
        const bytes = new Uint8Array(12);
        for (let i = 0; i < 12; i++) bytes[i] = key.charCodeAt(at + i) ^ invert;
        out[k] = new ObjectId(bytes);
        at += 12;
        break;
      }
      case TAG_STRING: {
        const flip = invert ? 0xffff : 0;
        const units: number[] = [];
        for (;;) {
          const unit = key.charCodeAt(at++) ^ flip;
          if (unit === 0) {
            if ((key.charCodeAt(at++) ^ flip) === 0) break;
            units.push(0);
          } else units.push(unmapUnit(unit));
        }
        out[k] = toKeyString(units);
        break;
      }
      default:
        throw new Error(`index key holds an unknown tag ${tag}`);
    }
  }
  out[directions.length] = ridOfKey(key);
  return out;
}

/** The stored keys of one record compare as plain strings. */
export function compareKeyStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The part of a key before its record id (all of a key made by `encodeEdge` with rid -Infinity). */
export function keyPrefix(key: string): string {
  return key.slice(0, key.length - RID_BYTES);
}
