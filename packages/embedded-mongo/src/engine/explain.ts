import type { Doc } from '../query/document';
import { sortSpecToDoc } from '../query/sort';
import type { Interval } from './bounds';
import { formatValue } from './key-format';
import type { IndexPlan, Plan } from './planner';
import type { PreparedQuery } from './query';

function formatInterval(interval: Interval): string {
  const open = interval.loInclusive ? '[' : '(';
  const close = interval.hiInclusive ? ']' : ')';
  return `${open}${formatValue(interval.lo)}, ${formatValue(interval.hi)}${close}`;
}

function scanStage(plan: Plan, filter: Doc): Doc {
  if (plan.kind === 'EOF') return { stage: 'EOF' };
  if (plan.kind === 'COLLSCAN') return { stage: 'COLLSCAN', filter, direction: 'forward' };
  if (plan.kind === 'OR')
    return {
      stage: 'FETCH',
      filter,
      inputStage: { stage: 'OR', inputStages: plan.branches.map(indexStage) },
    };
  return { stage: 'FETCH', filter, inputStage: indexStage(plan) };
}

/** A plan's index read: IXSCAN, under SORT_MERGE when its ranges are merged. */
function indexStage(plan: IndexPlan): Doc {
  const { index } = plan;
  const indexBounds: Doc = {};
  index.fields.forEach((field, k) => {
    const intervals = plan.bounds[k];
    indexBounds[field] = intervals
      ? intervals.map(formatInterval)
      : [index.directions[k] * plan.direction === 1 ? '[MinKey, MaxKey]' : '[MaxKey, MinKey]'];
  });
  const ixscan: Doc = {
    stage: 'IXSCAN',
    keyPattern: { ...index.spec.key },
    indexName: index.name,
    isMultiKey: index.multikey,
    isUnique: index.unique,
    isSparse: !!index.spec.sparse,
    isPartial: !!index.spec.partialFilterExpression,
    indexVersion: 2,
    direction: plan.direction === 1 ? 'forward' : 'backward',
    indexBounds,
  };
  // mongod lists one IXSCAN per merged range; one scan with all the bounds says the same in less space.
  return plan.mergeOn
    ? {
        stage: 'SORT_MERGE',
        sortPattern: Object.fromEntries(
          plan.mergeOn.map((k) => [index.fields[k], index.directions[k] * plan.direction]),
        ),
        inputStages: [ixscan],
      }
    : ixscan;
}

/** The winning plan as mongod describes it: scan, then sort, skip, limit and projection stages on top. */
export function describePlan(prepared: PreparedQuery): Doc {
  const { plan, request } = prepared;
  let stage = scanStage(plan, request.filter);
  const sorted = plan.kind === 'IXSCAN' && plan.providesSort;
  if (request.sort && request.sort.length > 0 && !sorted && plan.kind !== 'EOF') {
    stage = {
      stage: 'SORT',
      sortPattern: sortSpecToDoc(request.sort),
      memLimit: 104857600,
      type: 'simple',
      inputStage: stage,
    };
  }
  if (request.skip) stage = { stage: 'SKIP', skipAmount: request.skip, inputStage: stage };
  if (request.limit) stage = { stage: 'LIMIT', limitAmount: request.limit, inputStage: stage };
  if (prepared.project)
    stage = { stage: 'PROJECTION_DEFAULT', transformBy: request.projection, inputStage: stage };
  return stage;
}

export function explainQuery(
  prepared: PreparedQuery,
  ns: string,
  nReturned: number,
  millis: number,
  verbosity: string,
  command?: string,
): Doc {
  const plan = describePlan(prepared);
  // A count returns no documents: mongod puts a COUNT stage over the plan that feeds it.
  const counting = command === 'count';
  const winningPlan = counting ? { stage: 'COUNT', inputStage: plan } : plan;
  const out: Doc = {
    explainVersion: '1',
    queryPlanner: {
      namespace: ns,
      indexFilterSet: false,
      parsedQuery: prepared.request.filter,
      planCacheShapeHash: '00000000',
      maxIndexedOrSolutionsReached: false,
      maxIndexedAndSolutionsReached: false,
      maxScansToExplodeReached: false,
      winningPlan,
      rejectedPlans: [],
    },
  };
  if (verbosity !== 'queryPlanner') {
    const executionStages = counting
      ? { stage: 'COUNT', nReturned: 0, nCounted: nReturned, inputStage: { ...plan, nReturned } }
      : { ...plan, nReturned };
    out.executionStats = {
      executionSuccess: true,
      nReturned: counting ? 0 : nReturned,
      executionTimeMillis: millis,
      totalKeysExamined: prepared.stats.keysExamined,
      totalDocsExamined: prepared.stats.docsExamined,
      executionStages,
    };
  }
  return out;
}
