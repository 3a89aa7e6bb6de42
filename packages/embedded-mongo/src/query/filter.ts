import { badValue, MongoCommandError } from '../errors';
import type { Collation } from '../engine/index-spec';
import { ObjectId } from 'bson';
import { valuesEqual } from './bson-order';
import { isPlainObject, type Doc } from './document';
import { compileFastFilter } from './fast-filter';
import { mingoOptions, Query } from './mingo';

export type Matcher = (doc: Doc) => boolean;

const ARRAY_OPERATORS = new Set(['$in', '$nin', '$all']);
const LOGICAL_OPERATORS = new Set(['$and', '$or', '$nor']);

/** Rejects what MongoDB rejects before matching, with MongoDB's messages. */
function validate(filter: unknown, topLevel: boolean): void {
  if (!isPlainObject(filter)) throw badValue('query filter must be an object');
  for (const [key, value] of Object.entries(filter)) {
    if (LOGICAL_OPERATORS.has(key)) {
      if (!Array.isArray(value) || value.length === 0) {
        throw badValue(`${key} must be a nonempty array`);
      }
      for (const clause of value) validate(clause, true);
    } else if (
      key.startsWith('$') &&
      topLevel &&
      !['$expr', '$where', '$comment', '$text', '$jsonSchema'].includes(key)
    ) {
      throw badValue(
        `unknown top level operator: ${key}. If you have a field name that starts with a '$' symbol, consider using $getField or $setField.`,
      );
    } else if (key === '$where' || key === '$text') {
      throw new MongoCommandError('BadValue', `${key} is not supported by the embedded server`);
    } else if (isPlainObject(value)) {
      for (const [op, arg] of Object.entries(value)) {
        if (ARRAY_OPERATORS.has(op) && !Array.isArray(arg)) throw badValue(`${op} needs an array`);
        if (op === '$not' && !(isPlainObject(arg) || arg instanceof RegExp))
          throw badValue('$not needs a regex or a document');
      }
    }
  }
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Under a case-insensitive collation, string equality becomes an anchored case-insensitive regex, so the same
 * matcher serves collated queries. (Strength 1 is treated like strength 2: diacritics still count.)
 */
export function applyCollation(filter: unknown, collation: Collation | undefined): unknown {
  if (!collation) return filter;
  const fold = (v: unknown): unknown => (typeof v === 'string' ? new RegExp(`^${escapeRegex(v)}$`, 'i') : v);
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!isPlainObject(node)) return fold(node);
    const out: Doc = {};
    for (const [key, value] of Object.entries(node)) {
      if (LOGICAL_OPERATORS.has(key)) out[key] = (value as unknown[]).map(walk);
      else if (key === '$in' || key === '$nin') out[key] = (value as unknown[]).map(fold);
      else if (key === '$eq' && typeof value === 'string') out.$in = [fold(value)];
      else if (key === '$ne' && typeof value === 'string') out.$not = fold(value);
      else if (key.startsWith('$')) out[key] = value;
      else out[key] = walk(value);
    }
    return out;
  };
  return walk(filter);
}

/** A value equality matches the same way in mingo and MongoDB, whatever the collation does not touch. */
function isPlainScalar(value: unknown): boolean {
  return (
    value instanceof ObjectId ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && !Number.isNaN(value)) ||
    value instanceof Date
  );
}

/**
 * A filter of top-level equalities to ObjectIds, numbers, booleans or dates (`{ _id }`, `{ postId, userId }`: what
 * most lookups and single-document writes send) as a plain function: the field equals the value or, as in
 * MongoDB, is an array holding it. Building a mingo Query copies every operator into a new context, tens of
 * microseconds per command. Undefined for any other filter (strings are left to mingo: collations fold them).
 */
function equalityMatcher(filter: Doc): Matcher | undefined {
  const fields = Object.entries(filter);
  for (const [field, value] of fields)
    if (field.startsWith('$') || field.includes('.') || !isPlainScalar(value)) return undefined;
  return (doc) =>
    fields.every(([field, value]) => {
      const actual = doc[field];
      return (
        valuesEqual(actual, value) ||
        (Array.isArray(actual) && actual.some((item) => valuesEqual(item, value)))
      );
    });
}

/** A compiled filter. Filters are validated first, so bad input fails before anything is read or written. */
export function compileFilter(filter: unknown, collation?: Collation, variables?: Doc): Matcher {
  const raw = filter ?? {};
  validate(raw, true);
  if (Object.keys(raw as Doc).length === 0) return () => true;
  const simple = equalityMatcher(raw as Doc);
  if (simple) return simple;
  const mingoQuery = () => {
    try {
      return new Query(applyCollation(raw, collation) as Doc, mingoOptions(variables ? { variables } : {}));
    } catch (err) {
      throw toFilterError(err);
    }
  };
  // Plain filters are decided without mingo where the answer is certain (fast-filter.ts); collations change
  // string equality, so those stay with mingo. A compiled filter holds only operators mingo accepts, so its
  // mingo query (tens of microseconds to build) is made only once a document needs it.
  const fast = collation ? undefined : compileFastFilter(raw as Doc);
  if (!fast) {
    const query = mingoQuery();
    return (doc) => query.test(doc);
  }
  let query: Query | undefined;
  return (doc) => fast(doc) ?? (query ??= mingoQuery()).test(doc);
}

function toFilterError(err: unknown): MongoCommandError {
  const message = err instanceof Error ? err.message : String(err);
  const unknownOp = /unknown query operator (\$\w+)/.exec(message);
  if (unknownOp) return badValue(`unknown operator: ${unknownOp[1]}`);
  return badValue(message);
}
