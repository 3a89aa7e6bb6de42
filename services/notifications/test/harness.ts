import type { FollowChanged, PostEventType } from '@devcircle/contracts';
import { startServer, type RunningServer } from '@devcircle/embedded-mongo';
import {
  LOGS,
  encodeIdentity,
  IDENTITY_HEADER,
  recordEvent,
  startService,
  type RunningService,
} from '@devcircle/service-kit';
import { call as kitCall, type Reply } from '@devcircle/service-test-kit';
import { ObjectId, type Db } from 'mongodb';
import { definition } from '../src';
import type { NotificationView } from '../src';

export const INTERNAL_SECRET = 'notifications-test-internal-secret';
export const JWT_SECRET = 'notifications-test-jwt-secret';

/**
 * The notifications service on a fresh embedded server. The producers' side is played by recording events in
 * their logs exactly as posts, users and auth record them (docs/events.md); the stack tests in api-gateway/test
 * drive the real producers.
 */
export interface Harness {
  database: RunningServer;
  service: RunningService;
  db: Db;
  env: NodeJS.ProcessEnv;
  /** Handles everything recorded so far with every consumer. */
  drain(): Promise<void>;
  /** Stops the service and starts it again on the same database (its consumers resume from their cursors). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface HarnessOptions {
  /** Opens the service's client with the driver's command monitoring, for `countCommands`. */
  monitorCommands?: boolean;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const database = await startServer({ port: 0 });
  const env: NodeJS.ProcessEnv = {
    MONGODB_URI: database.databaseUri(
      'notifications-test',
      options.monitorCommands ? { monitorCommands: 'true' } : {},
    ),
    INTERNAL_SECRET,
    JWT_SECRET,
    LOG_LEVEL: process.env.NOTIFICATIONS_TEST_LOG ?? 'silent',
  };
  const launch = async (): Promise<RunningService> => {
    const running = await startService(definition, { port: 0, env });
    await running.ready;
    return running;
  };
  let service = await launch();
  const harness: Harness = {
    database,
    get service() {
      return service;
    },
    get db() {
      return service.deps.db;
    },
    env,
    drain: async () => {
      for (const consumer of service.consumers) await consumer.drain();
    },
    restart: async () => {
      await service.stop();
      service = await launch();
    },
    stop: async () => {
      await service.stop();
      await database.stop();
    },
  };
  return harness;
}

/** A user as the producers' events and the gateway's identity header name them. */
export interface Person {
  id: ObjectId;
  username: string;
  displayName: string;
  headers: Record<string, string>;
}

let count = 0;

/** A registered user: `account.registered` recorded as auth does. */
export async function person(h: Harness, displayName?: string): Promise<Person> {
  const id = new ObjectId();
  const username = `dev${process.pid % 1000}n${++count}`;
  const name = displayName ?? `Developer ${count}`;
  await recordEvent(h.db, LOGS.accounts, {
    type: 'account.registered',
    userId: id,
    username,
    displayName: name,
    createdAt: new Date(),
  });
  const identity = { id: id.toHexString(), username, email: `${username}@example.com` };
  return {
    id,
    username,
    displayName: name,
    headers: { [IDENTITY_HEADER]: encodeIdentity(identity, INTERNAL_SECRET) },
  };
}

const actorOf = (p: Person) => ({ _id: p.id, username: p.username });

export function like(
  h: Harness,
  actor: Person,
  author: Person,
  postId: ObjectId,
  type: PostEventType = 'like',
) {
  return recordEvent(h.db, LOGS.posts, { type, actor: actorOf(actor), postId, postAuthorId: author.id });
}

export function comment(
  h: Harness,
  actor: Person,
  author: Person,
  postId: ObjectId,
  commentId = new ObjectId(),
  type: PostEventType = 'comment',
) {
  return recordEvent(h.db, LOGS.posts, {
    type,
    actor: actorOf(actor),
    postId,
    postAuthorId: author.id,
    commentId,
  });
}

export function deletePost(h: Harness, author: Person, postId: ObjectId) {
  return recordEvent(h.db, LOGS.posts, {
    type: 'post.deleted',
    actor: actorOf(author),
    postId,
    postAuthorId: author.id,
  });
}

export function follow(
  h: Harness,
  actor: Person,
  target: Person,
  type: FollowChanged<ObjectId>['type'] = 'follow',
) {
  return recordEvent(h.db, LOGS.follows, { type, actor: actorOf(actor), targetId: target.id });
}

/** A request to the service as `who` (the gateway's identity header), or as nobody. */
export function call<T = unknown>(h: Harness, method: string, path: string, who?: Person): Promise<Reply<T>> {
  return kitCall<T>(h.service, method, path, undefined, who?.headers);
}

/** A notification as the list returns it and the socket pushes it (the service's own type). */
export type Listed = NotificationView;

export async function list(h: Harness, who: Person, query = ''): Promise<Listed[]> {
  const reply = await call<Listed[]>(h, 'GET', `/api/notifications${query}`, who);
  if (reply.status !== 200) throw new Error(`list: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}
