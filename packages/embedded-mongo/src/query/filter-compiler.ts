import { ObjectId } from 'bson';
import { isPlainObject, type Doc } from './document';
import { all, any, not, type Decision } from './three-valued';

/** What both sides may be: the values compared here exactly as MongoDB compares them. */
export type Scalar = null | string | number | boolean | ObjectId | Date;

export function isScalar(value: unknown): value is Scalar {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return !Number.isNaN(value);
    case 'object':
      return value === null || value instanceof ObjectId || (value instanceof Date && !Number.isNaN(+value));
    default:
      return false;
  }
}

export const RANGES: Record<string, (c: number) => boolean> = {
  $lt: (c) => c < 0,
  $lte: (c) => c <= 0,
  $gt: (c) => c > 0,
  $gte: (c) => c >= 0,
};

/**
 * How one kind of compiled filter reads a field and decides the leaves of a filter on an input of type `T`: the
 * fast filter on decoded documents (fast-filter.ts), the filter on stored bytes (engine/stored-filter.ts). The
 * query language around the leaves (which operators, which operands, `$and`, `$or`, `$nor`) is `compileFilter`'s.
 */
export interface FilterLeaves<T, F> {
  /** The field as this kind reads it, or undefined when it cannot: the filter is then not compiled. */
  field(name: string): F | undefined;
  /** `{field: {$in: operands}}`; `$eq` is the one-operand case, `$ne` and `$nin` are negated. */
  in(field: F, operands: Scalar[]): Decision<T>;
  /** `$lt`, `$lte`, `$gt`, `$gte` against a scalar; null and booleans have edge cases left to the full matcher. */
  range(field: F, op: string, operand: Exclude<Scalar, null | boolean>): Decision<T>;
  exists(field: F, wanted: boolean): Decision<T>;
}

/**
 * The filter's commonest forms (equality, `$ne`, `$in`, `$nin`, ranges, `$exists` against plain scalars, `$and`,
 * `$or`, `$nor`) compiled with `leaves`, or undefined when the filter uses anything else (the full matcher runs it).
 */
export function compileFilter<T, F>(filter: Doc, leaves: FilterLeaves<T, F>): Decision<T> | undefined {
  const operator = (field: F, op: string, operand: unknown): Decision<T> | undefined => {
    if (op === '$eq' || op === '$ne') {
      if (!isScalar(operand)) return undefined;
      const clause = leaves.in(field, [operand]);
      return op === '$eq' ? clause : not(clause);
    }
    if (op === '$in' || op === '$nin') {
      if (!Array.isArray(operand) || !operand.every(isScalar)) return undefined;
      const clause = leaves.in(field, operand as Scalar[]);
      return op === '$in' ? clause : not(clause);
    }
    if (op in RANGES) {
      if (!isScalar(operand) || operand === null || typeof operand === 'boolean') return undefined;
      return leaves.range(field, op, operand);
    }
    if (op === '$exists') return typeof operand === 'boolean' ? leaves.exists(field, operand) : undefined;
    return undefined;
  };

  const fieldClause = (name: string, condition: unknown): Decision<T> | undefined => {
    const field = leaves.field(name);
    if (field === undefined) return undefined;
    if (!isPlainObject(condition)) return isScalar(condition) ? operator(field, '$eq', condition) : undefined;
    const ops = Object.entries(condition);
    if (ops.length === 0 || !ops.every(([op]) => op.startsWith('$'))) return undefined;
    const clauses: Decision<T>[] = [];
    for (const [op, operand] of ops) {
      const clause = operator(field, op, operand);
      if (!clause) return undefined;
      clauses.push(clause);
    }
    return all(clauses);
  };

  const logical = (key: string, value: unknown): Decision<T> | undefined => {
    if (!Array.isArray(value) || value.length === 0) return undefined;
    const subs: Decision<T>[] = [];
    for (const sub of value) {
      const clause = isPlainObject(sub) ? compile(sub) : undefined;
      if (!clause) return undefined;
      subs.push(clause);
    }
    if (key === '$and') return all(subs);
    return key === '$or' ? any(subs) : not(any(subs));
  };

  const compile = (doc: Doc): Decision<T> | undefined => {
    const clauses: Decision<T>[] = [];
    for (const [key, value] of Object.entries(doc)) {
      const clause =
        key === '$and' || key === '$or' || key === '$nor' ? logical(key, value) : fieldClause(key, value);
      if (!clause) return undefined;
      clauses.push(clause);
    }
    return clauses.length === 0 ? () => true : all(clauses);
  };

  return compile(filter);
}
