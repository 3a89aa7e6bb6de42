/**
 * The unified format's "Evaluating Matches" rules: expected values are query-like documents (extra keys allowed
 * only at the root), numbers compare by value whatever their BSON type, and `$$` operators assert things a
 * static expectation cannot know (session ids, types, optional fields).
 */
import { Binary, BSON, Decimal128, Long, ObjectId, Timestamp, type Document } from 'mongodb';

/** What the matcher needs from the test's entity map: named values and session ids. */
export interface MatchContext {
  entity(name: string): unknown;
  sessionLsid(name: string): Document;
}

/** A failed assertion of the test, as opposed to a runner bug or a driver error. */
export class AssertionFailure extends Error {}

export function fail(message: string): never {
  throw new AssertionFailure(message);
}

const isPlainObject = (v: unknown): v is Document =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date) && !('_bsontype' in v);

/** `{ $$op: x }`: an object whose first and only key starts with `$$`. */
export function specialOperator(v: unknown): string | undefined {
  if (!isPlainObject(v)) return undefined;
  const keys = Object.keys(v);
  return keys.length === 1 && keys[0].startsWith('$$') ? keys[0] : undefined;
}

/** Numbers arrive as JS numbers, Int32/Double wrappers, Longs or bigints; reduce them to one kind to compare. */
function asNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof Long) return v.toNumber();
  if (v !== null && typeof v === 'object' && '_bsontype' in v) {
    const t = (v as { _bsontype: string })._bsontype;
    if (t === 'Int32' || t === 'Double') return (v as unknown as { value: number }).value;
  }
  return undefined;
}

/** Driver command documents keep some keys (e.g. `sort`, index `key`) in Maps to preserve their order. */
function normalize(v: unknown): unknown {
  return v instanceof Map ? Object.fromEntries(v) : v;
}

const describe = (v: unknown): string => {
  if (v === undefined) return '(absent)';
  try {
    const text = BSON.EJSON.stringify(v as Document, { relaxed: true });
    return text.length > 300 ? `${text.slice(0, 300)}…` : text;
  } catch {
    return String(v);
  }
};

const TYPE_CHECKS: Record<string, (v: unknown) => boolean> = {
  double: (v) => typeof v === 'number' || (v as { _bsontype?: string })?._bsontype === 'Double',
  string: (v) => typeof v === 'string',
  object: (v) => isPlainObject(v) || v instanceof Map,
  array: (v) => Array.isArray(v),
  binData: (v) => v instanceof Binary,
  undefined: (v) => v === undefined,
  objectId: (v) => v instanceof ObjectId,
  bool: (v) => typeof v === 'boolean',
  date: (v) => v instanceof Date,
  null: (v) => v === null,
  regex: (v) => v instanceof RegExp || (v as { _bsontype?: string })?._bsontype === 'BSONRegExp',
  javascript: (v) => (v as { _bsontype?: string })?._bsontype === 'Code',
  // The driver promotes int32 and int64 to JS numbers, so only integrality (and range for int) can be checked.
  int: (v) =>
    (typeof v === 'number' && Number.isInteger(v) && Math.abs(v) <= 2 ** 31) ||
    (v as { _bsontype?: string })?._bsontype === 'Int32',
  timestamp: (v) => v instanceof Timestamp,
  long: (v) => (typeof v === 'number' && Number.isInteger(v)) || v instanceof Long || typeof v === 'bigint',
  decimal: (v) => v instanceof Decimal128,
  minKey: (v) => (v as { _bsontype?: string })?._bsontype === 'MinKey',
  maxKey: (v) => (v as { _bsontype?: string })?._bsontype === 'MaxKey',
  number: (v) => asNumber(v) !== undefined || v instanceof Decimal128,
};

/**
 * Asserts that `actual` matches `expected`. `root` says whether `actual` is a root-level document (extra keys
 * allowed); `path` names the position for the failure message.
 */
export function match(expected: unknown, actual: unknown, ctx: MatchContext, root = true, path = '$'): void {
  actual = normalize(actual);
  const op = specialOperator(expected);
  if (op) return matchSpecial(op, (expected as Document)[op], actual, ctx, root, path);

  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) fail(`${path}: expected an array, got ${describe(actual)}`);
    if (actual.length !== expected.length)
      fail(`${path}: expected ${expected.length} elements, got ${actual.length}: ${describe(actual)}`);
    expected.forEach((e, i) => match(e, actual[i], ctx, false, `${path}[${i}]`));
    return;
  }
  if (isPlainObject(expected)) {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual))
      fail(`${path}: expected a document, got ${describe(actual)}`);
    const doc = actual as Document;
    for (const [key, value] of Object.entries(expected)) {
      const keyOp = specialOperator(value);
      const present = key in doc && doc[key] !== undefined;
      if (keyOp === '$$exists') {
        if (value.$$exists !== present)
          fail(
            `${path}.${key}: expected ${value.$$exists ? 'present' : 'absent'}, got ${describe(doc[key])}`,
          );
        continue;
      }
      if (keyOp === '$$unsetOrMatches' && !present) continue;
      if (!present && keyOp !== '$$type') fail(`${path}.${key}: missing (expected ${describe(value)})`);
      match(value, doc[key], ctx, false, `${path}.${key}`);
    }
    if (!root) {
      const extra = Object.keys(doc).filter((k) => !(k in expected) && doc[k] !== undefined);
      if (extra.length) fail(`${path}: unexpected keys ${extra.join(', ')} in ${describe(doc)}`);
    }
    return;
  }
  matchScalar(expected, actual, path);
}

function matchScalar(expected: unknown, actual: unknown, path: string): void {
  const e = asNumber(expected);
  if (e !== undefined) {
    const a = asNumber(actual);
    if (a === undefined || !(a === e || (Number.isNaN(a) && Number.isNaN(e))))
      fail(`${path}: expected ${describe(expected)}, got ${describe(actual)}`);
    return;
  }
  if (expected === null || typeof expected !== 'object') {
    if (expected !== actual) fail(`${path}: expected ${describe(expected)}, got ${describe(actual)}`);
    return;
  }
  // Dates, ObjectIds, Binary, Decimal128, regexes…: compare their canonical Extended JSON.
  const a = BSON.EJSON.stringify({ v: actual as Document }, { relaxed: false });
  const b = BSON.EJSON.stringify({ v: expected as Document }, { relaxed: false });
  if (a !== b) fail(`${path}: expected ${describe(expected)}, got ${describe(actual)}`);
}

function matchSpecial(
  op: string,
  arg: unknown,
  actual: unknown,
  ctx: MatchContext,
  root: boolean,
  path: string,
): void {
  switch (op) {
    case '$$exists':
      if ((actual !== undefined) !== arg) fail(`${path}: $$exists ${String(arg)} failed`);
      return;
    case '$$type': {
      const types = Array.isArray(arg) ? (arg as string[]) : [arg as string];
      for (const t of types) if (!TYPE_CHECKS[t]) throw new Error(`unknown $$type ${t}`);
      if (actual === undefined || !types.some((t) => TYPE_CHECKS[t](actual)))
        fail(`${path}: expected type ${types.join('|')}, got ${describe(actual)}`);
      return;
    }
    case '$$unsetOrMatches':
      if (actual !== undefined) match(arg, actual, ctx, root, path);
      return;
    case '$$matchesEntity':
      return match(ctx.entity(arg as string), actual, ctx, root, path);
    case '$$matchesHexBytes': {
      const hex = Buffer.from((actual as Binary)?.buffer ?? (actual as Uint8Array) ?? []).toString('hex');
      if (hex !== String(arg).toLowerCase()) fail(`${path}: expected bytes ${String(arg)}, got ${hex}`);
      return;
    }
    case '$$sessionLsid':
      return match(ctx.sessionLsid(arg as string), actual, ctx, false, path);
    case '$$lte': {
      const a = asNumber(actual);
      if (a === undefined || a > (asNumber(arg) ?? NaN))
        fail(`${path}: expected <= ${describe(arg)}, got ${describe(actual)}`);
      return;
    }
    case '$$matchAsDocument': {
      if (typeof actual !== 'string')
        fail(`${path}: $$matchAsDocument needs a string, got ${describe(actual)}`);
      return match(arg, BSON.EJSON.parse(actual, { relaxed: true }), ctx, false, path);
    }
    case '$$matchAsRoot':
      return match(arg, actual, ctx, true, path);
    default:
      throw new Error(`unsupported special operator ${op}`);
  }
}

/** Outcome data must match exactly (no extra keys anywhere, key order free): a nested match without `$$`. */
export function matchExactly(expected: unknown, actual: unknown, path = '$'): void {
  actual = normalize(actual);
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length)
      fail(`${path}: expected ${describe(expected)}, got ${describe(actual)}`);
    expected.forEach((e, i) => matchExactly(e, actual[i], `${path}[${i}]`));
  } else if (isPlainObject(expected)) {
    if (!isPlainObject(actual)) fail(`${path}: expected ${describe(expected)}, got ${describe(actual)}`);
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    for (const k of keys) {
      if (!(k in expected) || !(k in actual))
        fail(`${path}: expected ${describe(expected)}, got ${describe(actual)}`);
      matchExactly(expected[k], actual[k], `${path}.${k}`);
    }
  } else matchScalar(expected, actual, path);
}

export { describe };
