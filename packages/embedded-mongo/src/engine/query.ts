import type { Doc } from '../query/document';
import { compileFilter } from '../query/filter';
import { filterFields } from '../query/filter-fields';
import { compileProjection, type Projector } from '../query/projection';
import { sortDocs, type SortSpec } from '../query/sort';
import type { Collection } from './collection';
import type { Collation } from './index-spec';
import { planQuery, type Plan } from './planner';
import { scan, type ScanStats } from './scan';
import { lazyStoredFilter } from './stored-filter';

export interface QueryRequest {
  filter: Doc;
  sort?: SortSpec;
  skip?: number;
  /** 0 or undefined: no limit. */
  limit?: number;
  hint?: unknown;
  collation?: Collation;
  projection?: unknown;
  /** The command's `let` variables, for `$$name` in `$expr`. */
  variables?: Doc;
}

export interface PreparedQuery {
  plan: Plan;
  stats: ScanStats;
  /** Matching documents in order, after sort, skip and limit; not yet projected. */
  docs: Iterator<Doc>;
  project?: Projector;
  request: QueryRequest;
  /**
   * The current version of a document this query produced earlier, or undefined once it is gone or no longer
   * matches. Set when documents stream from the collection (no blocking sort): a cursor uses it on the document
   * it read ahead, which may have changed before the next getMore.
   */
  refresh?: (doc: Doc) => Doc | undefined;
}

function* skipAndLimit(source: Iterable<Doc>, skip: number, limit: number): Generator<Doc> {
  let skipped = 0;
  let returned = 0;
  for (const doc of source) {
    if (skipped < skip) {
      skipped++;
      continue;
    }
    yield doc;
    returned++;
    if (limit > 0 && returned >= limit) return;
  }
}

/** Plans and starts a query; documents are produced lazily as the cursor asks for them. */
export function prepareQuery(collection: Collection | undefined, request: QueryRequest): PreparedQuery {
  const matcher = compileFilter(request.filter, request.collation, request.variables);
  const project = compileProjection(request.projection, request.filter);
  const plan = planQuery(collection, request);
  const stats: ScanStats = { keysExamined: 0, docsExamined: 0 };
  const sort = request.sort ?? [];
  const sortedByPlan = plan.kind === 'IXSCAN' && plan.providesSort;
  const blockingSort = sort.length > 0 && !sortedByPlan;
  // In the scan's order the skip happens inside the scan, which passes over documents without handing them out.
  const scanSkip = blockingSort ? 0 : (request.skip ?? 0);
  const filter = {
    matcher,
    fields: filterFields(request.filter),
    // Collations change string equality: collated queries are decided by the matcher alone.
    stored: request.collation ? undefined : lazyStoredFilter(request.filter),
  };
  let source: Iterable<Doc> = scan(collection, plan, filter, stats, scanSkip);
  if (blockingSort) {
    const fold = request.collation
      ? (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v)
      : undefined;
    // A blocking sort needs everything first; its input is read lazily on the first pull.
    const input = source;
    source = { [Symbol.iterator]: () => sortDocs([...input], sort, fold)[Symbol.iterator]() };
  }
  const docs = skipAndLimit(source, (request.skip ?? 0) - scanSkip, request.limit ?? 0);
  // A blocking sort hands out what it sorted, as mongod's SORT stage does; a streaming read can look again.
  const refresh =
    collection && !blockingSort
      ? (doc: Doc): Doc | undefined => {
          const current = collection.findById(doc._id)?.doc;
          return current === doc || (current && matcher(current)) ? current : undefined;
        }
      : undefined;
  return { plan, stats, docs, project, request, refresh };
}

/** Runs a query to the end and returns all documents, projected. */
export function runQuery(collection: Collection | undefined, request: QueryRequest): Doc[] {
  const prepared = prepareQuery(collection, request);
  const docs: Doc[] = [];
  for (let next = prepared.docs.next(); !next.done; next = prepared.docs.next()) docs.push(next.value);
  return prepared.project ? prepared.project(docs) : docs;
}
