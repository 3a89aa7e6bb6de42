import { $eq as mingoEq, $gte as mingoGte, $in as mingoIn, $lte as mingoLte } from 'mingo/operators/query';
import type { QueryOperator } from 'mingo/types';
import { valuesEqual } from './bson-order';
import { isPlainObject, pathValues, type Doc } from './document';

/**
 * Equality where mingo differs from MongoDB:
 * - embedded documents compare as BSON, field order included (`{ a: 1, b: 2 }` is not `{ b: 2, a: 1 }`);
 * - null matches as MongoDB's null_query_semantics define it (see `matchesNull`).
 * Every other comparison is left to mingo.
 */

type Predicate = (doc: Doc) => boolean;
type Operator = (selector: string, value: unknown, options: never) => Predicate;

function containsDocument(value: unknown): boolean {
  return isPlainObject(value) || (Array.isArray(value) && value.some(containsDocument));
}

/** What equality is tested against at a path: each value reached, and each element of an array reached. */
function candidates(doc: Doc, path: string): unknown[] {
  return [...pathValues(doc, path, false), ...pathValues(doc, path, true)];
}

function equalsAny(path: string, values: unknown[]): Predicate {
  return (doc) =>
    candidates(doc, path).some((candidate) => values.some((value) => valuesEqual(candidate, value)));
}

function nullAt(value: unknown, parts: string[], i: number): boolean {
  if (i === parts.length) {
    return value === null || value === undefined || (Array.isArray(value) && value.some((v) => v === null));
  }
  if (isPlainObject(value)) return nullAt(value[parts[i]], parts, i + 1);
  if (Array.isArray(value)) {
    if (/^\d+$/.test(parts[i])) return nullAt(value[Number(parts[i])], parts, i + 1);
    // Only documents in the array have the field; an array of scalars does not make the path "missing".
    return value.some((element) => isPlainObject(element) && nullAt(element[parts[i]], parts, i + 1));
  }
  return true; // a scalar (or nothing) where a document was expected: the path is missing
}

/**
 * `{ path: null }`: the value is null or missing, or an array holding null; through an array, at least one of its
 * documents lacks the rest of the path. An array of scalars does not match a longer path.
 * (jstests/core/null_query_semantics.js in the MongoDB repository.)
 */
function matchesNull(path: string): Predicate {
  const parts = path.split('.');
  return (doc) => nullAt(doc, parts, 0);
}

export const $eq = ((selector, value, options) => {
  if (value === null) return matchesNull(selector);
  if (containsDocument(value)) return equalsAny(selector, [value]);
  return mingoEq(selector, value, options);
}) as Operator as QueryOperator;

export const $ne = ((selector, value, options) => {
  const eq = ($eq as unknown as Operator)(selector, value, options);
  return (doc: Doc) => !eq(doc);
}) as Operator as QueryOperator;

export const $in = ((selector, values, options) => {
  if (!Array.isArray(values)) return mingoIn(selector, values, options);
  const predicates: Predicate[] = [];
  if (values.some((v) => v === null)) predicates.push(matchesNull(selector));
  const documents = values.filter(containsDocument);
  if (documents.length > 0) predicates.push(equalsAny(selector, documents));
  const others = values.filter((v) => v !== null && !containsDocument(v));
  if (others.length > 0) predicates.push(mingoIn(selector, others, options));
  return (doc: Doc) => predicates.some((p) => p(doc));
}) as Operator as QueryOperator;

export const $nin = ((selector, values, options) => {
  const matchIn = ($in as unknown as Operator)(selector, values, options);
  return (doc: Doc) => !matchIn(doc);
}) as Operator as QueryOperator;

/** `$gte: null` and `$lte: null` match exactly what `$eq: null` matches (nothing sorts between). */
export const $gte = ((selector, value, options) =>
  value === null ? matchesNull(selector) : mingoGte(selector, value, options)) as Operator as QueryOperator;

export const $lte = ((selector, value, options) =>
  value === null ? matchesNull(selector) : mingoLte(selector, value, options)) as Operator as QueryOperator;
