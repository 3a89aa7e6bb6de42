import { MongoClient } from 'mongodb';
import { startServer } from './src';
(async () => {
  const server = await startServer({ port: 0, dbpath: '/tmp/smoke-db', log: console.log });
  const client = new MongoClient(server.uri + 'devcircle', { serverSelectionTimeoutMS: 2000 });
  await client.connect();
  const db = client.db();
  const users = db.collection('users');
  await users.deleteMany({});
  await users.createIndex({ username: 1 }, { unique: true });
  const r = await users.insertMany([{ username: 'alice', age: 30, tags: ['a', 'b'] }, { username: 'bob', age: 25 }]);
  console.log('inserted', r.insertedCount);
  try { await users.insertOne({ username: 'alice' }); } catch (e: any) { console.log('dup', e.code, e.message, e.keyPattern, e.keyValue); }
  console.log(await users.find({ age: { $gt: 20 } }).sort({ age: 1 }).project({ _id: 0 }).toArray());
  console.log(await users.updateOne({ username: 'bob' }, { $inc: { age: 1 }, $push: { tags: 'x' } }));
  console.log(await users.findOneAndUpdate({ username: 'carol' }, { $set: { age: 1 } }, { upsert: true, returnDocument: 'after' }));
  console.log(await users.countDocuments({ age: { $gte: 1 } }), await users.estimatedDocumentCount());
  console.log(await users.aggregate([{ $group: { _id: null, total: { $sum: '$age' } } }]).toArray());
  console.log(JSON.stringify((await users.find({ username: 'bob' }).explain('executionStats') as any).queryPlanner.winningPlan));
  for (let i = 0; i < 250; i++) await users.insertOne({ username: 'u' + i, age: i });
  console.log('cursor count', (await users.find({}).toArray()).length);
  console.log(await users.distinct('tags'));
  console.log(await db.listCollections().toArray());
  console.log(await users.indexes());
  try { await db.command({ fooBar: 1 }); } catch (e: any) { console.log('cmd', e.code, e.codeName, e.message); }
  await client.close();
  await server.stop();
})().catch((e) => { console.error(e); process.exit(1); });
