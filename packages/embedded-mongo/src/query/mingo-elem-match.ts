import { $elemMatch as mingoElemMatch } from 'mingo/operators/query';
import { Query } from 'mingo/query';
import type { AnyObject, Options, QueryOperator } from 'mingo/types';
import { isPlainObject, pathValues, type Doc } from './document';

const LOGICAL = new Set(['$and', '$or', '$nor']);

/** Conditions on fields of the elements (`{ b: 1 }`), as opposed to conditions on the elements (`{ $gt: 1 }`). */
function isFieldCriteria(criteria: unknown): criteria is Doc {
  return (
    isPlainObject(criteria) && Object.keys(criteria).some((key) => !key.startsWith('$') || LOGICAL.has(key))
  );
}

/**
 * mingo tests field conditions against scalar elements too, and reads any path of a scalar as the scalar
 * itself, so `{ a: { $elemMatch: { b: 1 } } }` matched `a: [1]`. MongoDB tests them against the documents (and
 * arrays) in the array only.
 */
/** An array element as the document MongoDB sees in it: a document, or an array read as `{ "0": ..., "1": ... }`. */
function asDocument(element: unknown): Doc | undefined {
  if (isPlainObject(element)) return element;
  if (Array.isArray(element)) return Object.fromEntries(element.map((v, i) => [String(i), v]));
  return undefined;
}

export const $elemMatch = ((selector: string, criteria: unknown, options: Options) => {
  if (!isFieldCriteria(criteria)) return mingoElemMatch(selector, criteria as AnyObject, options);
  const query = new Query(criteria, options);
  return (doc: Doc) =>
    pathValues(doc, selector, false).some(
      (value) =>
        Array.isArray(value) &&
        value.some((element) => {
          const asDoc = asDocument(element);
          return asDoc !== undefined && query.test(asDoc);
        }),
    );
}) as QueryOperator;
