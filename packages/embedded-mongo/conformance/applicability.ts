/**
 * Decides, before anything runs, whether a test applies to the server under test (runOnRequirements) and
 * whether this runner can run it at all. Both kinds of skip are counted apart from passes and failures, so a
 * pass rate is never inflated by tests that did not run.
 */
import type { Document } from 'mongodb';

/** What the server under test is, as far as runOnRequirements can ask. */
export interface ServerFacts {
  version: string;
  topology: 'single' | 'replicaset' | 'sharded' | 'load-balanced';
  auth: boolean;
  serverless: boolean;
  csfle: boolean;
  /** How many secondaries the replica set has (0 for our one-member set). */
  secondaries: number;
  /** getParameter answers, or undefined when the server does not have the parameter. */
  parameter(name: string): Promise<unknown>;
}

/** The newest schema version this runner understands; newer files are "unsupported by runner". */
export const SUPPORTED_SCHEMA = '1.28';

export type Verdict =
  | { kind: 'run' }
  | { kind: 'skip'; reason: string }
  | { kind: 'not-applicable'; reason: string }
  | { kind: 'unsupported'; reason: string };

/** Compares dotted version strings numerically, missing components counting as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/** Why one runOnRequirement is not met, or undefined when it is. */
async function unmet(req: Document, server: ServerFacts): Promise<string | undefined> {
  if (req.minServerVersion && compareVersions(server.version, req.minServerVersion) < 0)
    return `minServerVersion ${req.minServerVersion}`;
  // maxServerVersion is inclusive per component given: "4.2.99" admits 4.2.x, "7.0" admits 7.0.0.
  if (req.maxServerVersion && compareVersions(server.version, req.maxServerVersion) > 0)
    return `maxServerVersion ${req.maxServerVersion}`;
  if (req.topologies) {
    const topologies = req.topologies as string[];
    // "sharded" also covers "sharded-replicaset"; a replica set is never "single".
    const ok =
      topologies.includes(server.topology) ||
      (server.topology === 'sharded' && topologies.includes('sharded-replicaset'));
    if (!ok) return `topologies ${topologies.join(',')}`;
  }
  if (req.serverless === 'require' && !server.serverless) return 'serverless required';
  if (req.serverless === 'forbid' && server.serverless) return 'serverless forbidden';
  if (req.auth === true && !server.auth) return 'auth required';
  if (req.auth === false && server.auth) return 'auth forbidden';
  if (req.authMechanism) return `authMechanism ${req.authMechanism}`;
  if (req.csfle !== undefined && req.csfle !== false && !server.csfle) return 'csfle required';
  if (req.csfle === false && server.csfle) return 'csfle forbidden';
  for (const [name, want] of Object.entries((req.serverParameters ?? {}) as Document)) {
    const have = await server.parameter(name);
    const same =
      typeof want === 'number' ? Number(have) === want : JSON.stringify(have) === JSON.stringify(want);
    if (have === undefined || !same) return `serverParameter ${name}`;
  }
  return undefined;
}

/** runOnRequirements are met when any one of them is (or when there are none). */
export async function requirementsUnmet(
  reqs: Document[] | undefined,
  server: ServerFacts,
): Promise<string | undefined> {
  if (!reqs || reqs.length === 0) return undefined;
  const reasons: string[] = [];
  for (const req of reqs) {
    const why = await unmet(req, server);
    if (!why) return undefined;
    reasons.push(why);
  }
  return reasons.join(' | ');
}

/** Walks a test's operations, including those nested in withTransaction callbacks. */
export function* allOperations(ops: Document[] | undefined): Generator<Document> {
  for (const op of ops ?? []) {
    yield op;
    if (Array.isArray(op.arguments?.callback)) yield* allOperations(op.arguments.callback);
  }
}

const FAIL_POINT_OPS = new Set(['failPoint', 'targetedFailPoint']);

/**
 * Tests that set fail points cannot apply: the server under test has no configureFailPoint. Multiple
 * mongoses mean nothing on a replica set (the format says the option then has no effect), so those run.
 */
export function notApplicableByContent(
  file: Document,
  test: Document,
  server: ServerFacts,
): string | undefined {
  // The driver selects a server with the client's read preference even to connect; a one-member replica set
  // has no secondary, so such a client can never run an operation.
  const entities = [...(file.createEntities ?? [])];
  for (const op of allOperations(test.operations))
    if (op.name === 'createEntities') entities.push(...(op.arguments?.entities ?? []));
  for (const e of entities)
    if (server.secondaries === 0 && e.client?.uriOptions?.readPreference === 'secondary')
      return 'needs a secondary (client readPreference secondary)';
  for (const op of allOperations(test.operations)) {
    if (FAIL_POINT_OPS.has(op.name)) return `uses ${op.name}`;
    if (op.name === 'runCommand' && op.arguments?.command?.configureFailPoint)
      return 'uses configureFailPoint';
  }
  return undefined;
}

/** Features of the format this runner does not implement; a test using one is "unsupported by runner". */
export function unsupportedFeature(
  file: Document,
  test: Document,
  knownOperations: Set<string>,
): string | undefined {
  if (compareVersions(String(file.schemaVersion), SUPPORTED_SCHEMA) > 0)
    return `schemaVersion ${file.schemaVersion}`;
  const entities = [...(file.createEntities ?? [])];
  for (const op of allOperations(test.operations)) {
    if (op.name === 'createEntities') entities.push(...(op.arguments?.entities ?? []));
    if (!knownOperations.has(op.name)) return `operation ${op.name}`;
  }
  for (const entity of entities) {
    const type = Object.keys(entity)[0];
    if (!['client', 'database', 'collection', 'session'].includes(type)) return `entity type ${type}`;
    const spec = entity[type];
    if (
      type === 'client' &&
      (spec.observeLogMessages ||
        spec.autoEncryptOpts ||
        spec.observeTracingMessages ||
        spec.storeEventsAsEntities)
    )
      return 'client logging/encryption/tracing/storeEventsAsEntities options';
    if (type === 'client' && (spec.observeEvents ?? []).some((e: string) => !e.startsWith('command')))
      return 'CMAP/SDAM event observation';
  }
  for (const group of test.expectEvents ?? []) {
    if (group.eventType && group.eventType !== 'command') return `expectEvents eventType ${group.eventType}`;
  }
  if (test.expectLogMessages) return 'expectLogMessages';
  return undefined;
}
