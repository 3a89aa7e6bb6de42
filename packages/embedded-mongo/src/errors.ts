/** MongoDB's error codes for the failures this server reports, so drivers and tests see what mongod says. */
export const ErrorCodes = {
  InternalError: 1,
  BadValue: 2,
  NoSuchKey: 4,
  Unauthorized: 13,
  FailedToParse: 9,
  TypeMismatch: 14,
  InvalidLength: 16,
  IllegalOperation: 20,
  NamespaceNotFound: 26,
  IndexNotFound: 27,
  PathNotViable: 28,
  ConflictingUpdateOperators: 40,
  CursorNotFound: 43,
  CursorKilled: 237,
  InterruptedAtShutdown: 11600,
  NamespaceExists: 48,
  CommandNotFound: 59,
  ImmutableField: 66,
  InvalidOptions: 72,
  InvalidNamespace: 73,
  IndexOptionsConflict: 85,
  IndexKeySpecsConflict: 86,
  CannotIndexParallelArrays: 171,
  WriteConflict: 112,
  DollarPrefixedFieldName: 52,
  Location40415: 40415,
  Location40601: 40601,
  Location51183: 51183,
  Location13113: 13113,
  ConflictingOperationInProgress: 117,
  TransactionTooOld: 225,
  NoSuchTransaction: 251,
  TransactionCommitted: 256,
  InvalidResumeToken: 260,
  OperationNotSupportedInTransaction: 263,
  ChangeStreamFatalError: 280,
  ChangeStreamHistoryLost: 286,
  MaxTimeMSExpired: 50,
  NoMatchingDocument: 47,
  Location40674: 40674,
  Location40572: 40572,
  Location40602: 40602,
  Location50808: 50808,
  BSONObjectTooLarge: 10334,
  DuplicateKey: 11000,
  NoQueryExecutionPlans: 291,
  Location31253: 31253,
  Location31254: 31254,
  InvalidIdField: 53,
  Location40352: 40352,
  Location40324: 40324,
  Location40323: 40323,
  CommandNotSupported: 115,
  Location51024: 51024,
  Location15947: 15947,
  Location15955: 15955,
  Location15959: 15959,
  Location15958: 15958,
  Location15973: 15973,
  Location15974: 15974,
  Location15975: 15975,
  Location15976: 15976,
  Location40156: 40156,
  Location40158: 40158,
  Location40160: 40160,
  Location5107200: 5107200,
  Location5107201: 5107201,
} as const;

export type ErrorCodeName = keyof typeof ErrorCodes;

/** An error that becomes a MongoDB `{ ok: 0, errmsg, code, codeName }` reply. */
export class MongoCommandError extends Error {
  readonly code: number;
  readonly codeName: string;
  readonly extra: Record<string, unknown>;

  constructor(codeName: ErrorCodeName, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.code = ErrorCodes[codeName];
    this.codeName = codeName.startsWith('Location') ? '' : codeName;
    this.extra = extra;
  }

  toReply(): Record<string, unknown> {
    const reply: Record<string, unknown> = { ok: 0, errmsg: this.message, code: this.code };
    if (this.codeName) reply.codeName = this.codeName;
    return { ...reply, ...this.extra };
  }

  /** The shape of one entry of a write command's `writeErrors`. */
  toWriteError(index: number): Record<string, unknown> {
    return { index, code: this.code, errmsg: this.message, ...this.extra };
  }
}

/** Turns anything thrown while running a command into a MongoDB error; mingo's messages become BadValue. */
export function toCommandError(err: unknown): MongoCommandError {
  if (err instanceof MongoCommandError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof Error && err.constructor.name === 'MingoError')
    return new MongoCommandError('BadValue', message);
  if (err instanceof Error && /unknown|invalid|must|expect|not supported|cannot/i.test(message)) {
    return new MongoCommandError('BadValue', message);
  }
  return new MongoCommandError('InternalError', message);
}

export function badValue(message: string): MongoCommandError {
  return new MongoCommandError('BadValue', message);
}
