import { Binary, Long, type Document } from 'bson';
import { MongoCommandError, toCommandError } from '../errors';
import { toTimestamp } from '../replication/clock';
import { runInSession } from '../replication/sessions';
import { aggregate } from './aggregate';
import {
  create,
  createIndexes,
  drop,
  dropDatabase,
  dropIndexes,
  listCollections,
  listDatabases,
  listIndexes,
  renameCollection,
  collMod,
} from './catalog';
import type { CommandHandler, CommandRequest, ServerContext } from './context';
import { explain } from './explain';
import {
  buildInfo,
  endSessions,
  getCmdLineOpts,
  getParameter,
  hello,
  ping,
  replSetGetStatus,
  serverStatus,
} from './handshake';
import { count, distinct, find, getMore, killCursors } from './read';
import { findAndModify, insert, remove, update } from './write';

const HANDLERS: Record<string, CommandHandler> = {
  hello,
  isMaster: hello,
  ismaster: hello,
  ping,
  buildInfo,
  buildinfo: buildInfo,
  getParameter,
  getCmdLineOpts,
  serverStatus,
  endSessions,
  killSessions: endSessions,
  refreshSessions: endSessions,
  replSetGetStatus,
  // Reached only outside a transaction (a transaction's own commit and abort are answered by its session).
  commitTransaction: () => {
    throw new MongoCommandError('InvalidOptions', 'commitTransaction must be run within a transaction');
  },
  abortTransaction: () => {
    throw new MongoCommandError('InvalidOptions', 'abortTransaction must be run within a transaction');
  },
  listDatabases,
  listCollections,
  create,
  drop,
  dropDatabase,
  renameCollection,
  collMod,
  insert,
  find,
  getMore,
  killCursors,
  update,
  delete: remove,
  findAndModify,
  findandmodify: findAndModify,
  count,
  distinct,
  aggregate,
  createIndexes,
  listIndexes,
  dropIndexes,
  deleteIndexes: dropIndexes,
  explain,
};

/** Cluster times are not signed (there is no authentication): the signature is the all-zero one. */
const UNSIGNED = { hash: new Binary(Buffer.alloc(20)), keyId: Long.ZERO };

/**
 * Runs one command and always produces a reply document: errors become `{ ok: 0, errmsg, code, codeName }`.
 * Whatever the command changed is durable before the reply (one commit, here, for every command), and every
 * reply carries the cluster time, as a replica set member's do.
 */
export async function runCommand(
  ctx: ServerContext,
  db: string,
  body: Document,
  connectionId: number,
): Promise<Document> {
  const name = Object.keys(body)[0];
  let reply: Document;
  try {
    const handler = name === undefined ? undefined : HANDLERS[name];
    if (!handler) throw new MongoCommandError('CommandNotFound', `no such command: '${name}'`);
    const request: CommandRequest = { db, name, body, connectionId };
    ctx.sessions.note(body);
    reply = await runInSession(ctx, request, handler);
  } catch (err) {
    reply = toCommandError(err).toReply();
  }
  try {
    await ctx.store.commit();
  } catch (err) {
    reply = toCommandError(err).toReply();
  }
  const time = toTimestamp(ctx.store.clock.current());
  reply.$clusterTime = { clusterTime: time, signature: UNSIGNED };
  reply.operationTime = time;
  return reply;
}
