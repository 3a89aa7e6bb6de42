import BTree from 'sorted-btree';
import { MaxKey, MinKey } from 'bson';
import { MongoCommandError } from '../errors';
import { compareValues } from '../query/bson-order';
import { pathValues, type Doc } from '../query/document';
import { compileFilter, type Matcher } from '../query/filter';
import { formatValue } from './key-format';
import type { IndexSpec } from './index-spec';
import {
  compareKeyStrings,
  decodeKey,
  encodable,
  encodeEdge,
  encodeKey,
  keyPrefix,
  ridOfKey,
} from './key-codec';

/**
 * Index entries are the indexed values followed by the record id, so equal values stay distinct entries: a flat
 * string (key-codec.ts) while every value the index holds has an encoding, else an array `[value, …, rid]`.
 */
export type IndexKey = string | unknown[];

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
  /** Keys only: the record is found by the id the key ends with (a B-tree without values shares one array). */
  tree: BTree<IndexKey, undefined>;
  multikey = false;
  /** Bumped on every change to the tree, so a suspended scan knows to find its place again. */
  version = 0;
  /** Whether keys are strings; false from the first key with a value that has no string encoding. */
  private compact = true;
  /** Array keys' order: each field in its declared direction, then the record id. */
  private readonly compareArrays: (a: unknown[], b: unknown[]) => number;
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
    this.compareArrays = (a, b) => {
      for (let i = 0; i < n; i++) {
        const c = compareValues(a[i], b[i]);
        if (c !== 0) return c * dirs[i];
      }
      const ra = a[n] as number;
      const rb = b[n] as number;
      return ra < rb ? -1 : ra > rb ? 1 : 0;
    };
    this.tree = new BTree<IndexKey, undefined>(undefined, this.compareKeys as never, 64);
    if (spec.partialFilterExpression) this.partial = compileFilter(spec.partialFilterExpression);
  }

  /** Tree order (both forms order entries alike). */
  get compareKeys(): (a: IndexKey, b: IndexKey) => number {
    return (this.compact ? compareKeyStrings : this.compareArrays) as (a: IndexKey, b: IndexKey) => number;
  }

  /** A copy-on-write copy (O(1)): later changes to either are not seen by the other. */
  snapshot(): Index {
    const copy = new Index(this.spec);
    copy.tree = this.tree.clone();
    copy.multikey = this.multikey;
    copy.compact = this.compact;
    return copy;
  }

  /**
   * Takes the entries of `changed`, a snapshot of this index that a committing transaction wrote to while this one
   * did not change (see `Collection.adoptChanges`): shared copy-on-write, as a snapshot shares them.
   */
  adopt(changed: Index): void {
    this.tree = changed.tree.clone();
    this.multikey = changed.multikey;
    this.compact = changed.compact;
    // A suspended scan of this index finds its place again.
    this.version++;
  }

  /** The stored key of `values` for record `rid`. */
  private stored(values: unknown[], rid: number): IndexKey {
    return this.compact ? encodeKey(values, this.directions, rid) : values.concat(rid);
  }

  /**
   * A key to seek from: `values` may hold MinKey/MaxKey and values of any type, and `rid` ±Infinity is before or
   * after every record of those values. `edge` is the side of the range it bounds (-1 its start in tree order).
   */
  edgeKey(values: unknown[], rid: number, edge: -1 | 1): IndexKey {
    return this.compact ? encodeEdge(values, this.directions, rid, edge) : values.concat(rid);
  }

  /** A stored key's values followed by its record id. */
  keyValues(key: IndexKey): unknown[] {
    return typeof key === 'string' ? decodeKey(key, this.directions) : key;
  }

  /** The record id a stored key ends with. */
  ridOf(key: IndexKey): number {
    return typeof key === 'string' ? ridOfKey(key) : (key[key.length - 1] as number);
  }

  /** Changes when keys change form (once at most): a suspended scan then converts the keys it holds. */
  get keyForm(): number {
    return this.compact ? 0 : 1;
  }

  /** A key read before the keys changed form, in the form they have now. */
  inCurrentForm(key: IndexKey): IndexKey {
    return typeof key === 'string' && !this.compact ? this.keyValues(key) : key;
  }

  /** Rebuilds the tree with array keys, for a value without a string encoding (a new tree: snapshots keep theirs). */
  private useArrays(): void {
    const arrays = [...this.tree.keys()].map((key) => this.keyValues(key));
    this.compact = false;
    this.tree = new BTree<IndexKey, undefined>(undefined, this.compareKeys as never, 64);
    for (const key of arrays) this.tree.set(key, undefined);
    this.version++;
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

  add(rid: number, keys: unknown[][]): void {
    this.version++;
    if (this.compact && !keys.every((key) => key.every(encodable))) this.useArrays();
    // Array keys by `concat`, not a spread: a spread array keeps room to grow, and a stored key never grows.
    for (const key of keys) this.tree.set(this.stored(key, rid), undefined);
  }

  remove(rid: number, keys: unknown[][]): void {
    this.version++;
    for (const key of keys) {
      // A key that could not have been stored as a string is not in a tree of strings.
      if (this.compact && !key.every(encodable)) continue;
      this.tree.delete(this.stored(key, rid));
    }
  }

  /** The entry after `after`, or the first of `values` (all of the index's fields), and whether it holds them. */
  private firstOf(values: unknown[], after?: IndexKey): { key: IndexKey; same: boolean } | undefined {
    const start = this.edgeKey(values, -Infinity, -1);
    const key =
      after !== undefined ? this.tree.nextHigherKey(after) : this.tree.getPairOrNextHigher(start)?.[0];
    if (key === undefined) return undefined;
    // A string edge of encodable values is exactly the part of their keys before the record id.
    if (typeof key === 'string') return { key, same: keyPrefix(key) === start };
    return { key, same: values.every((v, i) => compareValues(v, key[i]) === 0) };
  }

  /** The record id of the entry holding exactly `values` (all of the index's fields), if any. */
  findRid(values: unknown[]): number | undefined {
    const first = this.firstOf(values);
    return first?.same ? this.ridOf(first.key) : undefined;
  }

  /** Whether another record than `selfRid` already holds one of these unique key values. */
  findConflict(keys: unknown[][], selfRid: number): boolean {
    if (!this.unique) return false;
    for (const key of keys) {
      const first = this.firstOf(key);
      if (!first?.same) continue;
      if (this.ridOf(first.key) !== selfRid) return true;
      const next = this.firstOf(key, first.key);
      if (next?.same) return true;
    }
    return false;
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
