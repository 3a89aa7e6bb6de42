import {
  encodeIdentity,
  IDENTITY_HEADER,
  internalHeaders,
  type Identity,
  type RunningService,
} from '@devcircle/service-kit';
import {
  call,
  startOnFreshDatabase,
  type FreshDatabaseOptions,
  type ServiceOnFreshDatabase,
} from '@devcircle/service-test-kit';
import { ObjectId } from 'mongodb';
import { definition, type PostView } from '../src';

export const INTERNAL_SECRET = 'posts-test-internal-secret';

export type PostsHarness = ServiceOnFreshDatabase;

/** The environment every test's posts service runs with. */
export const POSTS_TEST_ENV = {
  INTERNAL_SECRET,
  JWT_SECRET: 'posts-test-jwt-secret',
  LOG_LEVEL: process.env.POSTS_TEST_LOG ?? 'silent',
};

/** The posts service in-process on a free port, against its own in-memory embedded database. */
export const startPosts = (
  options: FreshDatabaseOptions = {},
  env: NodeJS.ProcessEnv = {},
): Promise<PostsHarness> => startOnFreshDatabase(definition, { ...POSTS_TEST_ENV, ...env }, options);

/** A signed-in user as the gateway would vouch for them. */
export interface User {
  id: string;
  username: string;
  headers: Record<string, string>;
}

let userCount = 0;

export function newUser(name = `user${++userCount}`): User {
  const identity: Identity = {
    id: new ObjectId().toHexString(),
    username: name,
    email: `${name}@example.com`,
  };
  return { id: identity.id, username: name, headers: identityHeader(identity) };
}

/** The identity header exactly as the gateway sends it for a verified token. */
export function identityHeader(identity: Identity): Record<string, string> {
  return { [IDENTITY_HEADER]: encodeIdentity(identity, INTERNAL_SECRET) };
}

export const internal = (): Record<string, string> => internalHeaders(INTERNAL_SECRET);

export { call, type Reply } from '@devcircle/service-test-kit';

export interface ErrorReply {
  message: string;
  code?: string;
  errors?: { field: string; message: string }[];
}

export interface FeedPage {
  posts: PostView[];
  pagination: { current: number; pages: number };
  hasMore: boolean;
}

export interface CursorPage {
  posts: PostView[];
  hasMore: boolean;
  nextCursor: string | null;
}

/** Creates a post and returns it, failing the test on anything but 201. */
export async function createPost(
  service: RunningService,
  user: User,
  content = `post by ${user.username}`,
  extra: Record<string, unknown> = {},
): Promise<PostView> {
  const reply = await call<PostView>(service, 'POST', '/api/posts', { content, ...extra }, user.headers);
  if (reply.status !== 201) throw new Error(`create post: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

export async function addComment(
  service: RunningService,
  user: User,
  postId: string,
  text: string,
): Promise<PostView> {
  const reply = await call<PostView>(service, 'POST', `/api/posts/${postId}/comment`, { text }, user.headers);
  if (reply.status !== 201) throw new Error(`comment: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

export const oid = (hex: string): ObjectId => new ObjectId(hex);

/** A well-formed id that names nothing. */
export const unknownId = (): string => new ObjectId().toHexString();

/** Handles everything the service's consumers have not yet handled (docs/events.md "drain"). */
export async function drainConsumers(service: RunningService): Promise<void> {
  await Promise.all(service.consumers.map((consumer) => consumer.drain()));
}

export interface AuthorPostsPage {
  posts: PostView[];
  pagination: { current: number; pages: number; total: number; hasMore: boolean };
  stats: { posts: number; likes: number };
}

/** A user's stats as the profile page gets them. */
export async function statsOf(service: RunningService, userId: string): Promise<AuthorPostsPage['stats']> {
  const reply = await call<AuthorPostsPage>(
    service,
    'GET',
    `/internal/authors/${userId}/posts?limit=1`,
    undefined,
    internal(),
  );
  if (reply.status !== 200) throw new Error(`author posts: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.stats;
}
