import type { Document } from 'bson';
import { MongoCommandError } from '../errors';
import type { CommandHandler } from './context';

export const SERVER_VERSION = '7.0.0';
export const MAX_BSON_OBJECT_SIZE = 16 * 1024 * 1024;
export const MAX_MESSAGE_SIZE = 48_000_000;

/** The handshake reply: a standalone server that speaks wire versions 0–21 (MongoDB 7.0). */
export const hello: CommandHandler = (_ctx, req) => {
  const legacy = req.name !== 'hello';
  const reply: Document = {
    ...(legacy ? { ismaster: true } : {}),
    helloOk: true,
    isWritablePrimary: true,
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

export const endSessions: CommandHandler = () => ({ ok: 1 });
