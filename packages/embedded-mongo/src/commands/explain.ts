import type { Document } from 'bson';
import { explainQuery } from '../engine/explain';
import { normalizeCollation } from '../engine/index-spec';
import { prepareQuery, type QueryRequest } from '../engine/query';
import { MongoCommandError } from '../errors';
import { isPlainObject, type Doc } from '../query/document';
import { validateSortSpec } from '../query/sort';
import { explainAggregate, planAggregate } from './aggregate';
import { namespace, type CommandHandler, type CommandRequest } from './context';
import { SERVER_VERSION } from './handshake';
import { parseCount, parseFind } from './read';

const VERBOSITIES = new Set(['queryPlanner', 'executionStats', 'allPlansExecution']);

/** The query behind an explainable command (without running its writes). */
function queryOf(inner: CommandRequest): QueryRequest {
  const body = inner.body;
  switch (inner.name) {
    case 'find':
      return parseFind(body);
    case 'count':
      return parseCount(inner);
    case 'distinct':
      return {
        filter: isPlainObject(body.query) ? body.query : {},
        collation: normalizeCollation(body.collation),
      };
    case 'findAndModify':
      return {
        filter: isPlainObject(body.query) ? body.query : {},
        sort: isPlainObject(body.sort) ? validateSortSpec(body.sort) : undefined,
        limit: 1,
      };
    case 'delete':
    case 'update': {
      const list = (inner.name === 'delete' ? body.deletes : body.updates) as Doc[] | undefined;
      const first = list?.[0] ?? {};
      return {
        filter: isPlainObject(first.q) ? first.q : {},
        hint: first.hint,
        limit: first.multi || first.limit === 0 ? 0 : 1,
      };
    }
    default:
      throw new MongoCommandError('CommandNotFound', `Explain failed due to unknown command: ${inner.name}`);
  }
}

export const explain: CommandHandler = (ctx, req) => {
  const body = req.body.explain;
  if (!isPlainObject(body))
    throw new MongoCommandError('TypeMismatch', 'explain command requires a nested object');
  const verbosity = typeof req.body.verbosity === 'string' ? req.body.verbosity : 'allPlansExecution';
  if (!VERBOSITIES.has(verbosity))
    throw new MongoCommandError(
      'FailedToParse',
      `verbosity string must be one of {'queryPlanner', 'executionStats', 'allPlansExecution'}`,
    );
  const name = Object.keys(body)[0];
  const inner: CommandRequest = { ...req, name, body };
  const coll = String(body[name]);
  const ns = namespace(req, coll);
  const started = Date.now();
  const serverInfo = { host: ctx.info.host, port: ctx.info.port, version: SERVER_VERSION };
  if (name === 'aggregate') {
    const plan = planAggregate(ctx, inner);
    let n = 0;
    while (!plan.prepared.docs.next().done) n++;
    return {
      ...explainAggregate(plan, ns, verbosity, n, Date.now() - started),
      command: body,
      serverInfo,
      ok: 1,
    };
  }
  const prepared = prepareQuery(ctx.catalog.getCollection(req.db, coll), queryOf(inner));
  let n = 0;
  while (!prepared.docs.next().done) n++;
  const reply: Document = explainQuery(prepared, ns, n, Date.now() - started, verbosity, name);
  return { ...reply, command: body, serverInfo, ok: 1 };
};
