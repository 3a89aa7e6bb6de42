/**
 * The per-test entity map: clients (with the command events they observed), databases, collections,
 * sessions, and whatever operations saved with saveResultAsEntity. Every test builds its own map and closes
 * it, so no driver state (pooled sessions, open cursors, transactions) leaks from one test into the next.
 */
import {
  ChangeStream,
  ClientSession,
  Collection,
  Db,
  FindCursor,
  MongoClient,
  type CommandFailedEvent,
  type CommandStartedEvent,
  type CommandSucceededEvent,
  type Document,
  type MongoClientOptions,
} from 'mongodb';
import type { MatchContext } from './match';
import { driverOptions, withUriOptions } from './options';

export type CommandEvent =
  | { type: 'commandStartedEvent'; event: CommandStartedEvent }
  | { type: 'commandSucceededEvent'; event: CommandSucceededEvent }
  | { type: 'commandFailedEvent'; event: CommandFailedEvent };

/** Commands whose events are dropped unless observeSensitiveCommands (Command Logging and Monitoring spec). */
const SENSITIVE = new Set([
  'authenticate',
  'saslstart',
  'saslcontinue',
  'getnonce',
  'createuser',
  'updateuser',
  'copydbgetnonce',
  'copydbsaslstart',
  'copydb',
]);

/** Deep copy of plain documents, arrays and Maps; BSON values (ObjectId, Binary, …) are immutable and shared. */
function snapshot<T>(value: T): T {
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [k, snapshot(v)])) as T;
  if (Array.isArray(value)) return value.map(snapshot) as T;
  if (
    value &&
    typeof value === 'object' &&
    !('_bsontype' in value) &&
    !(value instanceof Date) &&
    !Buffer.isBuffer(value)
  )
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, snapshot(v)])) as T;
  return value;
}

export class ClientEntity {
  readonly events: CommandEvent[] = [];
  /** Stops recording once the test's operations are over, so cleanup commands never reach expectEvents. */
  recording = true;

  constructor(
    readonly client: MongoClient,
    spec: Document,
  ) {
    const observe = new Set<string>(spec.observeEvents ?? []);
    const ignore = new Set<string>(spec.ignoreCommandMonitoringEvents ?? []);
    ignore.add('configureFailPoint');
    const sensitiveOk = spec.observeSensitiveCommands === true;
    const keep = (
      type: CommandEvent['type'],
      event: CommandStartedEvent | CommandSucceededEvent | CommandFailedEvent,
    ) => {
      if (!this.recording || !observe.has(type) || ignore.has(event.commandName)) return false;
      const name = event.commandName.toLowerCase();
      if (sensitiveOk) return true;
      if (SENSITIVE.has(name)) return false;
      // hello with speculativeAuthenticate is sensitive; the driver redacts it to an empty document.
      if (name === 'hello' || name === 'ismaster') {
        const body = 'command' in event ? event.command : 'reply' in event ? event.reply : {};
        return Object.keys((body as Document) ?? {}).length > 0;
      }
      return true;
    };
    client.on('commandStarted', (event) => {
      // The driver mutates some command sub-documents after sending (e.g. readConcern gains afterClusterTime,
      // NODE-5924): keep a copy of what was sent.
      if (keep('commandStartedEvent', event))
        this.events.push({
          type: 'commandStartedEvent',
          event: Object.assign(Object.create(Object.getPrototypeOf(event)), event, {
            command: snapshot(event.command),
          }),
        });
    });
    client.on('commandSucceeded', (event) => {
      if (keep('commandSucceededEvent', event)) this.events.push({ type: 'commandSucceededEvent', event });
    });
    client.on('commandFailed', (event) => {
      if (keep('commandFailedEvent', event)) this.events.push({ type: 'commandFailedEvent', event });
    });
  }
}

export interface SessionEntity {
  session: ClientSession;
  /** Captured at creation: the format still matches $$sessionLsid after endSession released the id. */
  lsid: Document;
}

export class EntityMap implements MatchContext {
  private readonly map = new Map<string, unknown>();

  constructor(
    readonly uri: string,
    /** The runner's own client: setup, outcome checks and assertCollectionExists-style checks use it. */
    readonly internal: MongoClient,
  ) {}

  set(name: string, value: unknown): void {
    if (this.map.has(name)) throw new Error(`entity ${name} already exists`);
    this.map.set(name, value);
  }

  entity(name: string): unknown {
    if (!this.map.has(name)) throw new Error(`no entity named ${name}`);
    return this.map.get(name);
  }

  has(name: string): boolean {
    return this.map.has(name);
  }

  get<T>(name: string, type: abstract new (...args: never[]) => T, label: string): T {
    const value = this.entity(name);
    if (!(value instanceof type)) throw new Error(`entity ${name} is not a ${label}`);
    return value;
  }

  client(name: string): ClientEntity {
    return this.get(name, ClientEntity, 'client');
  }

  db(name: string): Db {
    return this.get(name, Db, 'database');
  }

  collection(name: string): Collection {
    return this.get(name, Collection, 'collection');
  }

  session(name: string): SessionEntity {
    const value = this.entity(name) as SessionEntity;
    if (!(value?.session instanceof ClientSession)) throw new Error(`entity ${name} is not a session`);
    return value;
  }

  sessionLsid(name: string): Document {
    return this.session(name).lsid;
  }

  clients(): ClientEntity[] {
    return [...this.map.values()].filter((v): v is ClientEntity => v instanceof ClientEntity);
  }

  async create(entities: Document[]): Promise<void> {
    for (const entity of entities) {
      const [type] = Object.keys(entity);
      const spec = entity[type] as Document;
      switch (type) {
        case 'client': {
          const options: MongoClientOptions = { monitorCommands: true, serverSelectionTimeoutMS: 10_000 };
          if (spec.serverApi) options.serverApi = spec.serverApi;
          const client = new MongoClient(withUriOptions(this.uri, spec.uriOptions), options);
          this.set(spec.id, new ClientEntity(client, spec));
          await client.connect();
          break;
        }
        case 'database':
          this.set(
            spec.id,
            this.client(spec.client).client.db(spec.databaseName, driverOptions(spec.databaseOptions)),
          );
          break;
        case 'collection':
          this.set(
            spec.id,
            this.db(spec.database).collection(spec.collectionName, driverOptions(spec.collectionOptions)),
          );
          break;
        case 'session': {
          const opts: Document = { ...(spec.sessionOptions ?? {}) };
          if (opts.defaultTransactionOptions)
            opts.defaultTransactionOptions = driverOptions(opts.defaultTransactionOptions);
          const session = this.client(spec.client).client.startSession(opts);
          if (!session.id) throw new Error('session without an id');
          this.set(spec.id, { session, lsid: session.id } satisfies SessionEntity);
          break;
        }
        default:
          throw new Error(`unsupported entity type ${type}`);
      }
    }
  }

  /** Ends sessions, closes cursors and change streams, then clients; errors here never fail a test. */
  async close(): Promise<void> {
    for (const client of this.clients()) client.recording = false;
    const quietly = (p: Promise<unknown>) => p.catch(() => undefined);
    const values = [...this.map.values()];
    await Promise.all(
      values.map((v) =>
        v instanceof ChangeStream || v instanceof FindCursor ? quietly(v.close()) : Promise.resolve(),
      ),
    );
    await Promise.all(
      values.map((v) => {
        const s = (v as SessionEntity)?.session;
        return s instanceof ClientSession ? quietly(s.endSession()) : Promise.resolve();
      }),
    );
    await Promise.all(this.clients().map((c) => quietly(c.client.close(true))));
    this.map.clear();
  }
}
