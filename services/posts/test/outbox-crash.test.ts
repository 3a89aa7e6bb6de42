import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { startServer, type RunningServer } from '@devcircle/embedded-mongo';
import { MongoClient, ObjectId, type Db } from 'mongodb';
import { call, identityHeader, INTERNAL_SECRET, newUser, type User } from './harness';

/**
 * The outbox under SIGKILL: the posts service is killed in the middle of a burst of likes, unlikes and comments,
 * three times. A like and its event (and the post's count) commit in one transaction, so after each kill every like
 * stored has its event, no event describes a like that is not stored, and every count matches: nothing lost, and
 * nothing recorded for a write that did not commit.
 */
jest.setTimeout(120_000);

const REPO_ROOT = path.join(__dirname, '..', '..', '..');
const MAIN = path.join(__dirname, '..', 'src', 'main.ts');
let database: RunningServer;
let client: MongoClient;
let db: Db;

beforeAll(async () => {
  // A killed process leaves its transactions open until their lifetime ends, holding what they wrote (as on
  // mongod, whose limit is 60 s); a short one keeps the rounds quick.
  database = await startServer({ port: 0, transactionLifetimeMs: 3000 });
  client = new MongoClient(database.uri);
  db = client.db('outbox-crash');
});
/** Services still running when a test fails, so none outlives the run. */
const live = new Set<ChildProcess>();
afterAll(async () => {
  for (const child of live) child.kill('SIGKILL');
  await client.close();
  await database.stop();
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

interface Service {
  child: ChildProcess;
  url: string;
}

/** The posts service as its own process, as `npm start` runs it; resolves once it answers /ready. */
async function startPosts(): Promise<Service> {
  const port = await freePort();
  // `--import tsx` resolved from the repository's root, as `npm start` runs the services from source.
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      POSTS_PORT: String(port),
      MONGODB_URI: database.databaseUri('outbox-crash'),
      INTERNAL_SECRET,
      JWT_SECRET: 'posts-test-jwt-secret',
      LOG_LEVEL: 'silent',
    },
    stdio: process.env.OUTBOX_DEBUG ? 'inherit' : 'ignore',
  });
  live.add(child);
  child.once('exit', () => live.delete(child));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the posts service exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/ready`).then(
      (reply) => reply.ok,
      () => false,
    );
    if (ready) return { child, url };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function kill(service: Service): Promise<void> {
  return new Promise((resolve) => {
    service.child.once('exit', () => resolve());
    service.child.kill('SIGKILL');
  });
}

/**
 * Likes, unlikes and comments from many members at once, until `stopAfter` of them were answered; then the
 * service is killed with requests still in flight.
 */
async function burstThenKill(service: Service, posts: string[], members: User[], stopAfter: number) {
  let answered = 0;
  let killing: Promise<void> | undefined;
  const worker = async (member: User, n: number): Promise<void> => {
    for (let i = 0; !killing; i++) {
      const post = posts[(n + i) % posts.length];
      const request =
        i % 3 === 2
          ? call(service.url, 'POST', `/api/posts/${post}/comment`, { text: `c${n}-${i}` }, member.headers)
          : call(service.url, 'PUT', `/api/posts/${post}/like`, undefined, member.headers);
      const reply = await request.catch(() => undefined); // the kill cuts requests in flight
      if (reply && reply.status >= 300) throw new Error(`${reply.status} ${JSON.stringify(reply.body)}`);
      if (++answered === stopAfter) killing = kill(service);
    }
  };
  await Promise.all(members.map((member, n) => worker(member, n)));
  await killing;
}

/** Checks that the stored likes, comments and counts are exactly what the committed events describe. */
async function expectWritesMatchEvents(): Promise<void> {
  const events = await db.collection('post_events').find().sort({ _id: 1 }).toArray();
  const likedByEvents = new Set<string>();
  const commentsByEvents = new Set<string>();
  for (const event of events) {
    const key = `${String(event.postId)}:${String((event.actor as { _id: ObjectId })._id)}`;
    if (event.type === 'like') likedByEvents.add(key);
    if (event.type === 'unlike') likedByEvents.delete(key);
    if (event.type === 'comment') commentsByEvents.add(String(event.commentId));
  }
  const likes = await db.collection('likes').find().toArray();
  expect(new Set(likes.map((like) => `${String(like.postId)}:${String(like.userId)}`))).toEqual(
    likedByEvents,
  );
  const comments = await db.collection('comments').find().toArray();
  expect(new Set(comments.map((comment) => String(comment._id)))).toEqual(commentsByEvents);
  for (const post of await db.collection('posts').find().toArray()) {
    expect({ post: String(post._id), likes: post.likesCount, comments: post.commentsCount }).toEqual({
      post: String(post._id),
      likes: likes.filter((like) => (like.postId as ObjectId).equals(post._id)).length,
      comments: comments.filter((comment) => (comment.postId as ObjectId).equals(post._id)).length,
    });
  }
}

test('killed mid-burst three times: every stored like and comment has its event, and no event lacks its write', async () => {
  let service = await startPosts();
  const author = newUser('outbox-author');
  const posts: string[] = [];
  for (let i = 0; i < 4; i++) {
    const created = await call<{ _id: string }>(
      service.url,
      'POST',
      '/api/posts',
      { content: `Post ${i}` },
      author.headers,
    );
    posts.push(created.body._id);
  }
  const members = Array.from({ length: 12 }, (_, i) => newUser(`outbox-member${i}`));
  for (let round = 0; round < 3; round++) {
    await burstThenKill(service, posts, members, 60 + round * 40);
    await expectWritesMatchEvents();
    service = await startPosts();
  }
  // The service goes on where it stopped: one more like, counted once, with its event.
  const before = (await db.collection('post_events').countDocuments()) + 1;
  const late = identityHeader({
    id: new ObjectId().toHexString(),
    username: 'late',
    email: 'late@example.com',
  });
  const liked = await call(service.url, 'PUT', `/api/posts/${posts[0]}/like`, undefined, late);
  expect(liked.status).toBe(200);
  expect(await db.collection('post_events').countDocuments()).toBe(before);
  await expectWritesMatchEvents();
  await kill(service);
});
