import { Aggregator } from 'mingo/aggregator';
import { Context, ProcessingMode } from 'mingo/core';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as pipelineOperators from 'mingo/operators/pipeline';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import * as windowOperators from 'mingo/operators/window';
import { Query } from 'mingo/query';
import type { Options } from 'mingo/types';
import { update } from 'mingo/updater';
import { $elemMatch } from './mingo-elem-match';
import { $eq, $gte, $in, $lte, $ne, $nin } from './mingo-equality';
import { $count, $sort } from './mingo-stages';

/**
 * The one mingo context the server uses: every mingo operator, with ours replacing those where mingo differs
 * from MongoDB.
 *
 * Use the `Query`, `Aggregator` and `update` exported here, never those of the package root: the root versions
 * merge mingo's default operators in front of any context they are given, so overrides there are silently ignored.
 */
const context = Context.init({
  accumulator: { ...accumulatorOperators },
  expression: { ...expressionOperators },
  pipeline: { ...pipelineOperators, $sort, $count },
  projection: { ...projectionOperators },
  query: { ...queryOperators, $eq, $ne, $in, $nin, $gte, $lte, $elemMatch },
  window: { ...windowOperators },
});

export function mingoOptions(extra: Partial<Options> = {}): Partial<Options> {
  return { processingMode: ProcessingMode.CLONE_OFF, context, ...extra };
}

export { Aggregator, Query, update };
