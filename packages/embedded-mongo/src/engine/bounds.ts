import { ObjectId } from 'bson';
import { isPlainObject, type Doc } from '../query/document';
import { MAX_KEY, MIN_KEY } from './index';

/** A range of one field's values in BSON order. A point has lo === hi, both inclusive. */
export interface Interval {
  lo: unknown;
  hi: unknown;
  loInclusive: boolean;
  hiInclusive: boolean;
}

export interface FieldPredicate {
  points?: unknown[];
  range?: Interval;
}

const MAX_DATE = new Date(8.64e15);
const MIN_DATE = new Date(-8.64e15);
const MIN_OID = new ObjectId('000000000000000000000000');
const MAX_OID = new ObjectId('ffffffffffffffffffffffff');

/** MongoDB's type bracketing: `$gt: 5` only ever matches numbers, so the scan stops where numbers end. */
function typeBracket(value: unknown): Interval {
  if (typeof value === 'number') return { lo: -Infinity, hi: Infinity, loInclusive: true, hiInclusive: true };
  if (typeof value === 'string') return { lo: '', hi: {}, loInclusive: true, hiInclusive: false };
  if (value instanceof Date) return { lo: MIN_DATE, hi: MAX_DATE, loInclusive: true, hiInclusive: true };
  if (value instanceof ObjectId) return { lo: MIN_OID, hi: MAX_OID, loInclusive: true, hiInclusive: true };
  if (typeof value === 'boolean') return { lo: false, hi: true, loInclusive: true, hiInclusive: true };
  return { lo: MIN_KEY, hi: MAX_KEY, loInclusive: true, hiInclusive: true };
}

export function pointInterval(value: unknown): Interval {
  return { lo: value, hi: value, loInclusive: true, hiInclusive: true };
}

function regexInterval(source: string, flags: string): Interval {
  const anchored = /^\^([^.*+?^${}()|[\]\\]+)/.exec(source);
  if (anchored && !flags.includes('i') && !flags.includes('m')) {
    const prefix = anchored[1];
    const next = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
    return { lo: prefix, hi: next, loInclusive: true, hiInclusive: false };
  }
  return typeBracket('');
}

function isScalarPoint(value: unknown): boolean {
  return !Array.isArray(value) && !(value instanceof RegExp);
}

function tighten(
  current: Interval | undefined,
  next: Interval,
  compare: (a: unknown, b: unknown) => number,
): Interval {
  if (!current) return next;
  const out = { ...current };
  const lo = compare(next.lo, out.lo);
  if (lo > 0 || (lo === 0 && !next.loInclusive)) {
    out.lo = next.lo;
    out.loInclusive = next.loInclusive;
  }
  const hi = compare(next.hi, out.hi);
  if (hi < 0 || (hi === 0 && !next.hiInclusive)) {
    out.hi = next.hi;
    out.hiInclusive = next.hiInclusive;
  }
  return out;
}

/**
 * The per-field predicates of a filter that an index can bound: equality and `$in` give points; comparison
 * operators and prefix regexes give ranges. Everything else is left to the matcher that re-checks each document.
 */
export function extractPredicates(
  filter: Doc,
  compare: (a: unknown, b: unknown) => number,
): Map<string, FieldPredicate> {
  const out = new Map<string, FieldPredicate>();
  const addPoints = (field: string, points: unknown[]): void => {
    const entry = out.get(field) ?? {};
    entry.points = entry.points
      ? entry.points.filter((p) => points.some((q) => compare(p, q) === 0))
      : points;
    out.set(field, entry);
  };
  const addRange = (field: string, range: Interval): void => {
    const entry = out.get(field) ?? {};
    entry.range = tighten(entry.range, range, compare);
    out.set(field, entry);
  };
  const visit = (node: Doc): void => {
    for (const [field, value] of Object.entries(node)) {
      if (field === '$and' && Array.isArray(value)) {
        for (const clause of value) if (isPlainObject(clause)) visit(clause);
        continue;
      }
      if (field.startsWith('$')) continue;
      if (value instanceof RegExp) {
        addRange(field, regexInterval(value.source, value.flags));
        continue;
      }
      if (Array.isArray(value)) continue;
      const ops = isPlainObject(value) ? Object.keys(value) : [];
      if (!isPlainObject(value) || ops.length === 0 || !ops.every((op) => op.startsWith('$'))) {
        addPoints(field, [value]);
        continue;
      }
      for (const [op, arg] of Object.entries(value)) {
        if (op === '$eq' && isScalarPoint(arg)) addPoints(field, [arg]);
        else if (op === '$in' && Array.isArray(arg) && arg.every(isScalarPoint)) addPoints(field, arg);
        else if (op === '$gt' || op === '$gte') {
          const bracket = typeBracket(arg);
          addRange(field, {
            lo: arg,
            hi: bracket.hi,
            loInclusive: op === '$gte',
            hiInclusive: bracket.hiInclusive,
          });
        } else if (op === '$lt' || op === '$lte') {
          const bracket = typeBracket(arg);
          addRange(field, {
            lo: bracket.lo,
            hi: arg,
            loInclusive: bracket.loInclusive,
            hiInclusive: op === '$lte',
          });
        } else if (op === '$regex') {
          const source = arg instanceof RegExp ? arg.source : String(arg);
          const flags = (arg instanceof RegExp ? arg.flags : '') + String(value.$options ?? '');
          addRange(field, regexInterval(source, flags));
        }
      }
    }
  };
  visit(filter);
  return out;
}

/** A field's intervals in ascending order: its points (each within the range, if both exist) or its range. */
export function fieldIntervals(
  predicate: FieldPredicate,
  compare: (a: unknown, b: unknown) => number,
): Interval[] {
  if (predicate.points) {
    const inRange = (p: unknown): boolean => {
      const r = predicate.range;
      if (!r) return true;
      const lo = compare(p, r.lo);
      const hi = compare(p, r.hi);
      return (lo > 0 || (lo === 0 && r.loInclusive)) && (hi < 0 || (hi === 0 && r.hiInclusive));
    };
    const sorted = [...predicate.points].filter(inRange).sort(compare);
    const unique = sorted.filter((p, i) => i === 0 || compare(p, sorted[i - 1]) !== 0);
    return unique.map(pointInterval);
  }
  return predicate.range ? [predicate.range] : [];
}
