import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ROUTES,
  UNSUBSCRIBE_INVALID_MESSAGE,
  UNSUBSCRIBE_USED_MESSAGE,
  UNSUBSCRIBED_MESSAGES,
  type EmailPreferencesAnswer,
} from '@devcircle/contracts';
import { startServer, type RunningServer } from '@devcircle/embedded-mongo';
import {
  encodeIdentity,
  IDENTITY_HEADER,
  internalHeaders,
  LOGS,
  recordEvent,
  startService,
  type RunningService,
} from '@devcircle/service-kit';
import {
  call,
  readOutbox,
  signUp,
  tokenIn,
  waitForMail,
  type OutboxMail,
  type SignedUp,
} from '@devcircle/service-test-kit';
import { ObjectId } from 'mongodb';
import { definition as authDefinition } from '../../services/auth/src';
import { definition } from '../../services/notifications/src';
import type { NotificationsContext } from '../../services/notifications/src/context';
import { EMAIL_DIGESTS, type DigestDoc } from '../../services/notifications/src/email/digests';

/**
 * E-mail notifications end to end inside the back end: the real auth service (addresses, the outbox mailer) and
 * notifications on one embedded database, as in production; events recorded as posts and users record them.
 * Here with the gateway's tests because it starts two services side by side (a service's own project may not
 * import another service).
 */
const INTERNAL_SECRET = 'email-test-internal-secret';
const PUBLIC_URL = 'http://devcircle.test';
/** Long: a test reaches a window's end by making the digest due, never by waiting. */
const WINDOW_MS = 10 * 60 * 1000;

let database: RunningServer;
let dataDir: string;
let outboxDir: string;
let auth: RunningService;
let notifications: RunningService<NotificationsContext>;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  database = await startServer({ port: 0 });
  dataDir = await mkdtemp(path.join(tmpdir(), 'devcircle-email-'));
  outboxDir = path.join(dataDir, 'outbox');
  const common = {
    MONGODB_URI: database.databaseUri('email-test'),
    INTERNAL_SECRET,
    JWT_SECRET: 'email-test-jwt-secret',
    PUBLIC_URL,
    LOG_LEVEL: process.env.NOTIFICATIONS_TEST_LOG ?? 'silent',
  };
  auth = await startService(authDefinition, {
    port: 0,
    env: { ...common, BCRYPT_COST: '4', DATA_DIR: dataDir },
  });
  await auth.ready;
  env = { ...common, AUTH_URL: auth.url, EMAIL_DIGEST_WINDOW_MS: String(WINDOW_MS) };
  notifications = await startService(definition, { port: 0, env });
  await notifications.ready;
});

afterAll(async () => {
  await notifications?.stop();
  await auth?.stop();
  await database?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

interface Member {
  id: ObjectId;
  username: string;
  email: string;
  headers: Record<string, string>;
}

let count = 0;
/** A member signed up through auth (the mailed link); notifications learns the names from auth's event. */
async function member(name: string): Promise<Member> {
  const username = `${name}${process.pid % 1000}x${++count}`;
  const { user } = await signUp<SignedUp>(auth, outboxDir, { username });
  const identity = { id: user.id, username, email: user.email };
  return {
    id: new ObjectId(user.id),
    username,
    email: user.email,
    headers: { [IDENTITY_HEADER]: encodeIdentity(identity, INTERNAL_SECRET) },
  };
}

const drain = async (service = notifications) => {
  for (const consumer of service.consumers) await consumer.drain();
};

async function comment(actor: Member, author: Member, postId: ObjectId) {
  await recordEvent(notifications.deps.db, LOGS.posts, {
    type: 'comment',
    actor: { _id: actor.id, username: actor.username },
    postId,
    postAuthorId: author.id,
    commentId: new ObjectId(),
  });
}

async function follow(actor: Member, target: Member) {
  await recordEvent(notifications.deps.db, LOGS.follows, {
    type: 'follow',
    actor: { _id: actor.id, username: actor.username },
    targetId: target.id,
  });
}

const digests = () => notifications.deps.db.collection<DigestDoc>(EMAIL_DIGESTS);
const mailsTo = async (who: Member, kind: 'comment' | 'follow') =>
  (await readOutbox(outboxDir)).filter(
    (mail) =>
      mail.to.toLowerCase().includes(who.email.toLowerCase()) &&
      (kind === 'comment' ? /comment/.test(mail.subject) : /followed you/.test(mail.subject)),
  );

/** Waits for the digest to settle (not being sent) and answers it. */
async function settled(who: Member, kind: 'comments' | 'followers'): Promise<DigestDoc> {
  for (;;) {
    const doc = await digests().findOne({ _id: `${who.id.toHexString()}:${kind}` });
    if (doc && doc.claim === null) return doc;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The window ends now: the digest is made due and the sender looks (what its timer would do at `dueAt`). */
async function endWindow(
  who: Member,
  kind: 'comments' | 'followers',
  ...services: RunningService<NotificationsContext>[]
) {
  await digests().updateOne({ _id: `${who.id.toHexString()}:${kind}` }, { $set: { dueAt: new Date() } });
  await Promise.all((services.length ? services : [notifications]).map((s) => s.context.email.sender.run()));
}

const unsubscribe = (token: string) =>
  call<{ message: string; code?: string; kind?: string }>(
    notifications,
    'POST',
    `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
  );

test('a comment mails the post author at once, later ones wait for the window and go as one summary, and the link unsubscribes once', async () => {
  const [author, bob, carol] = [await member('author'), await member('bob'), await member('carol')];
  const postId = new ObjectId();
  await drain();

  await comment(bob, author, postId);
  await drain();
  const first: OutboxMail = await waitForMail(outboxDir, { to: author.email, linkTo: ROUTES.unsubscribe });
  expect(first.subject).toBe(`${bob.username} commented on your post`);
  expect(first.text).toContain(`${PUBLIC_URL}${ROUTES.post(postId.toHexString())}`);
  expect(first.text).toMatch(/^List-Unsubscribe:\s+<http:\/\/devcircle\.test\/unsubscribe\?token=[\w-]+>$/m);
  expect(first.text).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  expect(first.text).toContain('Content-Type: text/html');

  // Three more inside the window: nothing goes now; one e-mail is due at the window's end.
  await comment(carol, author, postId);
  await comment(carol, author, postId);
  await comment(bob, author, postId);
  await drain();
  const waiting = await settled(author, 'comments');
  expect(waiting.dueAt!.getTime()).toBe(waiting.lastSentAt!.getTime() + WINDOW_MS);
  expect(await mailsTo(author, 'comment')).toHaveLength(1);

  await endWindow(author, 'comments');
  const mails = await mailsTo(author, 'comment');
  expect(mails).toHaveLength(2);
  expect(mails[1]!.subject).toBe('3 new comments on your posts');
  expect(mails[1]!.text).toContain(`${bob.username} and ${carol.username} left 3 comments on your posts.`);
  expect((await settled(author, 'comments')).dueAt).toBeNull();

  // The link: once, with no sign-in; then "used"; a token never issued, or not one at all, is refused.
  const token = tokenIn(mails[1]!, ROUTES.unsubscribe);
  const done = await unsubscribe(token);
  expect(done.status).toBe(200);
  expect(done.body).toEqual({ kind: 'comments', message: UNSUBSCRIBED_MESSAGES.comments });
  const again = await unsubscribe(token);
  expect(again.status).toBe(410);
  expect(again.body).toEqual({ message: UNSUBSCRIBE_USED_MESSAGE, code: 'LINK_USED' });
  const unknown = await unsubscribe('x'.repeat(43));
  expect(unknown.status).toBe(404);
  expect(unknown.body).toEqual({ message: UNSUBSCRIBE_INVALID_MESSAGE, code: 'LINK_INVALID' });
  expect((await unsubscribe('<script>')).status).toBe(400);
  // A mail client's RFC 8058 one-click POST (a form body, no sign-in) with the first e-mail's link.
  const oneClick = await fetch(
    `${notifications.url}/api/notifications/unsubscribe?token=${tokenIn(first, ROUTES.unsubscribe)}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    },
  );
  expect(oneClick.status).toBe(200);

  const prefs = await call<EmailPreferencesAnswer>(
    notifications,
    'GET',
    '/api/notifications/preferences',
    undefined,
    author.headers,
  );
  expect(prefs.body).toEqual({ followers: true, comments: false, saved: true });
  // Off: a comment schedules nothing and sends nothing; the other kind still mails.
  await comment(carol, author, postId);
  await follow(carol, author);
  await drain();
  await waitForMail(outboxDir, {
    to: author.email,
    linkTo: ROUTES.unsubscribe,
    notIn: mails.map((m) => m.file),
  });
  expect((await settled(author, 'comments')).dueAt).toBeNull();
  expect(await mailsTo(author, 'comment')).toHaveLength(2);
  expect((await mailsTo(author, 'follow'))[0]!.subject).toBe(`${carol.username} followed you on DevCircle`);
});

test('the switches: defaults until saved, only booleans for followers and comments, only the caller’s own; nothing from blocked or muted members', async () => {
  const [ann, ben] = [await member('ann'), await member('ben')];
  const get = (who?: Member) =>
    call<EmailPreferencesAnswer>(
      notifications,
      'GET',
      '/api/notifications/preferences',
      undefined,
      who?.headers,
    );
  const put = (body: unknown, who?: Member) =>
    call<EmailPreferencesAnswer & { message?: string }>(
      notifications,
      'PUT',
      '/api/notifications/preferences',
      body,
      who?.headers,
    );

  expect((await get()).status).toBe(401);
  expect((await put({ followers: false })).status).toBe(401);
  expect((await get(ann)).body).toEqual({ followers: true, comments: true, saved: false });
  for (const bad of [{}, { messages: false }, { followers: 'no' }, { followers: false, extra: 1 }]) {
    const refused = await put(bad, ann);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toEqual(expect.any(String));
  }
  expect((await get(ann)).body.saved).toBe(false);
  expect((await put({ followers: false }, ann)).body).toEqual({
    followers: false,
    comments: true,
    saved: true,
  });
  expect((await get(ben)).body).toEqual({ followers: true, comments: true, saved: false });

  // Followers off: a follow is notified, and not mailed.
  await follow(ben, ann);
  await drain();
  expect(await digests().findOne({ _id: `${ann.id.toHexString()}:followers` })).toBeNull();
  expect(await mailsTo(ann, 'follow')).toEqual([]);

  // Ben (every switch on) blocks Ann and mutes Cal: what they do is not notified, so nothing is mailed either.
  const cal = await member('cal');
  for (const [type, target] of [
    ['block', ann],
    ['mute', cal],
  ] as const)
    await recordEvent(notifications.deps.db, LOGS.relations, { type, ownerId: ben.id, targetId: target.id });
  await drain();
  await comment(ann, ben, new ObjectId());
  await follow(cal, ben);
  await comment(cal, ben, new ObjectId());
  await drain();
  expect(await digests().countDocuments({ userId: ben.id })).toBe(0);
  expect((await mailsTo(ben, 'comment')).concat(await mailsTo(ben, 'follow'))).toEqual([]);
});

test('with several instances a due digest goes once, and one waiting survives a restart; auth refuses mail requests without the secret or for no account', async () => {
  const second = await startService(definition, { port: 0, env });
  let secondRunning = true;
  try {
    await second.ready;
    const [star, fan1, fan2, fan3] = [
      await member('star'),
      await member('fana'),
      await member('fanb'),
      await member('fanc'),
    ];
    await drain();
    await follow(fan1, star);
    await drain();
    await waitForMail(outboxDir, { to: star.email, linkTo: ROUTES.unsubscribe });
    await follow(fan2, star);
    await follow(fan3, star);
    await drain();
    await drain(second);
    await settled(star, 'followers');
    // Both instances look at once: one claims it, the other finds nothing due.
    await endWindow(star, 'followers', notifications, second);
    const mails = await mailsTo(star, 'follow');
    expect(mails.map((mail) => mail.subject)).toEqual([
      `${fan1.username} followed you on DevCircle`,
      `${fan3.username} and ${fan2.username} followed you on DevCircle`,
    ]);

    // Kept in the database, not in a process: one waiting while every instance stops goes when one starts again.
    const fan4 = await member('fand');
    await drain();
    await follow(fan4, star);
    await drain();
    expect((await settled(star, 'followers')).dueAt).not.toBeNull();
    await second.stop();
    secondRunning = false;
    await notifications.stop();
    // Its window ends while none runs (through auth's connection: the same database).
    await auth.deps.db
      .collection<DigestDoc>(EMAIL_DIGESTS)
      .updateOne({ _id: `${star.id.toHexString()}:followers` }, { $set: { dueAt: new Date() } });
    notifications = await startService(definition, { port: 0, env });
    await notifications.ready;
    const last = await waitForMail(outboxDir, {
      to: star.email,
      linkTo: ROUTES.unsubscribe,
      notIn: mails.map((mail) => mail.file),
    });
    expect(last.subject).toBe(`${fan4.username} followed you on DevCircle`);
  } finally {
    if (secondRunning) await second.stop();
  }

  const mail = {
    subject: 'Hi',
    text: 'Hi',
    html: '<p>Hi</p>',
    unsubscribeUrl: `${PUBLIC_URL}/unsubscribe?token=x`,
  };
  const path_ = (id: string) => `/internal/accounts/${id}/mail`;
  expect((await call(auth, 'POST', path_(new ObjectId().toHexString()), mail)).status).toBe(403);
  expect(
    (await call(auth, 'POST', path_(new ObjectId().toHexString()), mail, internalHeaders(INTERNAL_SECRET)))
      .status,
  ).toBe(404);
  const bad = await call(
    auth,
    'POST',
    path_(new ObjectId().toHexString()),
    { ...mail, unsubscribeUrl: 'javascript:x' },
    internalHeaders(INTERNAL_SECRET),
  );
  expect(bad.status).toBe(400);
});
