import { Long, ObjectId, type Document } from 'bson';
import { MongoCommandError } from '../errors';
import { toTimestamp } from '../replication/clock';
import { sessionKey } from '../replication/local-sessions';
import type { CommandHandler, ServerContext } from './context';

export const SERVER_VERSION = '7.0.0';
export const MAX_BSON_OBJECT_SIZE = 16 * 1024 * 1024;
export const MAX_MESSAGE_SIZE = 48_000_000;

/** The one member has always been primary, in the first term. */
const ELECTION_ID = new ObjectId('7fffffff0000000000000001');
const TERM = Long.fromNumber(1);

function lastWrite(ctx: ServerContext): Document {
  const opTime = { ts: toTimestamp(ctx.store.clock.current()), t: TERM };
  const date = new Date();
  return { opTime, lastWriteDate: date, majorityOpTime: opTime, majorityWriteDate: date };
}

/**
 * The handshake reply: the primary of a one-member replica set that speaks wire versions 0–21 (MongoDB 7.0). With
 * no `topologyVersion` the drivers monitor it by polling `hello`, not by the streaming protocol.
 */
export const hello: CommandHandler = (ctx, req) => {
  const legacy = req.name !== 'hello';
  const { replSetName, me } = ctx.info;
  const reply: Document = {
    ...(legacy ? { ismaster: true } : {}),
    helloOk: true,
    isWritablePrimary: true,
    secondary: false,
    setName: replSetName,
    setVersion: 1,
    hosts: [me],
    primary: me,
    me,
    electionId: ELECTION_ID,
    lastWrite: lastWrite(ctx),
    maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
    maxMessageSizeBytes: MAX_MESSAGE_SIZE,
    maxWriteBatchSize: 100_000,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId: req.connectionId,
    minWireVersion: 0,
    maxWireVersion: 21,
    readOnly: false,
    ok: 1,
  };
  return reply;
};

export const ping: CommandHandler = () => ({ ok: 1 });

/** What `rs.status()` shows, for operators' tools: one healthy primary. */
export const replSetGetStatus: CommandHandler = (ctx) => {
  const optime = { ts: toTimestamp(ctx.store.clock.current()), t: TERM };
  return {
    set: ctx.info.replSetName,
    date: new Date(),
    myState: 1,
    term: TERM,
    members: [
      {
        _id: 0,
        name: ctx.info.me,
        health: 1,
        state: 1,
        stateStr: 'PRIMARY',
        uptime: Math.floor((Date.now() - ctx.info.startedAt) / 1000),
        optime,
        electionId: ELECTION_ID,
        self: true,
      },
    ],
    ok: 1,
  };
};

export const buildInfo: CommandHandler = () => ({
  version: SERVER_VERSION,
  gitVersion: 'devcircle-embedded-mongo',
  versionArray: [7, 0, 0, 0],
  bits: 64,
  debug: false,
  maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
  storageEngines: ['devcircle-journal'],
  ok: 1,
});

export const getCmdLineOpts: CommandHandler = (ctx) => ({
  argv: ctx.info.argv,
  parsed: {
    net: { port: ctx.info.port, bindIp: ctx.info.host },
    storage: { dbPath: ctx.info.dbpath ?? '(in memory)' },
    replication: { replSet: ctx.info.replSetName },
  },
  ok: 1,
});

const PARAMETERS: Document = {
  featureCompatibilityVersion: { version: '7.0' },
  authenticationMechanisms: [],
  cursorTimeoutMillis: 600_000,
};

export const getParameter: CommandHandler = (_ctx, req) => {
  if (req.body.getParameter === '*') return { ...PARAMETERS, ok: 1 };
  const reply: Document = {};
  for (const name of Object.keys(req.body)) {
    if (name === 'getParameter' || name.startsWith('$') || name === 'lsid') continue;
    if (!(name in PARAMETERS))
      throw new MongoCommandError('InvalidOptions', `no option found to get: ${name}`);
    reply[name] = PARAMETERS[name];
  }
  return { ...reply, ok: 1 };
};

export const serverStatus: CommandHandler = (ctx) => {
  const memory = process.memoryUsage();
  const uptimeMillis = Date.now() - ctx.info.startedAt;
  const c = ctx.counters;
  return {
    host: `${ctx.info.host}:${ctx.info.port}`,
    version: SERVER_VERSION,
    process: 'mongod',
    pid: process.pid,
    uptime: Math.floor(uptimeMillis / 1000),
    uptimeMillis,
    localTime: new Date(),
    connections: {
      current: c.connectionsCurrent,
      available: 10_000 - c.connectionsCurrent,
      totalCreated: c.connectionsTotal,
    },
    opcounters: {
      insert: c.insert,
      query: c.query,
      update: c.update,
      delete: c.delete,
      getmore: c.getmore,
      command: c.command,
    },
    mem: {
      bits: 64,
      resident: Math.round(memory.rss / 1048576),
      virtual: Math.round(memory.heapTotal / 1048576),
    },
    metrics: { cursor: { open: { total: ctx.cursors.count } } },
    ok: 1,
  };
};

/** endSessions / killSessions: `[{ id }]` of sessions whose open transactions end with them. */
export const endSessions: CommandHandler = (ctx, req) => {
  const sessions = req.body[req.name];
  for (const lsid of Array.isArray(sessions) ? sessions : []) {
    const key = sessionKey(lsid);
    if (key !== undefined) ctx.transactions.endSession(key);
  }
  return { ok: 1 };
};
