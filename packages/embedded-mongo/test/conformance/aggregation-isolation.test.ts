import { freshCollection, useTestDatabase } from './helpers';

const t = useTestDatabase();

const stored = [
  { _id: 1, author: 'a', meta: { views: 1 }, tags: ['x', 'y'] },
  { _id: 2, author: 'b', meta: { views: 2 }, tags: ['y'] },
];

test('aggregations never change the stored documents they read', async () => {
  const c = freshCollection(t().db);
  await c.insertMany(stored.map((doc) => ({ ...doc, meta: { ...doc.meta }, tags: [...doc.tags] })));
  // Read-only stages, and stages that build new documents from nested ones.
  expect(
    await c.aggregate([{ $group: { _id: '$author', n: { $sum: 1 } } }, { $sort: { _id: 1 } }]).toArray(),
  ).toEqual([
    { _id: 'a', n: 1 },
    { _id: 'b', n: 1 },
  ]);
  await c.aggregate([{ $addFields: { 'meta.views': 100, 'meta.extra': true } }]).toArray();
  await c.aggregate([{ $unwind: '$tags' }, { $set: { tags: 'changed' } }]).toArray();
  await c.aggregate([{ $project: { meta: 1 } }, { $set: { 'meta.views': -1 } }]).toArray();
  expect(await c.find().sort({ _id: 1 }).toArray()).toEqual(stored);
});
