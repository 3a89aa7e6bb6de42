import { calculateObjectSize, deserialize, serialize, serializeWithBufferAndIndex } from 'bson';
import { MongoCommandError } from '../errors';
import type { Doc } from '../query/document';
import { MAX_BSON_SIZE } from '../query/update';
import { packDocument, readStoredFields, unpackDocument, unpackFields } from './document-shapes';

/**
 * Stored documents are their BSON bytes, less the top-level field names (document-shapes.ts), held as a one-byte
 * ("latin1") string: about a third of the heap the decoded object took (its property array, each string, `Date`
 * and ObjectId an object of its own), garbage collected like any string and immutable, so a snapshot can share
 * them. Decoding makes a fresh object for each reader, as mongod hands each reader its own copy.
 *
 * Int64 values come back as `Long`: a stored int64 can only have come from a `Long` (a JS number is written as an
 * int32 or a double), so documents read back exactly as they were written.
 */
const DECODE = { promoteLongs: false } as const;

/**
 * The stored form of a document; an insert (`checked`) of more than 16 MiB is BSONObjectTooLarge, as mongod
 * answers (updates check their result's size where they are applied).
 */
export function encodeDocument(doc: Doc, checked: boolean): string {
  const size = checked ? calculateObjectSize(doc) : 0;
  if (size > MAX_BSON_SIZE) {
    throw new MongoCommandError(
      'BSONObjectTooLarge',
      `object to insert too large. size in bytes: ${size}, max size: ${MAX_BSON_SIZE}`,
    );
  }
  return packDocument(serializeReused(doc));
}

/**
 * Where documents are serialized before packing (synchronously, one at a time): `serialize` would hand back a new
 * buffer per document, a slice of Node's pool slabs left for the garbage collector to free.
 */
const serializing = Buffer.allocUnsafe(64 * 1024);

/** A document's BSON, in `serializing` when it fits (valid until the next call), else in a buffer of its own. */
function serializeReused(doc: Doc): Uint8Array {
  try {
    const end = serializeWithBufferAndIndex(doc, serializing);
    return serializing.subarray(0, end + 1);
  } catch (err) {
    // Larger than the scratch buffer (by name: a RangeError from another realm, e.g. under jest, is not instanceof).
    if ((err as Error).name === 'RangeError') return serialize(doc);
    throw err;
  }
}

export function decodeDocument(bson: string): Doc {
  return deserialize(unpackDocument(bson), DECODE) as Doc;
}

/** The BSON bytes of a stored document, for writing or sending it as it is. */
export function documentBytes(bson: string): Buffer {
  return unpackDocument(bson);
}

/**
 * A stored document as a reader sees it: made when read, not kept. Its `bson` is the stored version itself: two
 * reads of the same version hold the same bytes, and any write stores new ones.
 */
export class DocRecord {
  private decoded?: Doc;

  constructor(
    readonly rid: number,
    readonly bson: string,
    decoded?: Doc,
  ) {
    this.decoded = decoded;
  }

  /** The document, decoded on first use. Stored documents are never mutated: callers copy before changing one. */
  get doc(): Doc {
    return (this.decoded ??= decodeDocument(this.bson));
  }

  /** Enough of the document to test a filter reading only `fields` (filter-fields.ts); all of it if undefined. */
  fields(fields: ReadonlySet<string> | undefined): Doc {
    return this.decoded || !fields ? this.doc : storedFields(this.bson, fields);
  }
}

/** Enough of a stored document to test a filter reading only `fields` (filter-fields.ts); all of it if undefined. */
export function storedFields(bson: string, fields: ReadonlySet<string> | undefined): Doc {
  if (!fields) return decodeDocument(bson);
  return readStoredFields(bson, fields) ?? (deserialize(unpackFields(bson, fields), DECODE) as Doc);
}
