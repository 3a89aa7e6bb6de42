import { ObjectId } from 'bson';
import { Collection } from '../../src/engine/collection';
import { discardChanges } from '../../src/engine/journal-entry';

/** What a stored document costs in memory: these are the deterministic parts of it (issue 17). */

test('documents holding the same ObjectId (not as _id) share one instance; updates keep sharing it', () => {
  const posts = new Collection('db', 'posts', discardChanges);
  const author = '65f000000000000000000001';
  const first = posts.insert({ _id: new ObjectId(), authorId: new ObjectId(author), n: 1 });
  const second = posts.insert({ _id: new ObjectId(), authorId: new ObjectId(author), n: 2 });
  expect(second.doc.authorId).toBe(first.doc.authorId);
  expect(second.doc._id).not.toBe(first.doc._id);
  const updated = posts.replace(second, { ...second.doc, authorId: new ObjectId(author), n: 3 });
  expect(updated.doc.authorId).toBe(first.doc.authorId);
  expect((updated.doc.authorId as ObjectId).toHexString()).toBe(author);
});

test("an index key is the document's own values (no copies) and the record id", () => {
  const posts = new Collection('db', 'posts', discardChanges);
  posts.createIndex({ v: 2, key: { authorId: 1, _id: -1 }, name: 'author_recent' });
  const record = posts.insert({ _id: new ObjectId(), authorId: new ObjectId() });
  const keys = [...(posts.indexes.get('author_recent')?.tree.keys() ?? [])];
  expect(keys).toEqual([[record.doc.authorId, record.doc._id, record.rid]]);
  expect(keys[0][0]).toBe(record.doc.authorId);
});
