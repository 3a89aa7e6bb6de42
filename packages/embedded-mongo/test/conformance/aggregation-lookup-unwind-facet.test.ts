import type { Collection, Document } from 'mongodb';
import { freshCollection, useTestDatabase, type TestDoc } from './helpers';

const t = useTestDatabase();

let authors: Collection<TestDoc>;
let posts: Collection<TestDoc>;
beforeAll(async () => {
  authors = freshCollection(t().db, 'authors');
  posts = freshCollection(t().db, 'posts');
  await authors.insertMany([
    { _id: 'ann', name: 'Ann' },
    { _id: 'bob', name: 'Bob' },
    { _id: 'cy', name: 'Cy' },
  ]);
  await posts.insertMany([
    { _id: 1, author: 'ann', title: 'A1', likes: 5, tags: ['db', 'js'] },
    { _id: 2, author: 'ann', title: 'A2', likes: 1, tags: [] },
    { _id: 3, author: 'bob', title: 'B1', likes: 9, tags: ['go'] },
    { _id: 4, author: 'zed', title: 'Z1', likes: 2, tags: null },
    { _id: 5, title: 'anonymous', likes: 0 },
  ]);
});

describe('$lookup', () => {
  test('localField/foreignField joins matching documents into an array', async () => {
    const docs = await authors
      .aggregate([
        { $sort: { _id: 1 } },
        { $lookup: { from: posts.collectionName, localField: '_id', foreignField: 'author', as: 'posts' } },
      ])
      .toArray();
    expect(docs.map((d) => [d._id, d.posts.map((p: Document) => p._id).sort()])).toEqual([
      ['ann', [1, 2]],
      ['bob', [3]],
      ['cy', []],
    ]);
    expect(docs[1].posts[0]).toEqual({ _id: 3, author: 'bob', title: 'B1', likes: 9, tags: ['go'] });
  });

  test('an unmatched or missing local field joins an empty array (missing matches missing foreign fields)', async () => {
    const docs = await posts
      .aggregate([
        { $match: { _id: { $in: [4, 5] } } },
        { $sort: { _id: 1 } },
        { $lookup: { from: authors.collectionName, localField: 'author', foreignField: '_id', as: 'who' } },
      ])
      .toArray();
    expect(docs.map((d) => d.who)).toEqual([[], []]);
  });

  test('pipeline with let variables filters the joined documents', async () => {
    const docs = await authors
      .aggregate([
        { $sort: { _id: 1 } },
        {
          $lookup: {
            from: posts.collectionName,
            let: { who: '$_id' },
            pipeline: [
              { $match: { $expr: { $and: [{ $eq: ['$author', '$$who'] }, { $gte: ['$likes', 2] }] } } },
              { $project: { _id: 0, title: 1 } },
            ],
            as: 'popular',
          },
        },
        { $project: { popular: 1 } },
      ])
      .toArray();
    expect(docs).toEqual([
      { _id: 'ann', popular: [{ title: 'A1' }] },
      { _id: 'bob', popular: [{ title: 'B1' }] },
      { _id: 'cy', popular: [] },
    ]);
  });

  test('localField/foreignField with a pipeline (5.0 form): each join sorted, filtered and bounded', async () => {
    const comments = freshCollection(t().db, 'comments');
    await comments.createIndex({ post: 1, _id: -1 });
    await comments.insertMany(
      Array.from({ length: 12 }, (_, i) => ({ _id: i, post: i % 3 === 0 ? 1 : 3, hidden: i === 9 })),
    );
    const docs = await posts
      .aggregate([
        { $match: { _id: { $in: [1, 2, 3] } } },
        { $sort: { _id: 1 } },
        {
          $lookup: {
            from: comments.collectionName,
            localField: '_id',
            foreignField: 'post',
            pipeline: [
              { $match: { hidden: false } },
              { $sort: { _id: -1 } },
              { $limit: 2 },
              { $project: { _id: 1 } },
            ],
            as: 'latest',
          },
        },
        { $project: { latest: 1 } },
      ])
      .toArray();
    expect(docs).toEqual([
      { _id: 1, latest: [{ _id: 6 }, { _id: 3 }] },
      { _id: 2, latest: [] },
      { _id: 3, latest: [{ _id: 11 }, { _id: 10 }] },
    ]);
  });

  test('joining a collection that does not exist yields empty arrays', async () => {
    const docs = await authors
      .aggregate([
        { $lookup: { from: 'no_such_collection', localField: '_id', foreignField: 'x', as: 'none' } },
      ])
      .toArray();
    expect(docs.every((d) => Array.isArray(d.none) && d.none.length === 0)).toBe(true);
  });
});

describe('$unwind', () => {
  test('emits one document per element and drops empty, null and missing arrays', async () => {
    const docs = await posts
      .aggregate([{ $sort: { _id: 1 } }, { $unwind: '$tags' }, { $project: { tags: 1 } }])
      .toArray();
    expect(docs).toEqual([
      { _id: 1, tags: 'db' },
      { _id: 1, tags: 'js' },
      { _id: 3, tags: 'go' },
    ]);
  });

  test('preserveNullAndEmptyArrays keeps documents without elements', async () => {
    const docs = await posts
      .aggregate([
        { $sort: { _id: 1 } },
        { $unwind: { path: '$tags', preserveNullAndEmptyArrays: true } },
        { $project: { tags: 1 } },
      ])
      .toArray();
    expect(docs).toEqual([
      { _id: 1, tags: 'db' },
      { _id: 1, tags: 'js' },
      { _id: 2 },
      { _id: 3, tags: 'go' },
      { _id: 4, tags: null },
      { _id: 5 },
    ]);
  });

  test('includeArrayIndex records each element position, null for preserved documents', async () => {
    const docs = await posts
      .aggregate([
        { $match: { _id: { $in: [1, 2] } } },
        { $sort: { _id: 1 } },
        { $unwind: { path: '$tags', includeArrayIndex: 'pos', preserveNullAndEmptyArrays: true } },
        { $project: { tags: 1, pos: 1 } },
      ])
      .toArray();
    expect(docs).toEqual([
      { _id: 1, tags: 'db', pos: 0 },
      { _id: 1, tags: 'js', pos: 1 },
      { _id: 2, pos: null },
    ]);
  });

  test('a non-array value is treated as a single element', async () => {
    const coll = freshCollection(t().db);
    await coll.insertOne({ _id: 1, v: 'scalar' });
    expect(await coll.aggregate([{ $unwind: '$v' }]).toArray()).toEqual([{ _id: 1, v: 'scalar' }]);
  });

  test('$lookup then $unwind flattens a join', async () => {
    const docs = await posts
      .aggregate([
        { $match: { author: { $exists: true } } },
        { $lookup: { from: authors.collectionName, localField: 'author', foreignField: '_id', as: 'a' } },
        { $unwind: '$a' },
        { $project: { _id: 0, title: 1, name: '$a.name' } },
        { $sort: { title: 1 } },
      ])
      .toArray();
    expect(docs).toEqual([
      { title: 'A1', name: 'Ann' },
      { title: 'A2', name: 'Ann' },
      { title: 'B1', name: 'Bob' },
    ]);
  });
});

describe('$facet', () => {
  test('runs several sub-pipelines over the same input', async () => {
    const [result] = await posts
      .aggregate([
        { $match: { likes: { $gte: 1 } } },
        {
          $facet: {
            count: [{ $count: 'n' }],
            top: [{ $sort: { likes: -1 } }, { $limit: 2 }, { $project: { _id: 1 } }],
            byAuthor: [{ $group: { _id: '$author', likes: { $sum: '$likes' } } }, { $sort: { _id: 1 } }],
          },
        },
      ])
      .toArray();
    expect(result).toEqual({
      count: [{ n: 4 }],
      top: [{ _id: 3 }, { _id: 1 }],
      byAuthor: [
        { _id: 'ann', likes: 6 },
        { _id: 'bob', likes: 9 },
        { _id: 'zed', likes: 2 },
      ],
    });
  });

  test('an empty input still yields one document of empty facets', async () => {
    const docs = await posts
      .aggregate([{ $match: { likes: 1000 } }, { $facet: { all: [{ $match: {} }], n: [{ $count: 'n' }] } }])
      .toArray();
    expect(docs).toEqual([{ all: [], n: [] }]);
  });
});
