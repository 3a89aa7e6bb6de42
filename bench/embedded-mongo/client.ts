import { MongoClient, type Db } from 'mongodb';

export const DB_NAME = 'bench';

/** The official driver, connected over loopback TCP, with room for every concurrent operation we run. */
export async function connect(uri: string, maxPoolSize = 64): Promise<{ client: MongoClient; db: Db }> {
  const client = new MongoClient(uri, {
    maxPoolSize,
    serverSelectionTimeoutMS: 10_000,
    directConnection: true,
  });
  await client.connect();
  return { client, db: client.db(DB_NAME) };
}

/** Opens `connections` pooled connections up front, so no timed operation pays for a TCP handshake. */
export async function warmPool(db: Db, connections: number): Promise<void> {
  await Promise.all(Array.from({ length: connections }, () => db.command({ ping: 1 })));
}

/** Connects, runs `body`, and always closes the client. */
export async function withClient<T>(
  uri: string,
  body: (db: Db) => Promise<T>,
  maxPoolSize?: number,
): Promise<T> {
  const { client, db } = await connect(uri, maxPoolSize);
  try {
    return await body(db);
  } finally {
    await client.close();
  }
}
