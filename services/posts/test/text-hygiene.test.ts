import { callWithJsonText } from '@devcircle/service-test-kit';
import type { PostView } from '../src';
import { call, createPost, newUser, oid, startPosts, type ErrorReply, type PostsHarness } from './harness';

/** Posts, code snippets and comments are cleaned by the service (docs/text-hygiene.md). */

let h: PostsHarness;
beforeAll(async () => {
  h = await startPosts();
});
afterAll(() => h.stop());

const ada = newUser('ada_text');
const create = (body: unknown) =>
  call<PostView & ErrorReply>(h.service, 'POST', '/api/posts', body, ada.headers);
const storedPost = (id: string) => h.db.collection('posts').findOne({ _id: oid(id) });

test('a post with a right-to-left override is stored without it; line breaks and emoji sequences stay', async () => {
  const reply = await create({ content: 'Price: \u202E5$\u202C\nby \u{1F468}\u200D\u{1F4BB} ad\u200Bmin' });
  expect(reply.status).toBe(201);
  expect(reply.body.content).toBe('Price: 5$\nby \u{1F468}\u200D\u{1F4BB} admin');
  expect((await storedPost(reply.body._id))?.content).toBe('Price: 5$\nby \u{1F468}\u200D\u{1F4BB} admin');
});

test('a post of only invisible characters is empty: the spec message', async () => {
  const reply = await create({ content: '\u200B\u202E \u2060' });
  expect(reply.status).toBe(400);
  expect(reply.body.errors).toEqual([{ field: 'content', message: 'Post content is required' }]);
});

test('NUL is refused in a post, a snippet and a comment', async () => {
  const post = await create({ content: 'a\u0000b', codeSnippet: 'x\u0000' });
  expect(post.status).toBe(400);
  expect(post.body).toMatchObject({ code: 'VALIDATION_ERROR' });
  expect(post.body.errors).toEqual([
    {
      field: 'content',
      message: 'Post content must not contain control characters other than line breaks and tabs',
    },
    {
      field: 'codeSnippet',
      message: 'Code snippet must not contain control characters other than line breaks and tabs',
    },
  ]);
  const target = await createPost(h.service, ada);
  const comment = await call<ErrorReply>(
    h.service,
    'POST',
    `/api/posts/${target._id}/comment`,
    { text: 'hi\u0000' },
    ada.headers,
  );
  expect(comment.status).toBe(400);
  expect(comment.body.errors).toEqual([
    {
      field: 'text',
      message: 'Comment text must not contain control characters other than line breaks and tabs',
    },
  ]);
});

test('a lone surrogate sent as a JSON escape is refused', async () => {
  const reply = await callWithJsonText<ErrorReply>(
    h.service,
    'POST',
    '/api/posts',
    '{"content":"broken \\udc00 emoji"}',
    ada.headers,
  );
  expect(reply.status).toBe(400);
  expect(reply.body.errors).toEqual([
    {
      field: 'content',
      message: 'Post content contains a broken character (half of a UTF-16 surrogate pair); please retype it',
    },
  ]);
});

test('a snippet with a direction control is refused (Trojan Source); any other character stays as written', async () => {
  const trojan = await create({
    content: 'look',
    codeSnippet: 'if (isAdmin) { /*\u202E } \u2066if (isAdmin)\u2069 */',
  });
  expect(trojan.status).toBe(400);
  expect(trojan.body.errors).toEqual([
    {
      field: 'codeSnippet',
      message:
        'Code snippet must not contain text direction controls (U+202A–U+202E, U+2066–U+2069): they make code read differently from how it runs',
    },
  ]);
  const snippet = 'const zwsp = "\u200B";\r\nconst decomposed = "e\u0301";';
  const kept = await create({ content: 'Cafe\u0301', codeSnippet: snippet, codeLanguage: 'javascript' });
  expect(kept.status).toBe(201);
  expect(kept.body).toMatchObject({
    content: 'Caf\u00E9',
    codeSnippet: 'const zwsp = "\u200B";\nconst decomposed = "e\u0301";',
  });
});

test('text is stored NFC and the limit counts the NFC text', async () => {
  // 2000 characters once composed, 4000 as sent.
  const reply = await create({ content: 'e\u0301'.repeat(2000) });
  expect(reply.status).toBe(201);
  expect((await storedPost(reply.body._id))?.content).toBe('\u00E9'.repeat(2000));
  const target = await createPost(h.service, ada);
  const comment = await call<PostView>(
    h.service,
    'POST',
    `/api/posts/${target._id}/comment`,
    { text: 'Nai\u0308ve \u2067question\u2069' },
    ada.headers,
  );
  expect(comment.status).toBe(201);
  expect(comment.body.comments.map((c) => c.text)).toEqual(['Na\u00EFve question']);
  expect(await h.db.collection('comments').findOne({ postId: oid(target._id) })).toMatchObject({
    text: 'Na\u00EFve question',
  });
});
