export { countCommands, type CountedCommands } from './commands';
export { call, callWithJsonText, type Reply, type Target } from './call';
export {
  startOnFreshDatabase,
  type FreshDatabaseOptions,
  type ServiceOnFreshDatabase,
} from './fresh-database';
export {
  decodeQuotedPrintable,
  isTo,
  linkIn,
  parseMail,
  readOutbox,
  tokenIn,
  waitForMail,
  type MailQuery,
  type OutboxMail,
} from './outbox';
export { rawLog, type RawEvent } from './raw-log';
export {
  confirmRegistration,
  DEFAULT_PASSWORD,
  mailedRegistrationToken,
  registrationBody,
  registrationToken,
  signUp,
  type NewAccount,
  type SignedUp,
} from './registration';
