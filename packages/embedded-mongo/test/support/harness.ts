import { randomBytes } from 'node:crypto';
import { MongoClient, type Db } from 'mongodb';
import { startServer, type RunningServer } from '../../src';

export interface TestDatabase {
  client: MongoClient;
  db: Db;
  /** The embedded server, when the suite is not pointed at a real MongoDB. */
  server?: RunningServer;
  close(): Promise<void>;
}

/**
 * A database for one test file. With MONGODB_URI set the suite runs against that server (a fresh database that
 * is dropped afterwards), so the embedded server and real MongoDB can be checked against the same assertions.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const external = process.env.MONGODB_URI;
  const server = external ? undefined : await startServer({ port: 0 });
  const client = new MongoClient(external ?? server!.uri, { serverSelectionTimeoutMS: 5000 });
  await client.connect();
  const db = client.db(`conformance_${randomBytes(4).toString('hex')}`);
  return {
    client,
    db,
    server,
    close: async () => {
      await db.dropDatabase().catch(() => undefined);
      await client.close();
      await server?.stop();
    },
  };
}

/** Every value of `key` anywhere in an explain document (its shape differs across MongoDB versions). */
export function explainValues<T>(explain: unknown, key: string, accept: (value: unknown) => value is T): T[] {
  const found: T[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      for (const [name, value] of Object.entries(node)) {
        if (name === key && accept(value)) found.push(value);
        else visit(value);
      }
    }
  };
  visit(explain);
  return found;
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** Every `stage` named anywhere in an explain document. */
export const explainStages = (explain: unknown): string[] => explainValues(explain, 'stage', isString);

/** Every index name an explain document's scans use. */
export const explainIndexNames = (explain: unknown): string[] =>
  explainValues(explain, 'indexName', isString);

/** The executionStats block, wherever the server version puts it. */
export function executionStats(explain: Record<string, unknown>): {
  nReturned: number;
  totalKeysExamined: number;
  totalDocsExamined: number;
} {
  const direct = explain.executionStats as Record<string, number> | undefined;
  const stages = explain.stages as Array<Record<string, Record<string, unknown>>> | undefined;
  const nested = stages?.[0]?.$cursor?.executionStats as Record<string, number> | undefined;
  const stats = direct ?? nested;
  if (!stats) throw new Error('explain has no executionStats');
  return {
    nReturned: stats.nReturned,
    totalKeysExamined: stats.totalKeysExamined,
    totalDocsExamined: stats.totalDocsExamined,
  };
}
