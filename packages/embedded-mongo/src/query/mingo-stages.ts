import { Lazy, type Iterator as LazyIterator } from 'mingo/lazy';
import type { AnyObject, Options, PipelineOperator } from 'mingo/types';
import { MongoCommandError } from '../errors';
import type { Doc } from './document';
import { sortDocs, validateSortSpec } from './sort';

/**
 * Pipeline stages where mingo differs from MongoDB, replaced by ours.
 */

/** mingo's `$sort` orders mixed types differently from MongoDB; ours follows the BSON comparison order. */
export const $sort = ((collection: LazyIterator, spec: AnyObject, _options: Options) => {
  const sortSpec = validateSortSpec(spec);
  if (sortSpec.length === 0)
    throw new MongoCommandError('Location15976', '$sort stage must have at least one sort key');
  return collection.transform((docs) => Lazy(sortDocs(docs as Doc[], sortSpec)));
}) as PipelineOperator;

function validateCountField(field: unknown): string {
  if (typeof field !== 'string' || field.length === 0) {
    throw new MongoCommandError('Location40156', 'the count field must be a non-empty string');
  }
  if (field.startsWith('$'))
    throw new MongoCommandError('Location40158', 'the count field cannot be a $-prefixed path');
  if (field.includes('.')) throw new MongoCommandError('Location40160', "the count field cannot contain '.'");
  return field;
}

/** mingo's `$count` emits `{ n: 0 }` for no input; MongoDB emits no document at all. */
export const $count = ((collection: LazyIterator, field: unknown, _options: Options) => {
  const name = validateCountField(field);
  return collection.transform((docs) => Lazy(docs.length === 0 ? [] : [{ [name]: docs.length }]));
}) as PipelineOperator;
