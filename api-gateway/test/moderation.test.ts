import { REPORT_THANKS, REPORTS_PER_HOUR } from '@devcircle/contracts';
import { eventually } from './helpers';
import { connected, listen, publish, register, send, type Listener, type Member } from './realtime-support';
import { startStack, type Stack } from './stack';

/**
 * Reports and moderation (issue 20, docs/moderation.md) through the gateway, with the four real services: the
 * report's rules, the moderation API closed to everyone but MODERATORS, and each decision reaching the service that
 * owns what it changes (posts removes, auth suspends) and the reporters (a notification, pushed at once).
 */
let stack: Stack;
let moderator: Member;
const listeners: Listener[] = [];
// `register` names members `<prefix><pid % 1000>x<count>`: the file's first member is the moderator.
const MODERATOR = `mod${process.pid % 1000}x1`;

beforeAll(async () => {
  // Every member of the file registers from 127.0.0.1.
  const unlimited = { RATE_LIMIT_REGISTER_PER_IP: '1000', RATE_LIMIT_CONFIRM_REGISTRATION_PER_IP: '1000' };
  stack = await startStack(unlimited, { MODERATORS: `someone_else, ${MODERATOR.toUpperCase()}` });
  moderator = await register(stack.gateway.url, stack.outboxDir, 'mod');
  expect(moderator.username).toBe(MODERATOR);
});
afterAll(async () => {
  for (const listener of listeners) listener.close();
  await stack.stop();
});

const url = () => stack.gateway.url;
const member = (prefix = 'rep') => register(url(), stack.outboxDir, prefix);
const report = (who: Member | undefined, body: unknown) => send(url(), 'POST', '/api/reports', who, body);
const reason = { reason: 'spam' };
const open = async () =>
  (await send(url(), 'GET', '/api/moderation/reports?limit=50', moderator)).body.reports as unknown as {
    _id: string;
    target: { kind: string; id: string; postId?: string };
    reporter: { username: string };
    owner: { username: string };
    reason: string;
    details: string | null;
    content: { text: string };
  }[];
const decide = (who: Member, id: string, action: string) =>
  send(url(), 'POST', `/api/moderation/reports/${id}/decision`, who, { action });
const notificationsOf = async (who: Member) =>
  (await send(url(), 'GET', '/api/notifications', who)).body as unknown as {
    type: string;
    fromUser: { username: string };
  }[];

test('a report: signed in, a reason, once per thing, not one’s own, only what one may see, at most 10 an hour', async () => {
  const author = await member('auth');
  const reporter = await member();
  const postId = await publish(url(), author, 'buy cheap watches');
  const onPost = { target: { kind: 'post', postId }, ...reason };

  expect((await report(undefined, onPost)).status).toBe(401);
  const refused = async (body: unknown) => {
    const reply = await report(reporter, body);
    return { status: reply.status, message: reply.body.message };
  };
  expect(await refused({ target: { kind: 'post', postId }, reason: 'boring' })).toEqual({
    status: 400,
    message: 'The reason must be one of spam, harassment, other',
  });
  expect(await refused({ target: { kind: 'post', postId }, reason: 'other', details: '   ' })).toEqual({
    status: 400,
    message: 'Please say what is wrong',
  });
  expect(await refused({ target: { kind: 'song', postId }, ...reason })).toMatchObject({ status: 400 });
  expect(await refused({ target: { kind: 'comment', postId }, ...reason })).toEqual({
    status: 400,
    message: 'The comment id is required',
  });
  expect(await refused({ target: { kind: 'post', postId: '0123456789abcdef01234567' }, ...reason })).toEqual({
    status: 404,
    message: "This post doesn't exist or was deleted.",
  });
  // A private author's post is not found by a stranger, so it cannot be reported either (posts' own 404).
  const hidden = await member('auth');
  const hiddenPost = await publish(url(), hidden, 'for my followers');
  expect(
    (await send(url(), 'PUT', `/api/users/${hidden.id}/privacy`, hidden, { isPrivate: true })).status,
  ).toBe(200);
  await eventually(
    async () => (await send(url(), 'GET', `/api/posts/${hiddenPost}`, reporter)).status === 404,
  );
  expect(await refused({ target: { kind: 'post', postId: hiddenPost }, ...reason })).toEqual({
    status: 404,
    message: "This post doesn't exist or was deleted.",
  });
  expect(await refused({ target: { kind: 'profile', username: 'nobody-here' }, ...reason })).toMatchObject({
    status: 404,
  });
  expect(await refused({ target: { kind: 'profile', username: reporter.username }, ...reason })).toEqual({
    status: 400,
    message: 'You cannot report yourself.',
  });
  const own = await report(author, onPost);
  expect({ status: own.status, message: own.body.message }).toEqual({
    status: 400,
    message: 'You cannot report your own post.',
  });

  const first = await report(reporter, { ...onPost, reason: 'other', details: 'Looks like a scam' });
  expect({ status: first.status, body: first.body }).toEqual({
    status: 201,
    body: { message: REPORT_THANKS },
  });
  expect(await refused(onPost)).toEqual({ status: 409, message: 'You have already reported this post.' });
  expect(
    (await report(reporter, { target: { kind: 'profile', username: author.username }, ...reason })).status,
  ).toBe(201);
  // Two sent so far; the hour allows REPORTS_PER_HOUR in all.
  for (let i = 2; i < REPORTS_PER_HOUR; i++) {
    const more = await publish(url(), author, `post ${i}`);
    expect((await report(reporter, { target: { kind: 'post', postId: more }, ...reason })).status).toBe(201);
  }
  const over = await publish(url(), author, 'one too many');
  expect(await refused({ target: { kind: 'post', postId: over }, ...reason })).toEqual({
    status: 429,
    message: `You can send at most ${REPORTS_PER_HOUR} reports an hour. Please try again later.`,
  });
  // Another member is not limited by it.
  expect((await report(await member(), { target: { kind: 'post', postId: over }, ...reason })).status).toBe(
    201,
  );
});

test('the moderation API answers 401 signed out and 403 to members MODERATORS does not name', async () => {
  const someone = await member();
  const anyReport = (await open())[0];
  expect(anyReport).toBeDefined();
  const probes: [string, string, unknown?][] = [
    ['GET', '/api/moderation/reports'],
    ['GET', '/api/moderation/bug-reports'],
    ['POST', `/api/moderation/reports/${anyReport._id}/decision`, { action: 'dismiss' }],
  ];
  for (const [method, path, body] of probes) {
    expect({ path, status: (await send(url(), method, path, undefined, body)).status }).toEqual({
      path,
      status: 401,
    });
    const reply = await send(url(), method, path, someone, body);
    expect({ path, status: reply.status, message: reply.body.message }).toEqual({
      path,
      status: 403,
      message: 'Only moderators can do this.',
    });
  }
  expect((await send(url(), 'GET', '/api/moderation/me', someone)).body).toEqual({ moderator: false });
  expect((await send(url(), 'GET', '/api/moderation/me', moderator)).body).toEqual({ moderator: true });
  // Nothing was decided by the probe.
  expect((await open()).map((r) => r._id)).toContain(anyReport._id);
  // Bug reports are in the moderators' inbox too.
  await send(url(), 'POST', '/api/report-bug', someone, { bug: 'The feed flickers' });
  const bugs = await send(url(), 'GET', '/api/moderation/bug-reports', moderator);
  expect(bugs.body.bugReports).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        bug: 'The feed flickers',
        reporter: { _id: someone.id, username: someone.username },
      }),
    ]),
  );
});

test('a comment reported by two is removed once: both reports close, the comment goes, both reporters are told at once', async () => {
  const author = await member('auth');
  const [first, second] = [await member(), await member()];
  const postId = await publish(url(), first, 'A question about generics');
  const commented = await send(url(), 'POST', `/api/posts/${postId}/comment`, author, {
    text: 'You are an idiot',
  });
  const commentId = (commented.body.comments as unknown as { _id: string }[])[0]._id;
  const onComment = { target: { kind: 'comment', postId, commentId } };
  const socket = listen(url(), () => ({ token: first.token }));
  listeners.push(socket);
  await connected(socket);

  expect((await report(first, { ...onComment, reason: 'harassment' })).status).toBe(201);
  // What the moderators read is what was reported, even after an edit.
  await send(url(), 'PUT', `/api/posts/${postId}/comment/${commentId}`, author, { text: 'Nice question' });
  expect((await report(second, { ...onComment, reason: 'other', details: 'Rude' })).status).toBe(201);

  const reports = (await open()).filter((r) => r.target.id === commentId);
  expect(reports).toEqual([
    expect.objectContaining({
      reporter: { _id: second.id, username: second.username },
      reason: 'other',
      details: 'Rude',
      content: { text: 'Nice question' },
      target: { kind: 'comment', id: commentId, postId },
      owner: expect.objectContaining({ username: author.username }),
    }),
    expect.objectContaining({
      reporter: { _id: first.id, username: first.username },
      reason: 'harassment',
      content: { text: 'You are an idiot' },
    }),
  ]);

  expect((await decide(moderator, reports[1]._id, 'remove')).body).toEqual({
    message: 'Content removed',
    closed: 2,
  });
  expect((await decide(moderator, reports[0]._id, 'dismiss')).status).toBe(409);
  expect((await open()).filter((r) => r.target.id === commentId)).toEqual([]);

  await eventually(async () => {
    const post = await send(url(), 'GET', `/api/posts/${postId}`, first);
    return post.body.commentsCount === 0 && (post.body.comments as unknown[]).length === 0;
  });
  await eventually(() => socket.received.some((n) => n.type === 'report_removed'));
  expect(socket.received.find((n) => n.type === 'report_removed')?.fromUser.username).toBe(author.username);
  expect((await notificationsOf(second)).map((n) => n.type)).toContain('report_removed');
});

test('suspending ends the member’s sessions at once and sign-in says so; a dismissal changes nothing but tells the reporter', async () => {
  const troll = await member('troll');
  const [reporter, other] = [await member(), await member()];
  const postId = await publish(url(), troll, 'spam spam spam');
  expect((await report(other, { target: { kind: 'post', postId }, ...reason })).status).toBe(201);
  expect(
    (await report(reporter, { target: { kind: 'profile', username: troll.username }, ...reason })).status,
  ).toBe(201);
  const [onProfile, onPost] = (await open()).filter((r) => r.owner.username === troll.username);
  expect(onProfile.target.kind).toBe('profile');

  const profileRemoval = await decide(moderator, onProfile._id, 'remove');
  expect({ status: profileRemoval.status, message: profileRemoval.body.message }).toEqual({
    status: 400,
    message: 'A profile cannot be removed; suspend the account instead.',
  });
  expect((await decide(moderator, onPost._id, 'dismiss')).body).toEqual({
    message: 'Report dismissed',
    closed: 1,
  });
  expect((await send(url(), 'GET', `/api/posts/${postId}`, troll)).status).toBe(200);
  expect((await notificationsOf(other)).map((n) => n.type)).toContain('report_dismissed');

  const socket = listen(url(), () => ({ token: troll.token }));
  listeners.push(socket);
  await connected(socket);
  expect((await decide(moderator, onProfile._id, 'suspend')).body).toEqual({
    message: 'Account suspended',
    closed: 1,
  });
  await eventually(async () => (await send(url(), 'GET', '/api/auth/me', troll)).status === 401);
  await eventually(() => !socket.socket.connected);
  const login = await send(url(), 'POST', '/api/auth/login', undefined, {
    email: `${troll.username}@example.com`,
    password: 'realtime-pass1',
  });
  expect({ status: login.status, body: login.body }).toEqual({
    status: 403,
    body: { message: 'This account is suspended.', code: 'ACCOUNT_SUSPENDED' },
  });
  const wrongPassword = await send(url(), 'POST', '/api/auth/login', undefined, {
    email: `${troll.username}@example.com`,
    password: 'not-the-password',
  });
  expect(wrongPassword.status).toBe(401);
  expect((await notificationsOf(reporter)).map((n) => n.type)).toContain('report_suspended');
  // A moderator is not suspended by another.
  const second = await member();
  expect(
    (await report(second, { target: { kind: 'profile', username: moderator.username }, ...reason })).status,
  ).toBe(201);
  const onModerator = (await open()).find((r) => r.owner.username === moderator.username);
  expect((await decide(moderator, onModerator!._id, 'suspend')).status).toBe(400);
});
