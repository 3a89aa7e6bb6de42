export {
  BATCH_MAX,
  EventHandlerError,
  IDLE_WAIT_MS,
  startEventConsumer,
  type EventConsumer,
  type EventConsumerSpec,
} from './consumer';
export { EVENT_CURSORS, type EventCursor } from './cursors';
export { currentClusterTime } from './positions';
export { eventLog, type EventLog, type EventPayload, type Recorded, type StoredEvent } from './event';
export { LOGS } from './logs';
export { DEFAULT_TTL_DAYS, ensureEventLog } from './log';
export { recordEvent } from './record';
