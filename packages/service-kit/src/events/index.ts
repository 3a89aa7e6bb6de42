export {
  DEFAULT_BATCH_SIZE,
  DEFAULT_INTERVAL_MS,
  DEFAULT_LOOK_BACK_MS,
  EventHandlerError,
  startEventConsumer,
  type EventConsumer,
  type EventConsumerSpec,
} from './consumer';
export { EVENT_CURSORS, type EventCursor } from './cursors';
export { eventLog, type EventLog, type EventPayload, type Recorded, type StoredEvent } from './event';
export { LOGS } from './logs';
export { DEFAULT_TTL_DAYS, ensureEventLog } from './log';
export { recordEvent } from './record';
