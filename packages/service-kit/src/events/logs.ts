import { EVENT_LOGS, type EventPayloads } from '@devcircle/contracts';
import type { ObjectId } from 'mongodb';
import { eventLog, type EventLog } from './event';

type Payloads = EventPayloads<ObjectId>;
type Logs = { readonly [K in keyof typeof EVENT_LOGS]: EventLog<Payloads[(typeof EVENT_LOGS)[K]]> };

/** The logs between services (names and payloads in @devcircle/contracts), as the services store them. */
export const LOGS: Logs = {
  accounts: eventLog(EVENT_LOGS.accounts),
  profiles: eventLog(EVENT_LOGS.profiles),
  users: eventLog(EVENT_LOGS.users),
  follows: eventLog(EVENT_LOGS.follows),
  posts: eventLog(EVENT_LOGS.posts),
  relations: eventLog(EVENT_LOGS.relations),
  moderation: eventLog(EVENT_LOGS.moderation),
};
