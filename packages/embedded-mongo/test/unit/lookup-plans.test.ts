import { MongoClient, ObjectId, type Db } from 'mongodb';
import { startServer, type RunningServer } from '../../src';
import { planning } from '../../src/engine/planner';

/**
 * A `$lookup` on an equality runs one indexed query per joined document; each used to weigh every index of the
 * joined collection. The plan chosen for the first value of a type is now reused for the others in the same run of
 * the stage (commands/lookup.ts `JoinPlans`), nested joins included. What is counted is the planner's work
 * (`planning.indexesWeighed`); what the join returns is checked beside it.
 */

let server: RunningServer;
let client: MongoClient;
let db: Db;

beforeAll(async () => {
  server = await startServer({ port: 0 });
  client = await MongoClient.connect(server.uri);
  db = client.db('lookup_plans');
});

afterAll(async () => {
  await client.close();
  await server.stop();
});

/** How many indexes the planner weighs while `run` runs. */
async function weighed<T>(run: () => Promise<T>): Promise<{ result: T; indexes: number }> {
  const before = planning.indexesWeighed;
  const result = await run();
  return { result, indexes: planning.indexesWeighed - before };
}

test("a join's queries are planned once per type of value, however many documents it joins", async () => {
  const posts = db.collection<{ _id: ObjectId | string }>('posts');
  const likes = db.collection('likes');
  await likes.createIndexes([
    { key: { postId: 1, userId: 1 } },
    { key: { userId: 1 } },
    { key: { createdAt: -1 } },
  ]);
  const users = [new ObjectId(), new ObjectId(), new ObjectId()];
  // 30 posts with ObjectId ids and one with a string id: two types of value, two plannings.
  const postIds: (ObjectId | string)[] = [...Array.from({ length: 30 }, () => new ObjectId()), 'imported-1'];
  await posts.insertMany(postIds.map((_id) => ({ _id })));
  const liked = postIds.flatMap((postId, i) =>
    users.slice(0, i % 4).map((userId) => ({ postId, userId, createdAt: new Date() })),
  );
  await likes.insertMany(liked);
  // Likes by someone else, which the join's own $match leaves out.
  await likes.insertMany(
    postIds.map((postId) => ({ postId, userId: new ObjectId(), createdAt: new Date() })),
  );

  const { result, indexes } = await weighed(() =>
    posts
      .aggregate<{ _id: ObjectId | string; likes: { userId: ObjectId }[] }>([
        {
          $lookup: {
            from: 'likes',
            localField: '_id',
            foreignField: 'postId',
            pipeline: [{ $match: { userId: { $in: users } } }, { $project: { _id: 0, userId: 1 } }],
            as: 'likes',
          },
        },
      ])
      .toArray(),
  );

  expect(result).toHaveLength(postIds.length);
  for (const [i, post] of result.entries()) {
    expect(post._id).toEqual(postIds[i]);
    expect(post.likes.map(({ userId }) => userId.toHexString()).sort()).toEqual(
      users
        .slice(0, i % 4)
        .map((id) => id.toHexString())
        .sort(),
    );
  }
  // The posts' scan weighs their one index; the first ObjectId and the string weigh the 4 of likes; the other 29
  // joins weigh only the index they name. Planning every join would weigh 1 + 31 × 4 = 125.
  expect(indexes).toBeLessThanOrEqual(1 + 2 * 4 + 29);
});

test('a nested join keeps its plan across every document the outer join reads', async () => {
  const articles = db.collection('articles');
  const replies = db.collection('replies');
  const people = db.collection('people');
  await replies.createIndex({ articleId: 1, _id: -1 });
  await people.createIndexes([{ key: { name: 1 } }, { key: { joined: 1 } }]);
  const authors = Array.from({ length: 5 }, (_, i) => ({ _id: new ObjectId(), name: `person ${i}` }));
  await people.insertMany(authors.map((author) => ({ ...author, joined: new Date() })));
  const articleIds = Array.from({ length: 10 }, () => new ObjectId());
  await articles.insertMany(articleIds.map((_id) => ({ _id })));
  await replies.insertMany(
    articleIds.flatMap((articleId) => authors.map((author) => ({ articleId, authorId: author._id }))),
  );

  const { result, indexes } = await weighed(() =>
    articles
      .aggregate<{ replies: { authorId: ObjectId; author: { name: string }[] }[] }>([
        {
          $lookup: {
            from: 'replies',
            localField: '_id',
            foreignField: 'articleId',
            pipeline: [
              { $sort: { _id: -1 } },
              { $lookup: { from: 'people', localField: 'authorId', foreignField: '_id', as: 'author' } },
            ],
            as: 'replies',
          },
        },
      ])
      .toArray(),
  );

  expect(result).toHaveLength(articleIds.length);
  for (const article of result) {
    expect(article.replies).toHaveLength(authors.length);
    for (const reply of article.replies) {
      const author = authors.find(({ _id }) => _id.equals(reply.authorId));
      expect(reply.author.map(({ name }) => name)).toEqual([author?.name]);
    }
  }
  // Articles 1; replies 2 then 1 for each of the 9 others; people 3 then 1 for each of the 49 other replies.
  // Planning every join, 1 + 10 × 2 + 50 × 3 = 171.
  expect(indexes).toBeLessThanOrEqual(1 + (2 + 9) + (3 + 49));
});

test('a collection with a partial index is planned for every value, and joins what it should', async () => {
  const orders = db.collection('orders');
  const lines = db.collection('lines');
  await lines.createIndexes([
    { key: { orderId: 1 } },
    { key: { orderId: 1, sku: 1 }, partialFilterExpression: { sku: { $exists: true } } },
  ]);
  const orderIds = Array.from({ length: 4 }, () => new ObjectId());
  await orders.insertMany(orderIds.map((_id) => ({ _id })));
  await lines.insertMany(orderIds.flatMap((orderId, i) => Array.from({ length: i }, () => ({ orderId }))));

  const { result, indexes } = await weighed(() =>
    orders
      .aggregate<{ lines: unknown[] }>([
        { $lookup: { from: 'lines', localField: '_id', foreignField: 'orderId', as: 'lines' } },
      ])
      .toArray(),
  );

  expect(result.map((order) => order.lines.length)).toEqual([0, 1, 2, 3]);
  // Every value weighs the 3 indexes of lines: which partial index applies depends on the filter's values.
  expect(indexes).toBe(1 + orderIds.length * 3);
});
