import type { Document } from 'bson';
import type { CursorRegistry } from '../engine/cursors';
import type { Catalog } from '../engine/catalog';
import { MongoCommandError } from '../errors';
import { isPlainObject, type Doc } from '../query/document';
import type { Store } from '../storage/store';
import { Aggregator, mingoOptions } from '../query/mingo';
import type { TransactionManager } from '../replication/transactions';
import type { LocalSessions } from '../replication/local-sessions';
import type { ChangeStreams } from '../changes/change-streams';

export interface ServerInfo {
  host: string;
  port: number;
  dbpath?: string;
  startedAt: number;
  argv: string[];
  /** The replica set's name and this member's address as clients should dial it (`host:port`). */
  replSetName: string;
  me: string;
}

export interface Counters {
  insert: number;
  query: number;
  update: number;
  delete: number;
  getmore: number;
  command: number;
  connectionsCurrent: number;
  connectionsTotal: number;
}

/** What every command handler can reach. */
export interface ServerContext {
  store: Store;
  catalog: Catalog;
  cursors: CursorRegistry;
  info: ServerInfo;
  counters: Counters;
  transactions: TransactionManager;
  sessions: LocalSessions;
  changeStreams: ChangeStreams;
}

export interface CommandRequest {
  db: string;
  name: string;
  body: Document;
  connectionId: number;
}

export type CommandHandler = (ctx: ServerContext, req: CommandRequest) => Document | Promise<Document>;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'double';
  if (typeof value === 'boolean') return 'bool';
  return typeof value;
}

function wrongType(command: string, field: string, value: unknown, expected: string): MongoCommandError {
  return new MongoCommandError(
    'TypeMismatch',
    `BSON field '${command}.${field}' is the wrong type '${typeOf(value)}', expected type '${expected}'`,
  );
}

/** Typed readers for command fields that answer bad input with MongoDB's TypeMismatch errors. */
export function optionalObject(body: Doc, field: string, command: string): Doc | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value)) throw wrongType(command, field, value, 'object');
  return value;
}

export function optionalArray(body: Doc, field: string, command: string): unknown[] | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw wrongType(command, field, value, 'array');
  return value;
}

export function optionalNumber(body: Doc, field: string, command: string, min = 0): number | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || Number.isNaN(value)) throw wrongType(command, field, value, 'long');
  if (value < min) {
    throw new MongoCommandError(
      'Location51024',
      `BSON field '${field}' value must be >= ${min}, actual value '${value}'`,
    );
  }
  return Math.trunc(value);
}

export function optionalBoolean(body: Doc, field: string, command: string): boolean | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  throw wrongType(command, field, value, 'bool');
}

/** A command's `let` variables (`$$name` in its filter's `$expr` and in pipeline updates). */
export function commandVariables(req: CommandRequest): Doc | undefined {
  return evaluateVariables(optionalObject(req.body, 'let', req.name));
}

/** `let` values are expressions (`{ $add: [1, 2] }`, `{ $literal: '$x' }`), evaluated once, with no document. */
export function evaluateVariables(spec: Doc | undefined): Doc | undefined {
  if (!spec) return undefined;
  try {
    const [values] = new Aggregator([{ $replaceWith: spec }], mingoOptions()).run([{}]) as Doc[];
    return values;
  } catch (err) {
    throw new MongoCommandError('BadValue', `let: ${err instanceof Error ? err.message : String(err)}`);
  }
}

export function collectionName(req: CommandRequest): string {
  const value = req.body[req.name];
  if (typeof value !== 'string' || value.length === 0) {
    throw new MongoCommandError('InvalidNamespace', `collection name has invalid type ${typeOf(value)}`);
  }
  return value;
}

export function namespace(req: CommandRequest, coll: string): string {
  return `${req.db}.${coll}`;
}
