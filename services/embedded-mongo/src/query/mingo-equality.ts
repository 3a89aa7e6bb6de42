import { $eq as mingoEq, $in as mingoIn } from 'mingo/operators/query';
import type { QueryOperator } from 'mingo/types';
import { valuesEqual } from './bson-order';
import { isPlainObject, pathValues, type Doc } from './document';

/**
 * mingo compares embedded documents without regard to field order, but MongoDB compares BSON: `{ a: 1, b: 2 }`
 * does not equal `{ b: 2, a: 1 }`. These equality operators use BSON comparison whenever an embedded document is
 * involved and leave every other case to mingo.
 */

function containsDocument(value: unknown): boolean {
  return isPlainObject(value) || (Array.isArray(value) && value.some(containsDocument));
}

/** What equality is tested against at a path: each value reached, and each element of an array reached. */
function candidates(doc: Doc, path: string): unknown[] {
  return [...pathValues(doc, path, false), ...pathValues(doc, path, true)];
}

type Predicate = (doc: Doc) => boolean;

function equalsAny(path: string, values: unknown[]): Predicate {
  return (doc) =>
    candidates(doc, path).some((candidate) => values.some((value) => valuesEqual(candidate, value)));
}

export const $eq = ((selector: string, value: unknown, options: never) => {
  if (!containsDocument(value)) return mingoEq(selector, value, options);
  return equalsAny(selector, [value]);
}) as QueryOperator;

export const $ne = ((selector: string, value: unknown, options: never) => {
  const eq = ($eq as (s: string, v: unknown, o: never) => Predicate)(selector, value, options);
  return (doc: Doc) => !eq(doc);
}) as QueryOperator;

export const $in = ((selector: string, values: unknown, options: never) => {
  if (!Array.isArray(values) || !values.some(containsDocument)) return mingoIn(selector, values, options);
  const documents = values.filter(containsDocument);
  const others = values.filter((v) => !containsDocument(v));
  const matchOthers: Predicate = others.length > 0 ? mingoIn(selector, others, options) : () => false;
  const matchDocuments = equalsAny(selector, documents);
  return (doc: Doc) => matchOthers(doc) || matchDocuments(doc);
}) as QueryOperator;

export const $nin = ((selector: string, values: unknown, options: never) => {
  const matchIn = ($in as (s: string, v: unknown, o: never) => Predicate)(selector, values, options);
  return (doc: Doc) => !matchIn(doc);
}) as QueryOperator;
