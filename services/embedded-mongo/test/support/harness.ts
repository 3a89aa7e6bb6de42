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

/** Every `stage` named anywhere in an explain document (the shape differs across MongoDB versions). */
export function explainStages(explain: unknown): string[] {
  const stages: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'stage' && typeof value === 'string') stages.push(value);
        else visit(value);
      }
    }
  };
  visit(explain);
  return stages;
}

/** Every index name an explain document's scans use. */
export function explainIndexNames(explain: unknown): string[] {
  const names: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'indexName' && typeof value === 'string') names.push(value);
        else visit(value);
      }
    }
  };
  visit(explain);
  return names;
}

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
