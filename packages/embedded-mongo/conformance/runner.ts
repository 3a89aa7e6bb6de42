/**
 * Runs one test file: decides each test's applicability, then for each test that runs, loads initialData,
 * builds fresh entities, executes the operations with their assertions, checks expectEvents and outcome, and
 * tears everything down, even after a failure or a timeout, so the next test starts clean.
 */
import { BSON, type Document, type MongoClient } from 'mongodb';
import {
  allOperations,
  notApplicableByContent,
  requirementsUnmet,
  unsupportedFeature,
  type ServerFacts,
} from './applicability';
import { driverDeviation } from './driver-deviations';
import { EntityMap } from './entities';
import { checkError, checkEvents, checkOutcome, loadInitialData } from './expectations';
import { AssertionFailure, match } from './match';
import { OPERATIONS, ROOT_ARRAY_RESULTS, resolveArguments } from './operations';
import { TEST_RUNNER_OPERATIONS } from './session-ops';

export type Status = 'passed' | 'failed' | 'skipped' | 'not-applicable' | 'unsupported';

export interface TestResult {
  description: string;
  status: Status;
  /** The first error for a failure; the reason for any kind of skip. */
  message?: string;
}

export interface RunEnvironment {
  uri: string;
  internal: MongoClient;
  server: ServerFacts;
  timeoutMs: number;
  filter?: string;
  verbose: boolean;
}

const KNOWN_OPERATIONS = new Set(Object.keys(OPERATIONS));

/** Matches a result; elements of an iterable's array are root-level documents (extra fields allowed). */
function matchResult(name: string, expected: unknown, actual: unknown, entities: EntityMap): void {
  if (Array.isArray(expected) && Array.isArray(actual) && ROOT_ARRAY_RESULTS.has(name)) {
    if (actual.length !== expected.length)
      throw new AssertionFailure(`$: expected ${expected.length} documents, got ${actual.length}`);
    expected.forEach((e, i) => match(e, actual[i], entities, true, `$[${i}]`));
  } else match(expected, actual, entities, true);
}

/** Executes one operation and its assertions. Nested (withTransaction callback) errors always propagate. */
async function execute(op: Document, entities: EntityMap, nested: boolean): Promise<void> {
  const fn = OPERATIONS[op.name];
  if (!fn) throw new Error(`unsupported operation ${op.name}`);
  const isRunnerOp = op.object === 'testRunner';
  if (isRunnerOp !== (op.name in TEST_RUNNER_OPERATIONS || op.name === 'createEntities'))
    throw new Error(`operation ${op.name} on ${op.object}`);
  const ctx = {
    entities,
    target: isRunnerOp ? undefined : entities.entity(op.object),
    args: resolveArguments(op.arguments, entities),
    runNested: async (ops: Document[]) => {
      for (const inner of ops) await execute(inner, entities, true);
    },
  };
  let result: unknown;
  let error: unknown;
  let failed = false;
  try {
    result = await fn(ctx);
  } catch (e) {
    // A failed assertion inside an operation (testRunner checks, nested callbacks) is the test's failure.
    if (e instanceof AssertionFailure) throw e;
    error = e;
    failed = true;
  }
  if (op.ignoreResultAndError) {
    if (failed && nested) throw error;
    return;
  }
  if (op.expectError) {
    if (!failed)
      throw new AssertionFailure(
        `${op.name}: expected an error, got ${BSON.EJSON.stringify({ result } as Document)}`,
      );
    checkError(error, op.expectError, entities);
    if (nested) throw error;
    return;
  }
  if (failed) throw error;
  if ('expectResult' in op) {
    try {
      matchResult(op.name, op.expectResult, result, entities);
    } catch (e) {
      if (e instanceof AssertionFailure) e.message = `${op.name} result ${e.message}`;
      throw e;
    }
  }
  if (op.saveResultAsEntity) entities.set(op.saveResultAsEntity, result);
}

/** Why a test will not run, or undefined when it runs. */
async function verdict(file: Document, test: Document, env: RunEnvironment): Promise<TestResult | undefined> {
  const description = String(test.description);
  const fileUnmet = await requirementsUnmet(file.runOnRequirements, env.server);
  if (fileUnmet) return { description, status: 'not-applicable', message: `file requires ${fileUnmet}` };
  const testUnmet = await requirementsUnmet(test.runOnRequirements, env.server);
  if (testUnmet) return { description, status: 'not-applicable', message: `requires ${testUnmet}` };
  if (test.skipReason) return { description, status: 'skipped', message: String(test.skipReason) };
  const content = notApplicableByContent(file, test, env.server);
  if (content) return { description, status: 'not-applicable', message: content };
  const unsupported = unsupportedFeature(file, test, KNOWN_OPERATIONS) ?? driverDeviation(test);
  if (unsupported) return { description, status: 'unsupported', message: unsupported };
  return undefined;
}

async function runTest(file: Document, test: Document, env: RunEnvironment): Promise<void> {
  if (file.initialData) await loadInitialData(file.initialData, env.internal);
  const entities = new EntityMap(env.uri, env.internal);
  let timer: NodeJS.Timeout | undefined;
  try {
    const body = async () => {
      await entities.create(file.createEntities ?? []);
      for (const op of test.operations ?? []) await execute(op, entities, false);
      for (const client of entities.clients()) client.recording = false;
      if (test.expectEvents) checkEvents(test.expectEvents, entities);
    };
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new AssertionFailure(`timed out after ${env.timeoutMs} ms`)),
        env.timeoutMs,
      );
    });
    await Promise.race([body(), timeout]);
  } finally {
    clearTimeout(timer);
    // Closing the clients also unblocks an operation still waiting after a timeout.
    await entities.close();
    const usedTransactions = [...allOperations(test.operations)].some((o) =>
      ['startTransaction', 'withTransaction'].includes(o.name),
    );
    if (usedTransactions)
      await env.internal
        .db('admin')
        .command({ killAllSessions: [] })
        .catch(() => undefined);
  }
  if (test.outcome) await checkOutcome(test.outcome, env.internal);
}

/** Runs every test of a file; the file's text is parsed again per test so no test sees another's mutations. */
export async function runFile(label: string, text: string, env: RunEnvironment): Promise<TestResult[]> {
  const parse = () => BSON.EJSON.parse(text, { relaxed: true }) as Document;
  const file = parse();
  const results: TestResult[] = [];
  for (let i = 0; i < file.tests.length; i++) {
    const description = String(file.tests[i].description);
    // --filter matches "suite/file: description", so it can pick a suite, a file or one test.
    if (env.filter && !`${label}: ${description}`.includes(env.filter)) continue;
    const fresh = parse();
    const skip = await verdict(fresh, fresh.tests[i], env);
    if (skip) {
      results.push(skip);
      continue;
    }
    try {
      await runTest(fresh, fresh.tests[i], env);
      results.push({ description, status: 'passed' });
    } catch (error) {
      const e = error as Error;
      const kind = e instanceof AssertionFailure ? '' : `${e?.name ?? 'Error'}: `;
      results.push({
        description,
        status: 'failed',
        message: `${kind}${e?.message ?? String(error)}`.replace(/\s+/g, ' '),
      });
      if (env.verbose && !(e instanceof AssertionFailure)) console.error(e?.stack);
    }
  }
  return results;
}
