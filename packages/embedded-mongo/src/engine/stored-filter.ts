import { ObjectId } from 'bson';
import { compareValues } from '../query/bson-order';
import type { Doc } from '../query/document';
import { classOf } from '../query/fast-filter';
import { compileFilter, RANGES, type Scalar } from '../query/filter-compiler';
import { scalarAt, shapeFieldNames, storedInt32, storedShape, storedValueLength } from './document-shapes';

/**
 * The fast filter (query/fast-filter.ts) decided on a stored document's bytes: no field is decoded into an object
 * and a field the answer does not need is not even located. A scan tests its filter on every document it walks, a
 * skipped one too; reading `authorId` and `authorPrivate` into a new object and an `ObjectId` for each post a deep
 * feed page skips cost about 0.4 µs a post, most of the page's price (docs/database.md "Filters on the stored
 * bytes").
 *
 * It compiles what the fast filter compiles on top-level fields (equality, `$ne`, `$in`, `$nin`, ranges, `$exists`,
 * `$and`, `$or`, `$nor`) and answers only for the values the fast filter decides from what the stored string reads
 * (readStoredFields: missing, null, booleans, int32, doubles, strings, ObjectIds, dates), with the fast filter's
 * own comparisons. Anything else (an array, a document, an int64, a document stored plain, a dotted path, another
 * operator) answers undefined, or is not compiled: the caller decodes the fields and asks the full matcher, as
 * before.
 */
export type StoredMatcher = (stored: string) => boolean | undefined;

type StoredClause = (view: StoredView) => boolean | undefined;

/** BSON element types (a type byte of 0 ends a document, so it stands for a missing field here). */
const MISSING = 0x00;
const DOUBLE = 0x01;
const STRING = 0x02;
const OBJECT_ID = 0x07;
const BOOLEAN = 0x08;
const DATE = 0x09;
const NULL = 0x0a;
const INT32 = 0x10;

/** The fast filter's class (classOf) of a value of each type decided here; undefined for the others. */
const CLASS_OF_TYPE: Record<number, string> = {
  [MISSING]: 'null',
  [NULL]: 'null',
  [DOUBLE]: 'number',
  [INT32]: 'number',
  [STRING]: 'string',
  [OBJECT_ID]: 'oid',
  [BOOLEAN]: 'boolean',
  [DATE]: 'date',
};

/** The largest time a JS `Date` holds: a stored date beyond it decodes as an invalid date, which mingo decides. */
const MAX_DATE_MS = 8.64e15;

/** Where a shape's elements hold the fields the filter reads (a field per slot). */
interface Layout {
  /** Per slot: the element's position in the shape, -1 when the shape has no such field. */
  elementOfSlot: Int32Array;
  /** Per element of the shape: the slot of its field, -1 when the filter does not read it. */
  slotOfElement: Int32Array;
}

/** The layout of a shape for `fields`, or null when a field's name is in it twice (deserialize keeps the last). */
function layoutOf(names: readonly string[], fields: readonly string[]): Layout | null {
  const elementOfSlot = new Int32Array(fields.length);
  for (const [slot, field] of fields.entries()) {
    elementOfSlot[slot] = names.indexOf(field);
    if (names.lastIndexOf(field) !== elementOfSlot[slot]) return null;
  }
  const slotOfElement = Int32Array.from(names, (name) => fields.indexOf(name));
  return { elementOfSlot, slotOfElement };
}

/**
 * The document being tested: its stored string and, per slot, its field's type and value offset, located on first
 * use by walking the elements' types and lengths only as far as that field (reused for every document: a test is
 * synchronous).
 */
class StoredView {
  stored = '';
  readonly types: Int32Array;
  readonly offsets: Int32Array;
  /** Per slot: the test that located it (`types` and `offsets` hold this document's only when it is `test`). */
  private readonly located: Float64Array;
  private test = 0;
  private layout: Layout | undefined;
  private readonly layouts: Array<Layout | null | undefined> = [];
  /** The next element not walked yet, and the offset of its type byte. */
  private nextElement = 0;
  private nextAt = 3;

  constructor(private readonly fields: readonly string[]) {
    this.types = new Int32Array(fields.length);
    this.offsets = new Int32Array(fields.length);
    this.located = new Float64Array(fields.length);
  }

  /** Starts on a document; false when it cannot be read here (stored plain, or a field's name twice). */
  load(stored: string): boolean {
    const shape = storedShape(stored);
    if (shape < 0) return false;
    let layout = this.layouts[shape];
    if (layout === undefined) layout = this.layouts[shape] = layoutOf(shapeFieldNames(shape), this.fields);
    if (layout === null) return false;
    this.layout = layout;
    this.stored = stored;
    this.test++;
    this.nextElement = 0;
    this.nextAt = 3;
    return true;
  }

  /** The BSON type of the slot's field (MISSING when the document has none); its value starts at `offsets[slot]`. */
  type(slot: number): number {
    if (this.located[slot] === this.test) return this.types[slot];
    const layout = this.layout as Layout;
    const element = layout.elementOfSlot[slot];
    if (element < 0) {
      this.located[slot] = this.test;
      return (this.types[slot] = MISSING);
    }
    const stored = this.stored;
    let at = this.nextAt;
    let e = this.nextElement;
    for (; e <= element; e++) {
      const type = stored.charCodeAt(at);
      const found = layout.slotOfElement[e];
      if (found >= 0) {
        this.located[found] = this.test;
        this.types[found] = type;
        this.offsets[found] = at + 1;
      }
      at += 1 + storedValueLength(stored, at + 1, type);
    }
    this.nextAt = at;
    this.nextElement = e;
    return this.types[slot];
  }
}

/** An ObjectId's 12 bytes as the one-byte string a stored document holds them in. */
function idBytes(id: ObjectId): string {
  return Buffer.from(id.toHexString(), 'hex').toString('latin1');
}

/** The last three bytes of the ObjectId at `at` (its counter, the part that differs most), as a small integer. */
function idTail(bytes: string, at: number): number {
  return (bytes.charCodeAt(at + 9) << 16) | (bytes.charCodeAt(at + 10) << 8) | bytes.charCodeAt(at + 11);
}

/**
 * A set of ObjectIds a stored one is looked up in without making a string or an object of it: by the last three
 * bytes first (a number), then byte by byte. A hidden set of 5,000 authors costs one map lookup a document.
 */
class IdSet {
  private readonly byTail = new Map<number, string[]>();
  size = 0;

  add(id: ObjectId): void {
    const bytes = idBytes(id);
    const tail = idTail(bytes, 0);
    const same = this.byTail.get(tail);
    if (same?.includes(bytes)) return;
    if (same) same.push(bytes);
    else this.byTail.set(tail, [bytes]);
    this.size++;
  }

  /** Whether the ObjectId stored at `at` of `stored` is in the set. */
  hasAt(stored: string, at: number): boolean {
    const candidates = this.byTail.get(idTail(stored, at));
    if (candidates === undefined) return false;
    for (const bytes of candidates) {
      let k = 0;
      while (k < 9 && bytes.charCodeAt(k) === stored.charCodeAt(at + k)) k++;
      if (k === 9) return true;
    }
    return false;
  }
}

function dateAt(stored: string, at: number): number {
  return storedInt32(stored, at + 4) * 2 ** 32 + (storedInt32(stored, at) >>> 0);
}

/** `{field: {$in: operands}}` (`$eq` is the one-operand case), as the fast filter's `inClause` decides it. */
function inClause(slot: number, operands: Scalar[]): StoredClause {
  const matchesNull = operands.includes(null);
  const numbers = new Set<number>();
  const strings = new Set<string>();
  const ids = new IdSet();
  const dates = new Set<number>();
  let matchesTrue = false;
  let matchesFalse = false;
  for (const operand of operands) {
    if (typeof operand === 'number') numbers.add(operand);
    else if (typeof operand === 'string') strings.add(operand);
    else if (operand === true) matchesTrue = true;
    else if (operand === false) matchesFalse = true;
    else if (operand instanceof ObjectId) ids.add(operand);
    else if (operand instanceof Date) dates.add(operand.getTime());
  }
  return (view) => {
    const type = view.type(slot);
    const { stored } = view;
    const at = view.offsets[slot];
    switch (type) {
      case MISSING:
      case NULL:
        return matchesNull;
      case BOOLEAN:
        return stored.charCodeAt(at) === 1 ? matchesTrue : matchesFalse;
      case INT32:
        return numbers.has(storedInt32(stored, at));
      case DOUBLE:
        return numbers.size > 0 && numbers.has(scalarAt(stored, at, DOUBLE) as number);
      case STRING:
        return strings.size > 0 && strings.has(scalarAt(stored, at, STRING) as string);
      case OBJECT_ID:
        return ids.size > 0 && ids.hasAt(stored, at);
      case DATE: {
        const ms = dateAt(stored, at);
        return Math.abs(ms) > MAX_DATE_MS ? undefined : dates.has(ms);
      }
      default:
        return undefined;
    }
  };
}

/** `$lt`, `$lte`, `$gt`, `$gte` against a scalar that is not null or a boolean: only values of its class match. */
function rangeClause(slot: number, op: string, operand: Exclude<Scalar, null | boolean>): StoredClause {
  const holds = RANGES[op];
  const kind = classOf(operand);
  const operandId = operand instanceof ObjectId ? idBytes(operand) : '';
  const operandMs = operand instanceof Date ? operand.getTime() : NaN;
  return (view) => {
    const type = view.type(slot);
    const typeClass = CLASS_OF_TYPE[type];
    if (typeClass === undefined) return undefined;
    if (typeClass !== kind) return false;
    const at = view.offsets[slot];
    if (type === OBJECT_ID) {
      // ObjectIds compare by their bytes, first to last: as one-byte strings, by their characters.
      const id = view.stored.slice(at, at + 12);
      return holds(id < operandId ? -1 : id > operandId ? 1 : 0);
    }
    if (type === DATE) {
      const ms = dateAt(view.stored, at);
      return Math.abs(ms) > MAX_DATE_MS ? undefined : holds(compareValues(ms, operandMs));
    }
    const value = scalarAt(view.stored, at, type);
    // NaN is left to mingo, as the fast filter leaves it (not a plain scalar there).
    return Number.isNaN(value) ? undefined : holds(compareValues(value, operand));
  };
}

function existsClause(slot: number, wanted: boolean): StoredClause {
  return (view) => {
    const type = view.type(slot);
    if (type === MISSING) return !wanted;
    // A stored `undefined` (deprecated) is left to the decoder and mingo.
    return type === 0x06 ? undefined : wanted;
  };
}

/**
 * The filter as a test of stored documents, or undefined when it uses anything not compiled here. Not for
 * collated queries (a collation changes string equality; the fast filter is not used for them either).
 */
export function compileStoredFilter(filter: Doc): StoredMatcher | undefined {
  // A slot per top-level field read, in the order the filter first names them.
  const slots = new Map<string, number>();
  const clause = compileFilter<StoredView, number>(filter, {
    field: (name) => {
      // Top-level fields only; `__proto__` is never a plain property of a decoded document.
      if (name === '' || name.includes('.') || name.startsWith('$') || name === '__proto__') return undefined;
      let slot = slots.get(name);
      if (slot === undefined) slots.set(name, (slot = slots.size));
      return slot;
    },
    in: inClause,
    range: rangeClause,
    exists: existsClause,
  });
  if (!clause) return undefined;
  const view = new StoredView([...slots.keys()]);
  return (stored) => (view.load(stored) ? clause(view) : undefined);
}

/** Documents a scan tests with the matcher before it compiles the stored-bytes test. */
const TESTS_BEFORE_COMPILING = 8;

/**
 * `compileStoredFilter`, compiled only once a scan has tested a few documents: compiling costs 1.5-3 µs, more than
 * it saves a point read, which tests one (the first documents go to the matcher, answering undefined here).
 */
export function lazyStoredFilter(filter: Doc): StoredMatcher {
  let tested = 0;
  let compiled: StoredMatcher | undefined;
  return (stored) => {
    if (tested < TESTS_BEFORE_COMPILING) {
      if (++tested < TESTS_BEFORE_COMPILING) return undefined;
      compiled = compileStoredFilter(filter);
    }
    return compiled?.(stored);
  };
}
