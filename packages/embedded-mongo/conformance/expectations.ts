/**
 * Assertions made after an operation or a test: expectError, expectEvents and outcome. Each throws an
 * AssertionFailure whose message says what differed, which the report prints as the test's first error.
 */
import {
  MongoError,
  MongoOperationTimeoutError,
  MongoServerError,
  type Document,
  type MongoClient,
} from 'mongodb';
import { tolerateDriverAdditions } from './driver-deviations';
import type { EntityMap } from './entities';
import { describe, fail, match, matchExactly, type MatchContext } from './match';

type ErrorLike = Error & Document;

function labels(error: ErrorLike): string[] {
  if (Array.isArray(error.errorLabels)) return error.errorLabels as string[];
  return error instanceof MongoError ? error.errorLabels : [];
}

/** The server's reply behind an error, when there is one. */
function serverResponse(error: ErrorLike): Document | undefined {
  if (error.errorResponse && typeof error.errorResponse === 'object') return error.errorResponse;
  return error instanceof MongoServerError ? error : undefined;
}

export function checkError(error: unknown, expected: Document, ctx: MatchContext): void {
  const e = error as ErrorLike;
  const msg = `${e?.name}: ${e?.message}`;
  if (!(e instanceof Error)) fail(`expected an error, got ${describe(error)}`);
  if (expected.isClientError === true && e instanceof MongoServerError)
    fail(`expected a client error, got a server error (${msg})`);
  if (expected.isClientError === false && !(e instanceof MongoServerError))
    fail(`expected a server error, got a client error (${msg})`);
  if (
    expected.isTimeoutError !== undefined &&
    e instanceof MongoOperationTimeoutError !== expected.isTimeoutError
  )
    fail(`isTimeoutError ${expected.isTimeoutError} not met (${msg})`);
  if (
    expected.errorContains !== undefined &&
    !e.message.toLowerCase().includes(String(expected.errorContains).toLowerCase())
  )
    fail(`error message does not contain "${expected.errorContains}" (${msg})`);
  if (expected.errorCode !== undefined && e.code !== expected.errorCode)
    fail(`expected error code ${expected.errorCode}, got ${String(e.code)} (${msg})`);
  if (expected.errorCodeName !== undefined) {
    const name = e.codeName ?? serverResponse(e)?.codeName;
    if (String(name).toLowerCase() !== String(expected.errorCodeName).toLowerCase())
      fail(`expected codeName ${expected.errorCodeName}, got ${String(name)} (${msg})`);
  }
  const have = labels(e);
  for (const label of expected.errorLabelsContain ?? [])
    if (!have.includes(label)) fail(`error lacks label ${label}; labels [${have.join(', ')}] (${msg})`);
  for (const label of expected.errorLabelsOmit ?? [])
    if (have.includes(label)) fail(`error has label ${label} it should not (${msg})`);
  if (expected.errorResponse !== undefined) {
    const response = serverResponse(e);
    if (!response) fail(`expected a server response in the error (${msg})`);
    match(expected.errorResponse, response, ctx, true, '$errorResponse');
  }
  if (expected.expectResult !== undefined)
    match(expected.expectResult, e.partial ?? e.result, ctx, true, '$error.result');
  if (expected.writeErrors !== undefined || expected.writeConcernErrors !== undefined)
    throw new Error('writeErrors/writeConcernErrors (clientBulkWrite) are not supported by this runner');
}

/** expectEvents: the observed command events, in order, against the expected list. */
export function checkEvents(groups: Document[], entities: EntityMap): void {
  for (const group of groups) {
    const actual = entities.client(group.client).events;
    const expected = group.events as Document[];
    const summary = () =>
      actual
        .map((a) => `${a.type.replace('command', '').replace('Event', '')}:${a.event.commandName}`)
        .join(', ');
    if (group.ignoreExtraEvents ? actual.length < expected.length : actual.length !== expected.length)
      fail(`${group.client}: expected ${expected.length} events, observed ${actual.length} [${summary()}]`);
    expected.forEach((exp, i) => {
      const [type] = Object.keys(exp);
      const want = exp[type] as Document;
      const got = actual[i];
      const where = `event[${i}]`;
      if (got.type !== type)
        fail(`${where}: expected ${type}, observed ${got.type} (${got.event.commandName}) [${summary()}]`);
      const ev = got.event as unknown as Document;
      if (want.commandName !== undefined && ev.commandName !== want.commandName)
        fail(`${where}: expected command ${want.commandName}, observed ${ev.commandName}`);
      if (want.databaseName !== undefined && ev.databaseName !== want.databaseName)
        fail(`${where}: expected database ${want.databaseName}, observed ${ev.databaseName}`);
      if (want.command !== undefined) {
        const command = tolerateDriverAdditions(ev.commandName, want.command, ev.command);
        match(want.command, command, entities, true, `${where}.command`);
      }
      if (want.reply !== undefined) match(want.reply, ev.reply, entities, true, `${where}.reply`);
      if (want.hasServiceId !== undefined && (ev.serviceId != null) !== want.hasServiceId)
        fail(`${where}: hasServiceId ${want.hasServiceId} not met`);
      if (
        want.hasServerConnectionId !== undefined &&
        (ev.serverConnectionId != null) !== want.hasServerConnectionId
      )
        fail(`${where}: hasServerConnectionId ${want.hasServerConnectionId} not met`);
    });
  }
}

/** outcome: each collection's documents, read in _id order, primary and local, must equal the expected. */
export async function checkOutcome(outcome: Document[], internal: MongoClient): Promise<void> {
  for (const data of outcome) {
    const docs = await internal
      .db(data.databaseName)
      .collection(data.collectionName)
      .find({}, { sort: { _id: 1 }, readPreference: 'primary', readConcern: { level: 'local' } })
      .toArray();
    matchExactly(data.documents, docs, `outcome ${data.databaseName}.${data.collectionName}`);
  }
}

/** initialData: drop, create (with createOptions when given), insert, all with a majority write concern. */
export async function loadInitialData(initialData: Document[], internal: MongoClient): Promise<void> {
  const writeConcern = { w: 'majority' as const };
  for (const data of initialData) {
    const db = internal.db(data.databaseName);
    await db.dropCollection(data.collectionName, { writeConcern }).catch((error: ErrorLike) => {
      if (error.code !== 26) throw error; // NamespaceNotFound: nothing to drop.
    });
    const docs = (data.documents ?? []) as Document[];
    if (data.createOptions || docs.length === 0)
      await db.createCollection(data.collectionName, { ...(data.createOptions ?? {}), writeConcern });
    if (docs.length) await db.collection(data.collectionName).insertMany(docs, { writeConcern });
  }
}
