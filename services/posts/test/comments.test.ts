import type { PostView, StoredPostEvent } from '../src';
import type { CommentView } from '../src/comments/comment';
import {
  addComment,
  call,
  createPost,
  newUser,
  oid,
  startPosts,
  unknownId,
  type ErrorReply,
  type PostsHarness,
} from './harness';

let h: PostsHarness;
beforeAll(async () => {
  h = await startPosts();
});
afterAll(() => h.stop());

interface CommentsPage {
  comments: CommentView[];
  hasMore: boolean;
}

const commentPath = (postId: string, commentId: string) => `/api/posts/${postId}/comment/${commentId}`;

async function commentsCount(postId: string): Promise<{ stored: number; docs: number }> {
  const post = await h.db.collection('posts').findOne({ _id: oid(postId) });
  const docs = await h.db.collection('comments').countDocuments({ postId: oid(postId) });
  return { stored: post?.commentsCount as number, docs };
}

test('a comment is added trimmed, newest first, and recorded as an event', async () => {
  const author = newUser('op');
  const grace = newUser('grace');
  const post = await createPost(h.service, author);
  await addComment(h.service, grace, post._id, 'first');
  const reply = await call<PostView>(
    h.service,
    'POST',
    `/api/posts/${post._id}/comment`,
    { text: '  second  ' },
    grace.headers,
  );
  expect(reply.status).toBe(201);
  expect(reply.body.commentsCount).toBe(2);
  expect(reply.body.hasMoreComments).toBe(false);
  expect(reply.body.comments.map((c) => c.text)).toEqual(['second', 'first']);
  expect(reply.body.comments[0]).toEqual({
    _id: expect.stringMatching(/^[0-9a-f]{24}$/),
    user: { _id: grace.id, username: 'grace', displayName: 'grace' },
    text: 'second',
    createdAt: expect.any(String),
    updatedAt: expect.any(String),
  });

  const events = await h.db
    .collection<StoredPostEvent>('post_events')
    .find({ postId: oid(post._id) })
    .sort({ _id: 1 })
    .toArray();
  expect(events).toHaveLength(2);
  expect(events[1]).toEqual({
    _id: expect.anything(),
    type: 'comment',
    actor: { _id: oid(grace.id), username: 'grace' },
    postId: oid(post._id),
    postAuthorId: oid(author.id),
    commentId: oid(reply.body.comments[0]._id),
    createdAt: expect.any(Date),
    // The request's W3C trace context, carried to the event's consumers (docs/observability.md).
    traceparent: expect.stringMatching(/^00-[\da-f]{32}-[\da-f]{16}-01$/),
  });
});

test.each([
  ['missing text', {}, 'Comment text is required'],
  ['whitespace-only text', { text: '   ' }, 'Comment text is required'],
  ['text of 501 characters', { text: 'c'.repeat(501) }, 'Comment must be at most 500 characters'],
  ['a number', { text: 5 }, 'Comment text must be a string'],
])('a new comment with %s is a 400', async (_label, body, message) => {
  const post = await createPost(h.service, newUser());
  const reply = await call<ErrorReply>(
    h.service,
    'POST',
    `/api/posts/${post._id}/comment`,
    body,
    newUser().headers,
  );
  expect(reply.status).toBe(400);
  expect(reply.body.errors).toContainEqual({ field: 'text', message });
  expect(await commentsCount(post._id)).toEqual({ stored: 0, docs: 0 });
});

test('an unknown key in a comment body is a 400', async () => {
  const post = await createPost(h.service, newUser());
  const reply = await call<ErrorReply>(
    h.service,
    'POST',
    `/api/posts/${post._id}/comment`,
    { text: 'ok', userId: unknownId() },
    newUser().headers,
  );
  expect(reply.status).toBe(400);
  expect(reply.body.message).toBe('userId is not allowed');
});

test('500 characters after trimming is accepted', async () => {
  const post = await createPost(h.service, newUser());
  const reply = await addComment(h.service, newUser(), post._id, ` ${'c'.repeat(500)} `);
  expect(reply.comments[0].text).toHaveLength(500);
});

test('commenting on an unknown or malformed post is a 404', async () => {
  for (const id of [unknownId(), 'bad']) {
    const reply = await call<ErrorReply>(
      h.service,
      'POST',
      `/api/posts/${id}/comment`,
      { text: 'x' },
      newUser().headers,
    );
    expect(reply.status).toBe(404);
    expect(reply.body.message).toBe("This post doesn't exist or was deleted.");
  }
});

test('only the comment author edits it; others get 403 and the text stays', async () => {
  const post = await createPost(h.service, newUser());
  const writer = newUser();
  const created = await addComment(h.service, writer, post._id, 'original');
  const commentId = created.comments[0]._id;

  const stranger = await call<ErrorReply>(
    h.service,
    'PUT',
    commentPath(post._id, commentId),
    { text: 'hijacked' },
    newUser().headers,
  );
  expect(stranger.status).toBe(403);
  expect(stranger.body.code).toBe('FORBIDDEN');
  expect((await h.db.collection('comments').findOne({ _id: oid(commentId) }))?.text).toBe('original');

  const invalid = await call<ErrorReply>(
    h.service,
    'PUT',
    commentPath(post._id, commentId),
    { text: ' ' },
    writer.headers,
  );
  expect(invalid.status).toBe(400);
  expect(invalid.body.message).toBe('Comment text is required');
  const tooLong = await call<ErrorReply>(
    h.service,
    'PUT',
    commentPath(post._id, commentId),
    { text: 'x'.repeat(501) },
    writer.headers,
  );
  expect(tooLong.status).toBe(400);

  const edited = await call<PostView>(
    h.service,
    'PUT',
    commentPath(post._id, commentId),
    { text: ' edited ' },
    writer.headers,
  );
  expect(edited.status).toBe(200);
  expect(edited.body.comments[0]).toMatchObject({ _id: commentId, text: 'edited' });
  expect(new Date(edited.body.comments[0].updatedAt).getTime()).toBeGreaterThanOrEqual(
    new Date(edited.body.comments[0].createdAt).getTime(),
  );
  expect(edited.body.commentsCount).toBe(1);
});

test('only the comment author deletes it; a deleted comment is never shown and is counted once', async () => {
  const post = await createPost(h.service, newUser());
  const writer = newUser();
  const created = await addComment(h.service, writer, post._id, 'to delete');
  await addComment(h.service, writer, post._id, 'to keep');
  const commentId = created.comments[0]._id;

  const stranger = await call<ErrorReply>(
    h.service,
    'DELETE',
    commentPath(post._id, commentId),
    undefined,
    newUser().headers,
  );
  expect(stranger.status).toBe(403);
  expect(await commentsCount(post._id)).toEqual({ stored: 2, docs: 2 });

  const [first, second] = await Promise.all([
    call<PostView>(h.service, 'DELETE', commentPath(post._id, commentId), undefined, writer.headers),
    call<PostView>(h.service, 'DELETE', commentPath(post._id, commentId), undefined, writer.headers),
  ]);
  // Either both found it before either removed it (both 200) or the second found it gone (404); either way
  // only one removal lowers the count.
  expect(first.status).toBe(200);
  expect([200, 404]).toContain(second.status);
  const ok = first.status === 200 ? first.body : second.body;
  expect(ok.comments.map((c) => c.text)).toEqual(['to keep']);
  expect(ok.commentsCount).toBe(1);
  expect(await commentsCount(post._id)).toEqual({ stored: 1, docs: 1 });
  const third = await call<ErrorReply>(
    h.service,
    'DELETE',
    commentPath(post._id, commentId),
    undefined,
    writer.headers,
  );
  expect(third.status).toBe(404);
  // One removal, one event, for the notification about it.
  const deletions = await h.db
    .collection<StoredPostEvent>('post_events')
    .find({ type: 'comment.deleted', postId: oid(post._id) })
    .toArray();
  expect(deletions).toHaveLength(1);
  expect(deletions[0]).toMatchObject({ commentId: oid(commentId), actor: { _id: oid(writer.id) } });

  const view = await call<PostView>(h.service, 'GET', `/api/posts/${post._id}`, undefined, writer.headers);
  expect(view.body.comments.map((c) => c._id)).not.toContain(commentId);
  const page = await call<CommentsPage>(
    h.service,
    'GET',
    `/api/posts/${post._id}/comments`,
    undefined,
    writer.headers,
  );
  expect(page.body.comments.map((c) => c._id)).not.toContain(commentId);
});

test("unknown, malformed and other posts' comment ids are 404 Comment not found", async () => {
  const writer = newUser();
  const post = await createPost(h.service, writer);
  const other = await createPost(h.service, writer);
  const elsewhere = (await addComment(h.service, writer, other._id, 'elsewhere')).comments[0]._id;
  for (const id of [unknownId(), 'xyz', elsewhere]) {
    for (const [method, body] of [
      ['PUT', { text: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const reply = await call<ErrorReply>(
        h.service,
        method,
        commentPath(post._id, id),
        body,
        writer.headers,
      );
      expect(reply.status).toBe(404);
      expect(reply.body.message).toBe('Comment not found');
    }
  }
  const onUnknownPost = await call<ErrorReply>(
    h.service,
    'DELETE',
    commentPath(unknownId(), elsewhere),
    undefined,
    writer.headers,
  );
  expect(onUnknownPost.body.message).toBe("This post doesn't exist or was deleted.");
  expect(await commentsCount(other._id)).toEqual({ stored: 1, docs: 1 });
});

test('30 concurrent comments: the count is exact', async () => {
  const post = await createPost(h.service, newUser());
  const users = Array.from({ length: 10 }, () => newUser());
  const replies = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      call(h.service, 'POST', `/api/posts/${post._id}/comment`, { text: `c${i}` }, users[i % 10].headers),
    ),
  );
  expect(replies.every((reply) => reply.status === 201)).toBe(true);
  expect(await commentsCount(post._id)).toEqual({ stored: 30, docs: 30 });
});

test('a post carries its latest 50 comments; the comments endpoint pages through all of them', async () => {
  const post = await createPost(h.service, newUser());
  const writer = newUser();
  for (let i = 0; i < 57; i++) await addComment(h.service, writer, post._id, `n${i}`);
  const all = Array.from({ length: 57 }, (_, i) => `n${56 - i}`);

  const view = await call<PostView>(h.service, 'GET', `/api/posts/${post._id}`, undefined, writer.headers);
  expect(view.body.comments).toHaveLength(50);
  expect(view.body.comments.map((c) => c.text)).toEqual(all.slice(0, 50));
  expect(view.body.commentsCount).toBe(57);
  expect(view.body.hasMoreComments).toBe(true);

  const first = await call<CommentsPage>(
    h.service,
    'GET',
    `/api/posts/${post._id}/comments`,
    undefined,
    writer.headers,
  );
  expect(first.status).toBe(200);
  expect(first.body.comments.map((c) => c.text)).toEqual(all.slice(0, 20));
  expect(first.body.hasMore).toBe(true);

  const seen: string[] = [];
  let before = '';
  for (;;) {
    const page = await call<CommentsPage>(
      h.service,
      'GET',
      `/api/posts/${post._id}/comments?limit=25${before ? `&before=${before}` : ''}`,
      undefined,
      writer.headers,
    );
    seen.push(...page.body.comments.map((c) => c.text));
    if (!page.body.hasMore) break;
    before = page.body.comments[page.body.comments.length - 1]._id;
  }
  expect(seen).toEqual(all);
});

test('the comments endpoint validates its query and 404s an unknown post', async () => {
  const writer = newUser();
  const post = await createPost(h.service, writer);
  for (const query of ['?limit=0', '?limit=51', '?before=abc', '?page=2']) {
    const reply = await call<ErrorReply>(
      h.service,
      'GET',
      `/api/posts/${post._id}/comments${query}`,
      undefined,
      writer.headers,
    );
    expect([query, reply.status]).toEqual([query, 400]);
  }
  const missing = await call<ErrorReply>(
    h.service,
    'GET',
    `/api/posts/${unknownId()}/comments`,
    undefined,
    writer.headers,
  );
  expect(missing.status).toBe(404);
  expect(missing.body.message).toBe("This post doesn't exist or was deleted.");
});
