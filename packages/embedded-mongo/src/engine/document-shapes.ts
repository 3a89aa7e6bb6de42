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

/** Bytes of a NUL-ended string from `from`, its NUL included. */
function cstringLength(bytes: Uint8Array, from: number): number {
  let end = from;
  while (bytes[end] !== 0) end++;
  return end + 1 - from;
}

/** Bytes of the value of an element of BSON type `type` starting at `at` (the byte after its name's NUL). */
function valueLength(bytes: Uint8Array, at: number, type: number): number {
  switch (type) {
    case 0x01: // double
    case 0x09: // date
    case 0x11: // timestamp
    case 0x12: // int64
      return 8;
    case 0x02: // string
    case 0x0d: // code
    case 0x0e: // symbol
      return 4 + int32(bytes, at);
    case 0x03: // document
    case 0x04: // array
    case 0x0f: // code with scope
      return int32(bytes, at);
    case 0x05: // binary: length, subtype, bytes
      return 5 + int32(bytes, at);
    case 0x06: // undefined
    case 0x0a: // null
    case 0x7f: // max key
    case 0xff: // min key
      return 0;
    case 0x07: // ObjectId
      return 12;
    case 0x08: // boolean
      return 1;
    case 0x0b: {
      // regex: pattern and options, both NUL-ended
      const pattern = cstringLength(bytes, at);
      return pattern + cstringLength(bytes, at + pattern);
    }
    case 0x0c: // DBPointer: string and ObjectId
      return 4 + int32(bytes, at) + 12;
    case 0x10: // int32
      return 4;
    case 0x13: // decimal128
      return 16;
    default:
      throw new Error(`stored document holds an unknown BSON type ${type}`);
  }
}

/** The names of the document being packed, back to back (packing is synchronous, one document at a time). */
let names = Buffer.allocUnsafe(4096);

/** The stored form of a document's BSON bytes. */
export function packDocument(bson: Uint8Array): string {
  const bytes = Buffer.isBuffer(bson) ? bson : Buffer.from(bson.buffer, bson.byteOffset, bson.length);
  const end = bytes.length - 1; // the document's closing NUL
  const out = Buffer.allocUnsafe(bytes.length + 1);
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
