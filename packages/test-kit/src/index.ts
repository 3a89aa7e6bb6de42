export { call, callWithJsonText, type Reply, type Target } from './call';
export {
  startOnFreshDatabase,
  type FreshDatabaseOptions,
  type ServiceOnFreshDatabase,
} from './fresh-database';
export { rawLog, type RawEvent } from './raw-log';
