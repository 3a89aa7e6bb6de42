/**
 * The benchmark's database: an in-memory embedded server in a process of its own, so /proc tells its CPU apart
 * from the service's. Prints `ready <uri>` once it listens; stops on SIGTERM. Started by run.ts.
 */
import { startServer } from '@devcircle/embedded-mongo';

async function main(): Promise<void> {
  const server = await startServer({ port: 0 });
  process.once('SIGTERM', () => {
    void server.stop().then(() => process.exit(0));
  });
  console.log(`ready ${server.databaseUri('following-bench')}`);
}

main().catch((err: Error) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});
