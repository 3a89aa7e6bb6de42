import { Context, ProcessingMode } from 'mingo';
import { Lazy, type Iterator as LazyIterator } from 'mingo/lazy';
import type { AnyObject, Options, PipelineOperator } from 'mingo/types';
import { sortDocs, validateSortSpec } from './sort';
import type { Doc } from './document';

/**
 * mingo's own `$sort` orders mixed types differently from MongoDB, so aggregation uses ours, which follows the
 * BSON comparison order.
 */
const $sort = ((collection: LazyIterator, spec: AnyObject, _options: Options) => {
  const sortSpec = validateSortSpec(spec);
  return collection.transform((docs) => Lazy(sortDocs(docs as Doc[], sortSpec)));
}) as PipelineOperator;

const context = Context.init({ pipeline: { $sort } });

export function mingoOptions(extra: Partial<Options> = {}): Partial<Options> {
  return { processingMode: ProcessingMode.CLONE_OFF, context, ...extra };
}
