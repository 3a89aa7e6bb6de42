import { ObjectId } from 'bson';
import type { Doc } from '../query/document';

/**
 * A stored document's BSON without its top-level field names: documents of one collection mostly share their
 * names in the same order (a post's `_id`, `authorId`, `content`, … are 70 of its 270 bytes), so each distinct
 * list of names (a shape) is kept once and a document holds its shape's number and its elements' types and values.
 * Unpacking puts the names back: the bytes are exactly the BSON that was packed.
 *
 * Packed form, a one-byte string: SHAPED, the shape number in two bytes, then per element its type byte and value;
 * or PLAIN and the whole BSON (a document with a name list once the table is full, or one too short to gain).
 */
const PLAIN = 0;
const SHAPED = 1;
/** Distinct name lists kept at most (numbered in two bytes) and their bytes; past either, new lists go plain. */
const MAX_SHAPES = 0xffff;
const MAX_SHAPE_BYTES = 4 * 1024 * 1024;
let shapeBytes = 0;

/** Each shape's names, as the NUL-ended bytes BSON writes them, and as strings. */
const shapeNames: Buffer[][] = [];
const shapeFields: string[][] = [];
/** Shape numbers by their names joined (with the NULs) as a one-byte string. */
const shapeNumbers = new Map<string, number>();

function int32(bytes: Uint8Array, at: number): number {
  return bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24);
}

export function storedInt32(stored: string, at: number): number {
  return (
    stored.charCodeAt(at) |
    (stored.charCodeAt(at + 1) << 8) |
    (stored.charCodeAt(at + 2) << 16) |
    (stored.charCodeAt(at + 3) << 24)
  );
}

/** Bytes of a NUL-ended string from `from`, its NUL included. */
function cstringLength(bytes: Uint8Array, from: number): number {
  let end = from;
  while (bytes[end] !== 0) end++;
  return end + 1 - from;
}

/** Value lengths of the BSON types whose values have a fixed size (-1: the others). */
const FIXED_LENGTH = new Int8Array(256).fill(-1);
for (const [type, length] of [
  [0x01, 8], // double
  [0x09, 8], // date
  [0x11, 8], // timestamp
  [0x12, 8], // int64
  [0x06, 0], // undefined
  [0x0a, 0], // null
  [0x7f, 0], // max key
  [0xff, 0], // min key
  [0x07, 12], // ObjectId
  [0x08, 1], // boolean
  [0x10, 4], // int32
  [0x13, 16], // decimal128
])
  FIXED_LENGTH[type] = length;

/** Types whose value starts with its length as an int32: what the value holds besides that count (-1: others). */
const PREFIX_EXTRA = new Int8Array(256).fill(-1);
for (const [type, extra] of [
  [0x02, 4], // string: the length, then that many bytes
  [0x0d, 4], // code
  [0x0e, 4], // symbol
  [0x03, 0], // document: the length counts itself
  [0x04, 0], // array
  [0x0f, 0], // code with scope
  [0x05, 5], // binary: the length, a subtype, the bytes
  [0x0c, 16], // DBPointer: a string and an ObjectId
])
  PREFIX_EXTRA[type] = extra;

const unknownType = (type: number) => new Error(`stored document holds an unknown BSON type ${type}`);

/** Bytes of the value of an element of BSON type `type` starting at `at` (the byte after its name's NUL). */
function valueLength(bytes: Uint8Array, at: number, type: number): number {
  if (FIXED_LENGTH[type] >= 0) return FIXED_LENGTH[type];
  if (PREFIX_EXTRA[type] >= 0) return PREFIX_EXTRA[type] + int32(bytes, at);
  if (type !== 0x0b) throw unknownType(type);
  // regex: pattern and options, both NUL-ended
  const pattern = cstringLength(bytes, at);
  return pattern + cstringLength(bytes, at + pattern);
}

/** `valueLength` read from a stored (one-byte) string, as the bytes it holds. */
export function storedValueLength(stored: string, at: number, type: number): number {
  if (FIXED_LENGTH[type] >= 0) return FIXED_LENGTH[type];
  if (PREFIX_EXTRA[type] >= 0) return PREFIX_EXTRA[type] + storedInt32(stored, at);
  if (type !== 0x0b) throw unknownType(type);
  const pattern = stored.indexOf('\0', at) + 1 - at;
  return pattern + stored.indexOf('\0', at + pattern) + 1 - (at + pattern);
}

/** The names of the document being packed, back to back (packing is synchronous, one document at a time). */
let names = Buffer.allocUnsafe(4096);
/**
 * The stored form being built, reused for every document like `names`: only the string made from it is kept. A
 * fresh buffer per document is a slice of Node's 8 KiB pool slabs, memory outside the heap that the garbage
 * collector frees only when it gets to it (a million inserts left tens of MiB of such slabs waiting).
 */
let packing = Buffer.allocUnsafe(64 * 1024);

/** The stored form of a document's BSON bytes. */
export function packDocument(bson: Uint8Array): string {
  const bytes = Buffer.isBuffer(bson) ? bson : Buffer.from(bson.buffer, bson.byteOffset, bson.length);
  const end = bytes.length - 1; // the document's closing NUL
  if (packing.length < bytes.length + 1) packing = Buffer.allocUnsafe(bytes.length + 1);
  const out = packing;
  if (names.length < bytes.length) names = Buffer.allocUnsafe(bytes.length);
  let o = 3;
  let n = 0;
  let count = 0;
  for (let at = 4; at < end; count++) {
    const type = bytes[at];
    const nameLength = cstringLength(bytes, at + 1);
    bytes.copy(names, n, at + 1, at + 1 + nameLength);
    n += nameLength;
    const valueAt = at + 1 + nameLength;
    const length = valueLength(bytes, valueAt, type);
    out[o++] = type;
    bytes.copy(out, o, valueAt, valueAt + length);
    o += length;
    at = valueAt + length;
  }
  const key = names.toString('latin1', 0, n);
  let shape = shapeNumbers.get(key);
  if (
    shape === undefined &&
    count > 0 &&
    shapeNames.length < MAX_SHAPES &&
    shapeBytes + n <= MAX_SHAPE_BYTES
  ) {
    shape = shapeNames.length;
    shapeBytes += n;
    const list: Buffer[] = [];
    for (let at = 0; at < n;) {
      const length = cstringLength(names, at);
      list.push(Buffer.from(names.subarray(at, at + length)));
      at += length;
    }
    shapeNames.push(list);
    shapeFields.push(list.map((name) => name.toString('utf8', 0, name.length - 1)));
    shapeNumbers.set(key, shape);
  }
  if (shape === undefined) {
    out[0] = PLAIN;
    bytes.copy(out, 1);
    return out.toString('latin1', 0, bytes.length + 1);
  }
  out[0] = SHAPED;
  out[1] = shape >> 8;
  out[2] = shape & 0xff;
  return out.toString('latin1', 0, o);
}

/** The BSON bytes of a stored document. */
export function unpackDocument(stored: string): Buffer {
  const packed = Buffer.from(stored, 'latin1');
  if (packed[0] === PLAIN) return packed.subarray(1);
  const names = shapeNames[(packed[1] << 8) | packed[2]];
  let size = 4 + (packed.length - 3) + 1;
  for (const name of names) size += name.length;
  const out = Buffer.allocUnsafe(size);
  out.writeInt32LE(size, 0);
  let o = 4;
  let at = 3;
  for (const name of names) {
    const type = packed[at];
    out[o++] = type;
    out.set(name, o);
    o += name.length;
    const length = valueLength(packed, at + 1, type);
    packed.copy(out, o, at + 1, at + 1 + length);
    o += length;
    at += 1 + length;
  }
  out[o] = 0;
  return out;
}

/**
 * The BSON of a stored document's top-level fields in `wanted` only (in their order): what testing a filter that
 * reads only those needs, without decoding the rest (a post's content is most of its bytes).
 */
export function unpackFields(stored: string, wanted: ReadonlySet<string>): Buffer {
  const packed = Buffer.from(stored, 'latin1');
  const plain = packed[0] === PLAIN;
  const shape = plain ? undefined : (packed[1] << 8) | packed[2];
  const parts: Array<[name: Buffer, type: number, from: number, to: number]> = [];
  let size = 5;
  let at = plain ? 5 : 3;
  const end = plain ? packed.length - 1 : packed.length;
  for (let e = 0; at < end; e++) {
    const type = packed[at];
    let name: Buffer;
    let field: string;
    let valueAt: number;
    if (shape === undefined) {
      let nameEnd = at + 1;
      while (packed[nameEnd] !== 0) nameEnd++;
      name = packed.subarray(at + 1, nameEnd + 1);
      field = packed.toString('utf8', at + 1, nameEnd);
      valueAt = nameEnd + 1;
    } else {
      name = shapeNames[shape][e];
      field = shapeFields[shape][e];
      valueAt = at + 1;
    }
    const length = valueLength(packed, valueAt, type);
    if (wanted.has(field)) {
      parts.push([name, type, valueAt, valueAt + length]);
      size += 1 + name.length + length;
    }
    at = valueAt + length;
  }
  const out = Buffer.allocUnsafe(size);
  out.writeInt32LE(size, 0);
  let o = 4;
  for (const [name, type, from, to] of parts) {
    out[o++] = type;
    out.set(name, o);
    o += name.length;
    packed.copy(out, o, from, to);
    o += to - from;
  }
  out[o] = 0;
  return out;
}

/** What `scalarAt` answers for a value it does not decode (a document, an array, an int64, …). */
export const NOT_SCALAR = Symbol('not a scalar');
const float64 = new DataView(new ArrayBuffer(8));

/** A string value's bytes (held one per character) as the string they encode: ASCII as it is, else UTF-8. */
export function storedString(stored: string, from: number, to: number): string {
  for (let k = from; k < to; k++) {
    if (stored.charCodeAt(k) > 0x7f) return Buffer.from(stored.slice(from, to), 'latin1').toString('utf8');
  }
  return stored.slice(from, to);
}

/** The value at `at` of an element of `type`, for the scalar types a filter mostly reads; NOT_SCALAR otherwise. */
export function scalarAt(stored: string, at: number, type: number): unknown {
  switch (type) {
    case 0x01: // double
      for (let k = 0; k < 8; k++) float64.setUint8(k, stored.charCodeAt(at + k));
      return float64.getFloat64(0, true);
    case 0x02: // string: its length counts the closing NUL
      return storedString(stored, at + 4, at + 4 + storedInt32(stored, at) - 1);
    case 0x07: {
      const id = Buffer.allocUnsafe(12);
      for (let k = 0; k < 12; k++) id[k] = stored.charCodeAt(at + k);
      return new ObjectId(id);
    }
    case 0x08:
      return stored.charCodeAt(at) === 1;
    case 0x09: // date: int64 milliseconds, low word first
      return new Date(storedInt32(stored, at + 4) * 2 ** 32 + (storedInt32(stored, at) >>> 0));
    case 0x0a:
      return null;
    case 0x10:
      return storedInt32(stored, at);
    default:
      return NOT_SCALAR;
  }
}

/**
 * The shape number of a stored document (its top-level names are `shapeFieldNames(shape)`, its elements start at
 * offset 3, each a type byte and a value), or -1 for a document stored plain (its names are in its BSON).
 */
export function storedShape(stored: string): number {
  return stored.charCodeAt(0) === SHAPED ? (stored.charCodeAt(1) << 8) | stored.charCodeAt(2) : -1;
}

/** A shape's top-level field names, in their order. */
export function shapeFieldNames(shape: number): readonly string[] {
  return shapeFields[shape];
}

/**
 * A stored document's top-level fields in `wanted` read straight from its stored string, as `deserialize` would
 * give them, when each is a scalar of a common type; undefined otherwise (and for documents stored plain), so the
 * caller decodes the BSON. Testing a filter on each document a scan skips paid for a copy of the whole document
 * into a Buffer, a second Buffer of the fields and bson's deserialize: about 4.7 µs on this machine, where this
 * is a walk over the elements' types and lengths.
 */
export function readStoredFields(stored: string, wanted: ReadonlySet<string>): Doc | undefined {
  if (stored.charCodeAt(0) !== SHAPED) return undefined;
  const fields = shapeFields[(stored.charCodeAt(1) << 8) | stored.charCodeAt(2)];
  const doc: Doc = {};
  for (let e = 0, at = 3; at < stored.length; e++) {
    const type = stored.charCodeAt(at);
    const length = storedValueLength(stored, at + 1, type);
    const name = fields[e];
    if (wanted.has(name)) {
      const value = scalarAt(stored, at + 1, type);
      if (value === NOT_SCALAR || name === '__proto__') return undefined;
      doc[name] = value;
    }
    at += 1 + length;
  }
  return doc;
}
