import { ObjectId, type Document } from 'mongodb';
import { authorPostsQuery, feedQuery, postCommentsQuery } from '../src';
import { activeBlocksOf } from '../src/relations/blocks';
import { addComment, createPost, newUser, oid, startPosts, type PostsHarness } from './harness';

let h: PostsHarness;
let authorId: ObjectId;
let postId: ObjectId;
beforeAll(async () => {
  h = await startPosts();
  const writer = newUser();
  authorId = oid(writer.id);
  for (let i = 0; i < 30; i++) await createPost(h.service, i % 2 ? writer : newUser(), `p${i}`);
  const post = await createPost(h.service, writer, 'discussed');
  postId = oid(post._id);
  for (let i = 0; i < 10; i++) await addComment(h.service, newUser(), post._id, `c${i}`);
});
afterAll(() => h.stop());

/** Every stage of a winning plan, outermost first. */
function stages(plan: Document): Document[] {
  const all: Document[] = [];
  for (let stage: Document | undefined = plan; stage; stage = stage.inputStage as Document | undefined) {
    all.push(stage);
  }
  return all;
}

async function planOf(collection: string, query: { filter: Document; sort: Document }, limit = 11) {
  const explained = await h.db
    .collection(collection)
    .find(query.filter)
    .sort(query.sort)
    .limit(limit)
    .explain();
  const plan = stages(explained.queryPlanner.winningPlan as Document);
  return {
    plan,
    names: plan.map((stage) => stage.stage as string),
    stats: explained.executionStats as Document,
  };
}

test('the feed query (first page and by cursor) scans the _id index, no collection scan, no in-memory sort', async () => {
  const first = await planOf('posts', feedQuery());
  expect(first.names).toContain('IXSCAN');
  expect(first.names).not.toContain('COLLSCAN');
  expect(first.names).not.toContain('SORT');
  expect(first.plan.find((s) => s.stage === 'IXSCAN')?.keyPattern).toEqual({ _id: 1 });

  const middle = (await h.db.collection('posts').find().sort({ _id: -1 }).skip(15).limit(1).next())
    ?._id as ObjectId;
  const cursor = await planOf('posts', feedQuery(middle));
  expect(cursor.names).toContain('IXSCAN');
  expect(cursor.names).not.toContain('COLLSCAN');
  expect(cursor.names).not.toContain('SORT');
  // The range starts at the cursor: the page costs what the first one does.
  expect(cursor.stats.totalDocsExamined).toBeLessThanOrEqual(11);
});

test('the feed query as a viewer runs it (privacy filter) still walks the _id index in order', async () => {
  const viewer = { id: new ObjectId(), privateFollowees: [authorId, new ObjectId()] };
  const first = await planOf('posts', feedQuery(undefined, viewer));
  expect(first.names).toContain('IXSCAN');
  expect(first.names).not.toContain('COLLSCAN');
  expect(first.names).not.toContain('SORT');
  expect(first.plan.find((s) => s.stage === 'IXSCAN')?.keyPattern).toEqual({ _id: 1 });
  // Every post here is public, so the filter rejects none and the walk stops at the page's end.
  expect(first.stats.totalDocsExamined).toBeLessThanOrEqual(11);

  const middle = (await h.db.collection('posts').find().sort({ _id: -1 }).skip(15).limit(1).next())
    ?._id as ObjectId;
  const cursor = await planOf('posts', feedQuery(middle, viewer));
  expect(cursor.names).toContain('IXSCAN');
  expect(cursor.names).not.toContain('COLLSCAN');
  expect(cursor.names).not.toContain('SORT');
  expect(cursor.stats.totalDocsExamined).toBeLessThanOrEqual(11);

  // A page by number as the feed cache reads it (heads only, a hidden author left out): the skip happens in the
  // index scan, in the index's order, with no sort (docs/reads.md "Pages by number at constant cost").
  const hidden = { authors: [new ObjectId()], all: new Set<string>(), blocked: new Set<string>() };
  const deep = await h.db
    .collection('posts')
    .find(feedQuery(undefined, { ...viewer, hidden }).filter as Document, {
      projection: { _id: 1, authorId: 1, authorPrivate: 1 },
    })
    .sort({ _id: -1 })
    .skip(20)
    .limit(6)
    .explain();
  const names = stages(deep.queryPlanner.winningPlan as Document).map((stage) => stage.stage as string);
  expect(names).toEqual(expect.arrayContaining(['SKIP', 'IXSCAN']));
  expect(names).not.toContain('SORT');
  expect(names).not.toContain('COLLSCAN');
});

test("a user's posts use the {authorId, _id} index", async () => {
  const { plan, names, stats } = await planOf('posts', authorPostsQuery(authorId));
  expect(names).toContain('IXSCAN');
  expect(names).not.toContain('COLLSCAN');
  expect(names).not.toContain('SORT');
  expect(plan.find((s) => s.stage === 'IXSCAN')?.keyPattern).toEqual({ authorId: 1, _id: -1 });
  expect(stats.totalDocsExamined).toBeLessThanOrEqual(11);
});

test("a post's comments use the {postId, _id} index, also with a cursor", async () => {
  const latest = await planOf('comments', postCommentsQuery(postId), 5);
  expect(latest.names).toContain('IXSCAN');
  expect(latest.names).not.toContain('COLLSCAN');
  expect(latest.names).not.toContain('SORT');
  expect(latest.plan.find((s) => s.stage === 'IXSCAN')?.keyPattern).toEqual({ postId: 1, _id: -1 });
  expect(latest.stats.totalDocsExamined).toBe(5);

  const newest = await h.db.collection('comments').find({ postId }).sort({ _id: -1 }).next();
  const older = await planOf('comments', postCommentsQuery(postId, newest?._id as ObjectId), 5);
  expect(older.names).toContain('IXSCAN');
  expect(older.names).not.toContain('COLLSCAN');
});

test("a like batch's blocks lookup is points on hidden_authors' (readerId, authorId, reason) index", async () => {
  // As the embedded database runs the `$lookup` for one post: its author's equality, then the lookup's $match.
  const readers = [new ObjectId(), new ObjectId()];
  await h.db.collection('hidden_authors').insertMany(
    Array.from({ length: 20 }, () => ({
      readerId: new ObjectId(),
      authorId,
      reason: 'mute',
      active: true,
      eventId: new ObjectId(),
      updatedAt: new Date(),
    })),
  );
  const filter = { $and: [{ authorId: { $eq: authorId } }, activeBlocksOf(readers)] };
  const { plan, stats } = await planOf('hidden_authors', { filter, sort: {} });
  const scan = plan.find((s) => s.stage === 'IXSCAN');
  expect(scan?.indexName).toBe('reader_author_reason');
  expect(Object.keys(scan?.indexBounds as Document)).toEqual(['readerId', 'authorId', 'reason']);
  // The author's other readers (their mutes) are never looked at.
  expect(stats.totalDocsExamined).toBe(0);
});

test('every declared index exists, the event TTL is 30 days', async () => {
  const keys = async (name: string) => (await h.db.collection(name).indexes()).map((index) => index.key);
  expect(await keys('posts')).toEqual(expect.arrayContaining([{ _id: 1 }, { authorId: 1, _id: -1 }]));
  expect(await keys('likes')).toEqual(expect.arrayContaining([{ postId: 1, userId: 1 }, { userId: 1 }]));
  expect(await keys('comments')).toEqual(expect.arrayContaining([{ postId: 1, _id: -1 }, { userId: 1 }]));
  expect(await keys('author_followers')).toEqual(
    expect.arrayContaining([{ followerId: 1, followeeId: 1 }, { followeeId: 1 }]),
  );
  const events = await h.db.collection('post_events').indexes();
  expect(events).toContainEqual(
    expect.objectContaining({ key: { createdAt: 1 }, expireAfterSeconds: 2592000 }),
  );
});
