import { Binary, ObjectId } from 'bson';
import { Collection } from '../../src/engine/collection';
import { discardChanges } from '../../src/engine/journal-entry';
import { MongoCommandError } from '../../src/errors';
import { TransactionManager } from '../../src/replication/transactions';
import { Store } from '../../src/storage/store';

/**
 * The write path's shortcuts (issue 17, like toggles): an update that changes no indexed field leaves that index
 * alone, and a transaction's commit with nothing committed beside it takes its snapshot's documents and index
 * entries instead of writing every document again. Index `version` counts every change made to an index's tree,
 * which is what these tests count; what readers see is checked beside it.
 */

function lsid(): { id: Binary } {
  return { id: new Binary(new ObjectId().id, 4) };
}

describe('an update that changes no indexed field', () => {
  test('leaves the indexes as they were; changing an indexed field moves its entry', () => {
    const posts = new Collection('db', 'posts', discardChanges);
    posts.createIndex({ v: 2, key: { authorId: 1 }, name: 'authorId_1' });
    const authorId = new ObjectId();
    const _id = new ObjectId();
    posts.insert({ _id, authorId, likesCount: 0 });
    const byAuthor = posts.indexes.get('authorId_1');
    const versions = () => [posts.idIndex.version, byAuthor?.version];
    const before = versions();

    const record = posts.findById(_id);
    if (!record) throw new Error('inserted document not found');
    posts.replace(record, { ...record.doc, likesCount: 1 }, true);
    expect(versions()).toEqual(before);
    expect(posts.findById(_id)?.doc.likesCount).toBe(1);
    expect(byAuthor?.findRid([authorId])).toBe(record.rid);

    const otherAuthor = new ObjectId();
    const updated = posts.findById(_id);
    if (!updated) throw new Error('updated document not found');
    posts.replace(updated, { ...updated.doc, authorId: otherAuthor }, true);
    expect(posts.idIndex.version).toBe(before[0]);
    expect(byAuthor?.version).toBeGreaterThan(before[1] ?? 0);
    expect(byAuthor?.findRid([otherAuthor])).toBe(record.rid);
    expect(byAuthor?.findRid([authorId])).toBeUndefined();
  });

  test('a unique index still refuses a changed key another document holds', () => {
    const users = new Collection('db', 'users', discardChanges);
    users.createIndex({ v: 2, key: { name: 1 }, name: 'name_1', unique: true });
    users.insert({ _id: 1, name: 'ada' });
    users.insert({ _id: 2, name: 'bob' });
    const bob = users.findById(2);
    if (!bob) throw new Error('inserted document not found');
    expect(() => users.replace(bob, { _id: 2, name: 'ada' })).toThrow(MongoCommandError);
    expect(users.findById(2)?.doc).toEqual({ _id: 2, name: 'bob' });
  });
});

describe("a transaction's commit", () => {
  function setUp() {
    const store = Store.open({});
    const manager = new TransactionManager(store.catalog, store);
    const { collection } = store.catalog.ensureCollection('db', 'likes');
    collection.createIndex({ v: 2, key: { postId: 1, userId: 1 }, name: 'pair', unique: true });
    collection.insert({ _id: 1, postId: 10, userId: 100 });
    return { store, manager, live: collection };
  }

  test('with nothing committed beside it takes the snapshot’s entries at once, and logs every change', () => {
    const { store, manager, live } = setUp();
    const pair = live.indexes.get('pair');
    const versionBefore = pair?.version ?? 0;
    const loggedBefore = store.oplog.pendingEnd;
    const txn = manager.begin('s1', { lsid: lsid(), txnNumber: 1 });
    const inTxn = txn.catalog.getCollection('db', 'likes');
    if (!inTxn) throw new Error('the snapshot has no likes');
    for (let i = 2; i <= 6; i++) inTxn.insert({ _id: i, postId: 10, userId: 100 + i });
    const first = inTxn.findById(1);
    if (!first) throw new Error('the snapshot lost a document');
    inTxn.delete(first);
    manager.commit(txn);

    // One change to the index (taking the snapshot's tree), not one per insert and delete.
    expect(pair?.version).toBe(versionBefore + 1);
    expect([...live.records()].map((r) => r.doc._id)).toEqual([2, 3, 4, 5, 6]);
    expect(pair?.findRid([10, 104])).toBe(live.findById(4)?.rid);
    expect(pair?.findRid([10, 100])).toBeUndefined();
    expect(() => live.insert({ _id: 7, postId: 10, userId: 103 })).toThrow(MongoCommandError);
    // The commit is logged (one applyOps for change streams and the journal).
    expect(store.oplog.pendingEnd).toBe(loggedBefore + 1);

    // Shared copy-on-write: the transaction's copy and the live collection no longer see each other's writes.
    live.insert({ _id: 8, postId: 11, userId: 100 });
    expect(inTxn.findById(8)).toBeUndefined();
    inTxn.insert({ _id: 9, postId: 12, userId: 100 });
    expect(live.findById(9)).toBeUndefined();
  });

  test('with a change committed beside it applies its changes one by one over that change', () => {
    const { store, manager, live } = setUp();
    const txn = manager.begin('s1', { lsid: lsid(), txnNumber: 1 });
    const inTxn = txn.catalog.getCollection('db', 'likes');
    inTxn?.insert({ _id: 2, postId: 10, userId: 102 });
    inTxn?.insert({ _id: 4, postId: 10, userId: 104 });
    live.insert({ _id: 3, postId: 10, userId: 103 }); // committed beside the transaction
    const pair = live.indexes.get('pair');
    const versionBefore = pair?.version ?? 0;
    manager.commit(txn);
    expect(pair?.version).toBe(versionBefore + 2);
    // Both kept: the snapshot's collection would have lost document 3.
    expect([...live.records()].map((r) => r.doc._id)).toEqual([1, 3, 2, 4]);
    expect(store.catalog.getCollection('db', 'likes')).toBe(live);
  });
});
