import { eventLog, type EventLog, type EventPayload } from '@devcircle/service-kit';

/** Any event at all: what a buggy or older producer could have written. */
export interface RawEvent extends EventPayload {
  [field: string]: unknown;
}

/**
 * The same log without its payload type, for tests that record what the contract does not allow (a missing
 * field, a string id) to show a consumer skips it instead of trusting it.
 */
export function rawLog(log: EventLog<EventPayload>): EventLog<RawEvent> {
  return eventLog<RawEvent>(log.name);
}
