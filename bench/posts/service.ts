import { startService, type RunningService } from '@devcircle/service-kit';
import type { Db } from 'mongodb';
import { startServer, type RunningServer } from '../../services/embedded-mongo/src';
import { definition } from '../../services/posts/src';

/** Signs the identity header; the service is started with the same secret. */
export const INTERNAL_SECRET = 'posts-bench-internal-secret';

export interface PostsUnderTest {
  database: RunningServer;
  service: RunningService;
  /** The service's own driver handle: seeding and checks write and read its collections directly. */
  db: Db;
  stop(): Promise<void>;
}

/**
 * The posts service in this process on a free port, as its tests start it, against an in-memory embedded server
 * (also in this process). Indexes are declared before this resolves, so seeded data is indexed as it goes in.
 */
export async function startPosts(): Promise<PostsUnderTest> {
  const database = await startServer({ port: 0 });
  const env: NodeJS.ProcessEnv = {
    MONGODB_URI: `mongodb://127.0.0.1:${database.port}/posts-bench`,
    INTERNAL_SECRET,
    JWT_SECRET: 'posts-bench-jwt-secret',
    LOG_LEVEL: 'silent',
  };
  const service = await startService(definition, { port: 0, env });
  await service.ready;
  return {
    database,
    service,
    db: service.deps.db,
    stop: async () => {
      await service.stop();
      await database.stop();
    },
  };
}
