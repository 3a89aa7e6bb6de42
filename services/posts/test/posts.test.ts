import type { PostView } from '../src';
import {
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

const create = (body: unknown, headers: Record<string, string>) =>
  call<PostView & ErrorReply>(h.service, 'POST', '/api/posts', body, headers);

describe('creating a post', () => {
  test('answers 201 with the post in the contract shape, content and snippet trimmed', async () => {
    const ada = newUser('ada');
    const reply = await create(
      { content: '  Hello DevCircle  ', codeSnippet: '\n console.log(1);\n ', codeLanguage: 'javascript' },
      ada.headers,
    );
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      author: { _id: ada.id, username: 'ada', displayName: 'ada' },
      content: 'Hello DevCircle',
      codeSnippet: 'console.log(1);',
      codeLanguage: 'javascript',
      createdAt: expect.any(String),
      likes: 0,
      likedByMe: false,
      bookmarkedByMe: false,
      comments: [],
      commentsCount: 0,
      hasMoreComments: false,
    });
    const stored = await h.db.collection('posts').findOne({ _id: oid(reply.body._id) });
    expect(stored).toMatchObject({ authorId: oid(ada.id), content: 'Hello DevCircle', likesCount: 0 });
    expect(await h.db.collection('authors').findOne({ _id: oid(ada.id) })).toMatchObject({
      username: 'ada',
      displayName: 'ada',
    });
  });

  test('creates sent at once by new and known, public and private members: each stored once, counted and told', async () => {
    const target = newUser('cb_target');
    const [known, shy, ...fresh] = ['cb_known', 'cb_shy', 'cb_new1', 'cb_new2'].map((name) => newUser(name));
    for (const member of [target, known, shy]) await create({ content: 'first' }, member.headers);
    await h.db.collection('authors').updateOne({ _id: oid(shy.id) }, { $set: { isPrivate: true } });
    const members = [known, shy, ...fresh];
    // Two posts each, all at once: one plain, one naming the target and a #tag.
    const replies = await Promise.all(
      members.flatMap((member) => [
        create({ content: `plain by ${member.username}` }, member.headers),
        create({ content: `hi @cb_target #batched by ${member.username}` }, member.headers),
      ]),
    );
    expect(replies.map((reply) => reply.status)).toEqual(members.flatMap(() => [201, 201]));
    for (const [m, member] of members.entries()) {
      const [plain, named] = [replies[2 * m].body, replies[2 * m + 1].body];
      expect(plain.author).toEqual({
        _id: member.id,
        username: member.username,
        displayName: member.username,
      });
      const stored = await h.db
        .collection('posts')
        .find({ authorId: oid(member.id) })
        .toArray();
      const first = member === known || member === shy ? 1 : 0;
      expect(stored).toHaveLength(2 + first);
      expect((await h.db.collection('authors').findOne({ _id: oid(member.id) }))?.postsCount).toBe(2 + first);
      const mine = stored.find((post) => String(post._id) === named._id);
      expect(mine).toMatchObject({ tags: ['batched'], authorPrivate: member === shy });
      // The mention travels with the post's event, except from a private author to someone not following them.
      const events = await h.db
        .collection('post_events')
        .find({ postId: { $in: [oid(plain._id), oid(named._id)] } })
        .toArray();
      if (member === shy) expect(events).toEqual([]);
      else
        expect(events).toEqual([
          expect.objectContaining({
            type: 'post.created',
            postId: oid(named._id),
            actor: { _id: oid(member.id), username: member.username },
            mentions: ['cb_target'],
          }),
        ]);
    }
  });

  test('an empty snippet and an empty language are stored as absent', async () => {
    const reply = await create(
      { content: 'no code', codeSnippet: '   ', codeLanguage: '' },
      newUser().headers,
    );
    expect(reply.status).toBe(201);
    expect(reply.body).not.toHaveProperty('codeSnippet');
    expect(reply.body).not.toHaveProperty('codeLanguage');
    const stored = await h.db.collection('posts').findOne({ _id: oid(reply.body._id) });
    expect(stored).not.toHaveProperty('codeSnippet');
    expect(stored).not.toHaveProperty('codeLanguage');
  });

  test.each([
    ['missing content', {}, 'content', 'Post content is required'],
    ['empty content', { content: '' }, 'content', 'Post content is required'],
    ['whitespace-only content', { content: ' \n\t ' }, 'content', 'Post content is required'],
    ['a number as content', { content: 42 }, 'content', 'Post content must be a string'],
    [
      '2001 characters',
      { content: 'x'.repeat(2001) },
      'content',
      'Post content must be at most 2000 characters',
    ],
    [
      'a 5001-character snippet',
      { content: 'ok', codeSnippet: 'x'.repeat(5001) },
      'codeSnippet',
      'Code snippet must be at most 5000 characters',
    ],
    [
      'an array as snippet',
      { content: 'ok', codeSnippet: ['a'] },
      'codeSnippet',
      'Code snippet must be a string',
    ],
    [
      'an unlisted language',
      { content: 'ok', codeLanguage: 'rust' },
      'codeLanguage',
      expect.stringContaining('Code language must be one of'),
    ],
    ['an unknown key', { content: 'ok', likes: 5 }, 'likes', 'likes is not allowed'],
  ])('%s is a 400 with a field error', async (_label, body, field, message) => {
    const before = await h.db.collection('posts').countDocuments();
    const reply = await create(body, newUser().headers);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('VALIDATION_ERROR');
    expect(reply.body.errors).toContainEqual({ field, message });
    expect(await h.db.collection('posts').countDocuments()).toBe(before);
  });

  test('content of exactly 2000 characters after trimming is accepted', async () => {
    const reply = await create({ content: `  ${'y'.repeat(2000)}  ` }, newUser().headers);
    expect(reply.status).toBe(201);
    expect(reply.body.content).toHaveLength(2000);
  });

  test('every listed language is accepted', async () => {
    const user = newUser();
    for (const codeLanguage of ['python', 'java', 'cpp', 'react', 'html', 'css', 'sql', 'json', 'other']) {
      const reply = await create({ content: 'lang', codeSnippet: 'x', codeLanguage }, user.headers);
      expect(reply.status).toBe(201);
      expect(reply.body.codeLanguage).toBe(codeLanguage);
    }
  });
});

describe('authentication', () => {
  test('every public route answers 401 without the identity header, or with a forged one', async () => {
    const post = await createPost(h.service, newUser());
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/posts'],
      ['GET', `/api/posts/${post._id}`],
      ['POST', '/api/posts', { content: 'x' }],
      ['DELETE', `/api/posts/${post._id}`],
      ['PUT', `/api/posts/${post._id}/like`],
      ['POST', `/api/posts/${post._id}/comment`, { text: 'x' }],
      ['PUT', `/api/posts/${post._id}/comment/${unknownId()}`, { text: 'x' }],
      ['DELETE', `/api/posts/${post._id}/comment/${unknownId()}`],
      ['GET', `/api/posts/${post._id}/comments`],
    ];
    for (const [method, path, body] of routes) {
      for (const headers of [{}, { 'x-devcircle-identity': 'forged.signature' }] as Record<
        string,
        string
      >[]) {
        const reply = await call<ErrorReply>(h.service, method, path, body, headers);
        expect([method, path, reply.status]).toEqual([method, path, 401]);
        expect(reply.body).toEqual({ message: 'Authentication required', code: 'UNAUTHORIZED' });
      }
    }
    expect(await h.db.collection('posts').countDocuments({ _id: oid(post._id) })).toBe(1);
  });
});

describe('one post', () => {
  test('GET answers the post for anyone signed in', async () => {
    const author = newUser();
    const post = await createPost(h.service, author, 'readable');
    const reply = await call<PostView>(
      h.service,
      'GET',
      `/api/posts/${post._id}`,
      undefined,
      newUser().headers,
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ _id: post._id, content: 'readable', author: { _id: author.id } });
  });

  test.each(['0123456789abcdef01234567', 'not-an-id', '123'])(
    'GET of unknown or malformed id %s is 404',
    async (id) => {
      const reply = await call<ErrorReply>(
        h.service,
        'GET',
        `/api/posts/${id}`,
        undefined,
        newUser().headers,
      );
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ message: "This post doesn't exist or was deleted.", code: 'NOT_FOUND' });
    },
  );
});

describe('deleting a post', () => {
  test('only the author may: someone else gets 403 and nothing changes', async () => {
    const author = newUser();
    const post = await createPost(h.service, author);
    const reply = await call<ErrorReply>(
      h.service,
      'DELETE',
      `/api/posts/${post._id}`,
      undefined,
      newUser().headers,
    );
    expect(reply.status).toBe(403);
    expect(reply.body.code).toBe('FORBIDDEN');
    expect(await h.db.collection('posts').countDocuments({ _id: oid(post._id) })).toBe(1);
  });

  test('removes the post with its likes and comments', async () => {
    const author = newUser();
    const fan = newUser();
    const post = await createPost(h.service, author);
    const other = await createPost(h.service, author, 'stays');
    for (const target of [post, other]) {
      await call(h.service, 'PUT', `/api/posts/${target._id}/like`, undefined, fan.headers);
      await call(h.service, 'POST', `/api/posts/${target._id}/comment`, { text: 'nice' }, fan.headers);
    }
    const reply = await call(h.service, 'DELETE', `/api/posts/${post._id}`, undefined, author.headers);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ message: 'Post deleted' });
    expect(await h.db.collection('posts').countDocuments({ _id: oid(post._id) })).toBe(0);
    expect(await h.db.collection('likes').countDocuments({ postId: oid(post._id) })).toBe(0);
    expect(await h.db.collection('comments').countDocuments({ postId: oid(post._id) })).toBe(0);
    // The author's other post is untouched.
    expect(await h.db.collection('likes').countDocuments({ postId: oid(other._id) })).toBe(1);
    expect(await h.db.collection('comments').countDocuments({ postId: oid(other._id) })).toBe(1);
    // Recorded for the notifications about it.
    const deletion = await h.db
      .collection('post_events')
      .findOne({ type: 'post.deleted', postId: oid(post._id) });
    expect(deletion).toMatchObject({ postAuthorId: oid(author.id), actor: { _id: oid(author.id) } });

    const again = await call<ErrorReply>(
      h.service,
      'DELETE',
      `/api/posts/${post._id}`,
      undefined,
      author.headers,
    );
    expect(again.status).toBe(404);
    expect(again.body.message).toBe("This post doesn't exist or was deleted.");
  });

  test('a malformed id is a 404', async () => {
    const reply = await call<ErrorReply>(h.service, 'DELETE', '/api/posts/zzz', undefined, newUser().headers);
    expect(reply.status).toBe(404);
    expect(reply.body.message).toBe("This post doesn't exist or was deleted.");
  });
});
