/**
 * Session operations (transactions) and the testRunner's special operations (assertions about sessions,
 * command lsids, collections and indexes). The assertions read driver internals that have no public API
 * (transaction state, pinning, dirtiness), as the format expects a runner to.
 */
import { ClientSession, type Document } from 'mongodb';
import { commonOptions } from './options';
import type { Operation, OperationContext } from './operations';
import { fail, match } from './match';

function session(ctx: OperationContext): ClientSession {
  const target = ctx.target ?? ctx.args.session;
  const s = (target as { session?: unknown })?.session ?? target;
  if (!(s instanceof ClientSession)) throw new Error('operation needs a session');
  return s;
}

/** Transaction options as the driver takes them (writeConcern/readPreference converted). */
const transactionOptions = (args: Document): Document => {
  const { callback: _callback, ...rest } = args;
  return commonOptions(rest);
};

/** The driver's internal TxnState names, in the format's vocabulary. */
const STATES: Record<string, string> = {
  NO_TRANSACTION: 'none',
  STARTING_TRANSACTION: 'starting',
  TRANSACTION_IN_PROGRESS: 'in_progress',
  TRANSACTION_COMMITTED: 'committed',
  TRANSACTION_COMMITTED_EMPTY: 'committed',
  TRANSACTION_ABORTED: 'aborted',
};

interface SessionInternals {
  transaction: { state: string };
  serverSession?: { isDirty?: boolean };
}

export const SESSION_OPERATIONS: Record<string, Operation> = {
  startTransaction: async (ctx) => session(ctx).startTransaction(transactionOptions(ctx.args)),
  commitTransaction: async (ctx) => session(ctx).commitTransaction(),
  abortTransaction: async (ctx) => session(ctx).abortTransaction(),
  endSession: async (ctx) => session(ctx).endSession(),
  withTransaction: async (ctx) => {
    const ops = ctx.args.callback as Document[];
    await session(ctx).withTransaction(() => ctx.runNested(ops), transactionOptions(ctx.args));
  },
};

/** The last two commandStartedEvents' lsids on a client that observes them. */
function lastTwoLsids(ctx: OperationContext): [Document, Document] {
  const started = ctx.entities
    .client(ctx.args.client)
    .events.filter((e) => e.type === 'commandStartedEvent')
    .map((e) => ('command' in e.event ? e.event.command : {}));
  if (started.length < 2) fail('fewer than two commandStartedEvents observed');
  const [a, b] = started.slice(-2);
  if (!a.lsid || !b.lsid) fail('a command has no lsid');
  return [a.lsid, b.lsid];
}

const sameLsid = (a: Document, b: Document): boolean => {
  try {
    match(a, b, { entity: () => undefined, sessionLsid: () => ({}) }, false);
    return true;
  } catch {
    return false;
  }
};

async function collectionNames(ctx: OperationContext): Promise<string[]> {
  const list = await ctx.entities.internal
    .db(ctx.args.databaseName)
    .listCollections({}, { nameOnly: true })
    .toArray();
  return list.map((c) => c.name);
}

async function indexNames(ctx: OperationContext): Promise<string[]> {
  const { databaseName, collectionName } = ctx.args;
  try {
    const list = await ctx.entities.internal
      .db(databaseName)
      .collection(collectionName)
      .listIndexes()
      .toArray();
    return list.map((i) => String(i.name));
  } catch (error) {
    // A missing collection has no indexes (NamespaceNotFound).
    if ((error as { code?: number }).code === 26) return [];
    throw error;
  }
}

export const TEST_RUNNER_OPERATIONS: Record<string, Operation> = {
  assertSessionTransactionState: async (ctx) => {
    const state = STATES[(session(ctx) as unknown as SessionInternals).transaction.state];
    if (state !== ctx.args.state) fail(`transaction state is ${state}, expected ${ctx.args.state}`);
  },
  assertSessionPinned: async (ctx) => {
    if (!session(ctx).isPinned) fail('session is not pinned');
  },
  assertSessionUnpinned: async (ctx) => {
    if (session(ctx).isPinned) fail('session is pinned');
  },
  assertSessionDirty: async (ctx) => {
    if (!(session(ctx) as unknown as SessionInternals).serverSession?.isDirty) fail('session is not dirty');
  },
  assertSessionNotDirty: async (ctx) => {
    if ((session(ctx) as unknown as SessionInternals).serverSession?.isDirty) fail('session is dirty');
  },
  assertSameLsidOnLastTwoCommands: async (ctx) => {
    const [a, b] = lastTwoLsids(ctx);
    if (!sameLsid(a, b)) fail('the last two commands used different lsids');
  },
  assertDifferentLsidOnLastTwoCommands: async (ctx) => {
    const [a, b] = lastTwoLsids(ctx);
    if (sameLsid(a, b)) fail('the last two commands used the same lsid');
  },
  assertCollectionExists: async (ctx) => {
    if (!(await collectionNames(ctx)).includes(ctx.args.collectionName))
      fail(`collection ${ctx.args.databaseName}.${ctx.args.collectionName} does not exist`);
  },
  assertCollectionNotExists: async (ctx) => {
    if ((await collectionNames(ctx)).includes(ctx.args.collectionName))
      fail(`collection ${ctx.args.databaseName}.${ctx.args.collectionName} exists`);
  },
  assertIndexExists: async (ctx) => {
    if (!(await indexNames(ctx)).includes(ctx.args.indexName))
      fail(`index ${ctx.args.indexName} does not exist`);
  },
  assertIndexNotExists: async (ctx) => {
    if ((await indexNames(ctx)).includes(ctx.args.indexName)) fail(`index ${ctx.args.indexName} exists`);
  },
};
