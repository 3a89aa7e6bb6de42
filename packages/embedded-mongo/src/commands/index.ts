import type { Document } from 'bson';
import { MongoCommandError, toCommandError } from '../errors';
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
} from './catalog';
import type { CommandHandler, CommandRequest, ServerContext } from './context';
import { explain } from './explain';
import { buildInfo, endSessions, getCmdLineOpts, getParameter, hello, ping, serverStatus } from './handshake';
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
  listDatabases,
  listCollections,
  create,
  drop,
  dropDatabase,
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

/** Runs one command and always produces a reply document: errors become `{ ok: 0, errmsg, code, codeName }`. */
export async function runCommand(
  ctx: ServerContext,
  db: string,
  body: Document,
  connectionId: number,
): Promise<Document> {
  const name = Object.keys(body)[0];
  try {
    const handler = name === undefined ? undefined : HANDLERS[name];
    if (!handler) throw new MongoCommandError('CommandNotFound', `no such command: '${name}'`);
    if (body.txnNumber !== undefined || body.startTransaction || body.autocommit !== undefined) {
      throw new MongoCommandError(
        'IllegalOperation',
        'Transaction numbers are only allowed on a replica set member or mongos',
      );
    }
    const request: CommandRequest = { db, name, body, connectionId };
    return await handler(ctx, request);
  } catch (err) {
    return toCommandError(err).toReply();
  }
}
