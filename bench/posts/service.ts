import { startOnFreshDatabase, type ServiceOnFreshDatabase } from '@devcircle/service-test-kit';
import { definition } from '../../services/posts/src';

/** Signs the identity header; the service is started with the same secret. */
export const INTERNAL_SECRET = 'posts-bench-internal-secret';

/** `db` is the service's own driver handle: seeding and checks write and read its collections directly. */
export type PostsUnderTest = ServiceOnFreshDatabase;

/**
 * The posts service in this process on a free port, as its tests start it, against an in-memory embedded server
 * (also in this process). Indexes are declared before this resolves, so seeded data is indexed as it goes in.
 */
export const startPosts = (): Promise<PostsUnderTest> =>
  startOnFreshDatabase(
    definition,
    { INTERNAL_SECRET, JWT_SECRET: 'posts-bench-jwt-secret' },
    { databaseName: 'posts-bench' },
  );
