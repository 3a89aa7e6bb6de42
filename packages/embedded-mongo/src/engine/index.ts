import BTree from 'sorted-btree';
import { MaxKey, MinKey } from 'bson';
import { MongoCommandError } from '../errors';
import { compareValues } from '../query/bson-order';
import { pathValues, type Doc } from '../query/document';
import { compileFilter, type Matcher } from '../query/filter';
import { formatValue } from './key-format';
import type { IndexSpec } from './index-spec';
import type { DocRecord } from './record';

/** Index entries are the indexed values followed by the record id, so equal values stay distinct entries. */
export type IndexKey = unknown[];

export const MIN_KEY = new MinKey();
export const MAX_KEY = new MaxKey();

function foldCase(value: unknown, strength: number): unknown {
  if (typeof value !== 'string') return value;
  const lower = value.toLowerCase();
  return strength === 1 ? lower.normalize('NFD').replace(/\p{Diacritic}/gu, '') : lower;
}

export class Index {
  readonly spec: IndexSpec;
  readonly fields: string[];
  readonly directions: number[];
  tree: BTree<IndexKey, DocRecord>;
  multikey = false;
  /** Bumped on every change to the tree, so a suspended scan knows to find its place again. */
  version = 0;
  /** Tree order: each field in its declared direction, then the record id. */
  readonly compareKeys: (a: IndexKey, b: IndexKey) => number;
  private readonly partial?: Matcher;
  /** Whether every field is a top-level one (no dotted path). */
  private readonly topLevel: boolean;

  constructor(spec: IndexSpec) {
    this.spec = spec;
    this.fields = Object.keys(spec.key);
    this.topLevel = this.fields.every((field) => !field.includes('.'));
    this.directions = this.fields.map((f) => spec.key[f]);
    const n = this.fields.length;
    const dirs = this.directions;
    this.compareKeys = (a, b) => {
      for (let i = 0; i < n; i++) {
        const c = compareValues(a[i], b[i]);
        if (c !== 0) return c * dirs[i];
      }
      const ra = a[n] as number;
      const rb = b[n] as number;
      return ra < rb ? -1 : ra > rb ? 1 : 0;
    };
    this.tree = new BTree<IndexKey, DocRecord>(undefined, this.compareKeys, 64);
    if (spec.partialFilterExpression) this.partial = compileFilter(spec.partialFilterExpression);
  }

  /** A copy-on-write copy (O(1)): later changes to either are not seen by the other. */
  snapshot(): Index {
    const copy = new Index(this.spec);
    copy.tree = this.tree.clone();
    copy.multikey = this.multikey;
    return copy;
  }

  get name(): string {
    return this.spec.name;
  }

  get isIdIndex(): boolean {
    return this.spec.name === '_id_';
  }

  /** The `_id` index is always unique, although its spec (as listIndexes shows it) does not say so. */
  get unique(): boolean {
    return !!this.spec.unique || this.isIdIndex;
  }

  /** Normalizes a value as this index stores it (case folding under a collation). */
  normalize(value: unknown): unknown {
    const strength = this.spec.collation?.strength;
    return strength ? foldCase(value, strength) : value;
  }

  /** The key values a document produces (one tuple per array element for a multikey index); none when excluded. */
  keysFor(doc: Doc): unknown[][] {
    if (this.partial && !this.partial(doc)) return [];
    if (this.topLevel) {
      const key = this.topLevelKey(doc);
      if (key) return key;
    }
    const perField = this.fields.map((field) => pathValues(doc, field));
    if (this.spec.sparse && perField.every((values) => values.length === 1 && values[0] === undefined))
      return [];
    const arrays = perField.filter((values) => values.length > 1);
    if (arrays.length > 1) {
      const names = this.fields.filter((_f, i) => perField[i].length > 1);
      throw new MongoCommandError(
        'CannotIndexParallelArrays',
        `cannot index parallel arrays [${names[1]}] [${names[0]}]`,
      );
    }
    let tuples: unknown[][] = [[]];
    for (const values of perField) {
      const next: unknown[][] = [];
      // Missing fields are indexed as null, which is how `{ field: null }` finds them.
      const unique = dedupe(values.map((v) => (v === undefined ? null : this.normalize(v))));
      for (const tuple of tuples) for (const v of unique) next.push([...tuple, v]);
      tuples = next;
    }
    return tuples;
  }

  /**
   * Marks the index multikey once any indexed path holds an array, as MongoDB does, even an array that produced
   * a single key (an empty array sorts unlike the null it is indexed as, so such an index cannot provide a sort).
   */
  noteKeys(doc: Doc, keys: unknown[][]): void {
    if (this.multikey) return;
    const holdsArray = this.topLevel
      ? this.fields.some((field) => Array.isArray(doc[field]))
      : this.fields.some((field) => pathValues(doc, field, false).some(Array.isArray));
    if (keys.length > 1 || holdsArray) this.multikey = true;
  }

  /**
   * `keysFor` of an index on top-level fields only, when none of them holds an array (the usual document): its
   * one key, read straight from the fields (no path walk and no lists per field, as an insert does this for every
   * index); undefined when a field holds an array, which the general path handles.
   */
  private topLevelKey(doc: Doc): unknown[][] | undefined {
    const key = new Array<unknown>(this.fields.length);
    let missing = 0;
    for (let i = 0; i < this.fields.length; i++) {
      const value = doc[this.fields[i]];
      if (Array.isArray(value)) return undefined;
      if (value === undefined) missing++;
      // Missing fields are indexed as null, which is how `{ field: null }` finds them.
      key[i] = value === undefined ? null : this.normalize(value);
    }
    if (this.spec.sparse && missing === this.fields.length) return [];
    return [key];
  }

  add(record: DocRecord, keys: unknown[][]): void {
    this.version++;
    // `concat`, not a spread: a spread array keeps room to grow (about 140 bytes more per stored key, a quarter
    // of what a post cost in memory before), and a stored key never grows.
    for (const key of keys) this.tree.set(key.concat(record.rid), record);
  }

  remove(record: DocRecord, keys: unknown[][]): void {
    this.version++;
    for (const key of keys) this.tree.delete([...key, record.rid]);
  }

  /** The record already holding one of these unique key values, other than `self`. */
  findConflict(keys: unknown[][], selfRid: number): DocRecord | undefined {
    if (!this.unique) return undefined;
    for (const key of keys) {
      const start = [...key, -Infinity];
      const found = this.tree.nextHigherPair(start);
      if (!found) continue;
      const [foundKey, record] = found;
      const samePrefix = key.every((v, i) => compareValues(v, foundKey[i]) === 0);
      if (samePrefix && record.rid !== selfRid) return record;
      if (samePrefix) {
        const after = this.tree.nextHigherPair(foundKey);
        if (after && key.every((v, i) => compareValues(v, after[0][i]) === 0)) return after[1];
      }
    }
    return undefined;
  }

  duplicateKeyError(ns: string, doc: Doc): MongoCommandError {
    const keyValue: Doc = {};
    for (const field of this.fields) {
      const values = pathValues(doc, field);
      keyValue[field] = values.length === 1 ? (values[0] ?? null) : values;
    }
    const shown = Object.entries(keyValue)
      .map(([k, v]) => `${k}: ${formatValue(v)}`)
      .join(', ');
    return new MongoCommandError(
      'DuplicateKey',
      `E11000 duplicate key error collection: ${ns} index: ${this.name} dup key: { ${shown} }`,
      { keyPattern: { ...this.spec.key }, keyValue },
    );
  }
}

function dedupe(values: unknown[]): unknown[] {
  if (values.length < 2) return values;
  const out: unknown[] = [];
  for (const v of values) if (!out.some((u) => compareValues(u, v) === 0)) out.push(v);
  return out;
}
