import type { PostView } from '../src';
import {
  call,
  createPost,
  newUser,
  startPosts,
  type CursorPage,
  type ErrorReply,
  type FeedPage,
  type PostsHarness,
  type User,
} from './harness';

let h: PostsHarness;
let reader: User;
/** Newest first, as the feed must return them. */
let created: PostView[];
const TOTAL = 23;

beforeAll(async () => {
  h = await startPosts();
  reader = newUser('reader');
  const authors = [newUser('a1'), newUser('a2'), newUser('a3')];
  created = [];
  for (let i = 0; i < TOTAL; i++) created.push(await createPost(h.service, authors[i % 3], `post ${i}`));
  created.reverse();
});
afterAll(() => h.stop());

const feed = <T>(query: string) => call<T>(h.service, 'GET', `/api/posts${query}`, undefined, reader.headers);
const ids = (posts: PostView[]) => posts.map((post) => post._id);

test('the feed is newest first with the default page size of 10, by cursor when no page is named', async () => {
  const reply = await feed<CursorPage>('');
  expect(reply.status).toBe(200);
  expect(ids(reply.body.posts)).toEqual(ids(created.slice(0, 10)));
  expect(reply.body).not.toHaveProperty('pagination');
  expect(reply.body.hasMore).toBe(true);
  expect(reply.body.nextCursor).toBe(created[9]._id);
  expect(reply.body.posts[0]).toMatchObject({ content: 'post 22', author: { username: 'a2' } });
});

test('?page=1 answers the page variant with pagination', async () => {
  const reply = await feed<FeedPage>('?page=1');
  expect(ids(reply.body.posts)).toEqual(ids(created.slice(0, 10)));
  expect(reply.body.pagination).toEqual({ current: 1, pages: 3 });
});

test('page paging walks every post exactly once', async () => {
  const seen: string[] = [];
  for (let page = 1; page <= 5; page++) {
    const reply = await feed<FeedPage>(`?page=${page}&limit=5`);
    expect(reply.body.pagination).toEqual({ current: page, pages: 5 });
    expect(reply.body.hasMore).toBe(page < 5);
    seen.push(...ids(reply.body.posts));
  }
  expect(seen).toEqual(ids(created));
  const beyond = await feed<FeedPage>('?page=6&limit=5');
  expect(beyond.body.posts).toEqual([]);
  expect(beyond.body.hasMore).toBe(false);
});

test('cursor paging agrees with page paging, with no duplicates or gaps', async () => {
  const first = await feed<CursorPage>('?limit=7');
  const seen = ids(first.body.posts);
  let cursor = seen[seen.length - 1];
  let pages = 1;
  for (;;) {
    const reply = await feed<CursorPage>(`?before=${cursor}&limit=7`);
    expect(reply.status).toBe(200);
    pages++;
    seen.push(...ids(reply.body.posts));
    if (!reply.body.hasMore) {
      expect(reply.body.nextCursor).toBe(reply.body.posts.length ? seen[seen.length - 1] : null);
      break;
    }
    expect(reply.body.nextCursor).toBe(seen[seen.length - 1]);
    cursor = reply.body.nextCursor as string;
  }
  expect(pages).toBe(4);
  expect(seen).toEqual(ids(created));
  expect(new Set(seen).size).toBe(TOTAL);
});

test('a post created while paging by cursor neither shifts nor duplicates the pages after it', async () => {
  const first = await feed<CursorPage>('?before=' + created[0]._id + '&limit=5');
  const latecomer = newUser();
  const late = await createPost(h.service, latecomer, 'late arrival');
  try {
    const second = await feed<CursorPage>(`?before=${first.body.nextCursor}&limit=5`);
    expect(ids(second.body.posts)).toEqual(ids(created.slice(6, 11)));
  } finally {
    const removed = await call(h.service, 'DELETE', `/api/posts/${late._id}`, undefined, latecomer.headers);
    expect(removed.status).toBe(200);
  }
});

test.each([
  ['?page=0', 'page'],
  ['?page=abc', 'page'],
  ['?limit=0', 'limit'],
  ['?limit=51', 'limit'],
  ['?before=xyz', 'before'],
  ['?sort=old', 'sort'],
])('%s is a 400 on %s', async (query, field) => {
  const reply = await feed<ErrorReply>(query);
  expect(reply.status).toBe(400);
  expect(reply.body.code).toBe('VALIDATION_ERROR');
  expect(reply.body.errors?.map((error) => error.field)).toContain(field);
});

test('a query string asked again gives the same answer, a valid one and an invalid one (service-kit rememberedQuery)', async () => {
  for (let round = 0; round < 2; round++) {
    const page = await feed<FeedPage>('?page=2&limit=4');
    expect(ids(page.body.posts)).toEqual(ids(created.slice(4, 8)));
    expect(page.body.pagination).toEqual({ current: 2, pages: 6 });
    const cursor = await feed<CursorPage>(`?before=${created[2]._id}&limit=3`);
    expect(ids(cursor.body.posts)).toEqual(ids(created.slice(3, 6)));
    const refused = await feed<ErrorReply>('?limit=51');
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.map((error) => error.field)).toContain('limit');
  }
});

test('page and before together are a 400', async () => {
  const reply = await feed<ErrorReply>(`?page=2&before=${created[0]._id}`);
  expect(reply.status).toBe(400);
  expect(reply.body.message).toBe('Use either page or before, not both');
});

test('limit 50 is allowed', async () => {
  const reply = await feed<FeedPage>('?page=1&limit=50');
  expect(reply.status).toBe(200);
  expect(reply.body.posts).toHaveLength(TOTAL);
  expect(reply.body.pagination).toEqual({ current: 1, pages: 1 });
});
