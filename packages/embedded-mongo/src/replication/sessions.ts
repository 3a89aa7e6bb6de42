import type { Document } from 'bson';
import { MongoCommandError } from '../errors';
import type { CommandHandler, CommandRequest, ServerContext } from '../commands/context';
import { sessionKey } from './local-sessions';
import { noSuchTransaction } from './transactions';

/** Writes the driver retries once after a network error or a failover, with the same (session, txnNumber). */
const RETRYABLE = new Set(['insert', 'update', 'delete', 'findAndModify', 'findandmodify']);

/** Commands a transaction may run (mongod 7.0's list, less those this server does not have). */
const IN_TRANSACTION = new Set([
  'find',
  'getMore',
  'killCursors',
  'insert',
  'update',
  'delete',
  'findAndModify',
  'findandmodify',
  'aggregate',
  'distinct',
  'create',
  'createIndexes',
  'commitTransaction',
  'abortTransaction',
]);

function txnNumberOf(body: Document): number | undefined {
  return typeof body.txnNumber === 'number' ? body.txnNumber : undefined;
}

/**
 * Runs a command in its session's terms: inside its transaction, as a retryable write (answered from the stored
 * reply when it is a retry), or plainly.
 */
export async function runInSession(
  ctx: ServerContext,
  req: CommandRequest,
  handler: CommandHandler,
): Promise<Document> {
  const body = req.body;
  const txnNumber = txnNumberOf(body);
  const inTransaction = body.autocommit !== undefined || body.startTransaction !== undefined;
  if (!inTransaction && (txnNumber === undefined || !RETRYABLE.has(req.name))) return handler(ctx, req);
  const session = sessionKey(body.lsid);
  if (session === undefined || txnNumber === undefined) {
    throw new MongoCommandError('InvalidOptions', `${req.name} with a txnNumber needs a session (lsid)`);
  }
  if (inTransaction) return runInTransaction(ctx, req, handler, session, txnNumber);
  return retryableWrite(ctx, req, handler, session, txnNumber);
}

async function retryableWrite(
  ctx: ServerContext,
  req: CommandRequest,
  handler: CommandHandler,
  session: string,
  txnNumber: number,
): Promise<Document> {
  const known = ctx.store.sessionWrites.get(session);
  if (known && known.txnNumber === txnNumber) return known.reply;
  if (known && known.txnNumber > txnNumber) {
    throw new MongoCommandError(
      'TransactionTooOld',
      `Retryable write with txnNumber ${txnNumber} is prohibited on session ${session} because a newer retryable write with txnNumber ${known.txnNumber} has already started on this session.`,
    );
  }
  ctx.transactions.endFor(session, txnNumber);
  const reply = await handler(ctx, req);
  // Journaled before the command's commit, so the write and the memory of it are durable together.
  ctx.store.recordSessionWrite({ session, txnNumber, reply, at: Date.now() });
  return reply;
}

async function runInTransaction(
  ctx: ServerContext,
  req: CommandRequest,
  handler: CommandHandler,
  session: string,
  txnNumber: number,
): Promise<Document> {
  const body = req.body;
  if (body.autocommit !== false) {
    throw new MongoCommandError('InvalidOptions', 'autocommit must be false in a transaction');
  }
  if (!IN_TRANSACTION.has(req.name)) {
    throw new MongoCommandError(
      'OperationNotSupportedInTransaction',
      `Cannot run '${req.name}' in a multi-document transaction.`,
    );
  }
  if (req.name === 'commitTransaction') {
    const txn = ctx.transactions.find(session, txnNumber);
    if (!txn) throw noSuchTransaction(txnNumber);
    ctx.transactions.commit(txn);
    return { ok: 1 };
  }
  if (req.name === 'abortTransaction') {
    const txn = ctx.transactions.find(session, txnNumber);
    if (!txn) throw noSuchTransaction(txnNumber);
    if (txn.state === 'committed') {
      throw new MongoCommandError('TransactionCommitted', 'Transaction has been committed.');
    }
    if (txn.state === 'aborted') throw noSuchTransaction(txnNumber, txn.abortReason);
    txn.abort();
    return { ok: 1 };
  }
  const lsid = body.lsid as Document;
  const txn = body.startTransaction
    ? ctx.transactions.begin(session, { lsid, txnNumber })
    : ctx.transactions.get(session, txnNumber);
  try {
    const reply = await handler({ ...ctx, catalog: txn.catalog }, req);
    // Any failed statement ends the transaction, as in mongod.
    if (Array.isArray(reply.writeErrors) && reply.writeErrors.length > 0) txn.abort('a statement failed');
    return reply;
  } catch (err) {
    txn.abort('a statement failed');
    throw err;
  }
}
