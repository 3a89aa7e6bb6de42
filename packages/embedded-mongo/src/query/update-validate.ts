import { ObjectId } from 'bson';
import { badValue, MongoCommandError } from '../errors';
import { formatValue } from '../engine/key-format';
import { valuesEqual } from './bson-order';
import { getPath, isPlainObject, type Doc } from './document';

const OPERATORS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$rename',
  '$push',
  '$addToSet',
  '$pull',
  '$pullAll',
  '$pop',
  '$currentDate',
  '$bit',
  '$setOnInsert',
]);
const NUMERIC_OPERATORS = new Set(['$inc', '$mul']);
const ARRAY_OPERATORS = new Set(['$push', '$addToSet', '$pull', '$pullAll', '$pop']);
/** Operators that create the fields they name (the others only change or remove existing ones). */
const CREATING_OPERATORS = new Set([
  '$set',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$push',
  '$addToSet',
  '$currentDate',
  '$bit',
]);

export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value instanceof Date) return 'date';
  if (value instanceof ObjectId) return 'objectId';
  if (typeof value === 'object') return 'object';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'double';
  if (typeof value === 'boolean') return 'bool';
  return typeof value;
}

function idText(doc: Doc): string {
  return formatValue(doc._id);
}

/** Paths with a positional element (`$`, `$[]`, `$[id]`) are resolved by mingo per array element. */
export function isPositionalPath(path: string): boolean {
  return path.split('.').some((part) => part.startsWith('$'));
}

/** Checks an operator update's shape before touching anything: operators, arguments, conflicting paths. */
export function validateOperatorUpdate(update: Doc): void {
  const paths: string[] = [];
  for (const [op, fields] of Object.entries(update)) {
    if (!OPERATORS.has(op)) {
      throw new MongoCommandError(
        'FailedToParse',
        `Unknown modifier: ${op}. Expected a valid update modifier or pipeline-style update specified as an array`,
      );
    }
    if (!isPlainObject(fields)) {
      throw new MongoCommandError(
        'FailedToParse',
        `Modifiers operate on fields but we found type ${typeName(fields)} instead. For example: {$mod: {<field>: ...}} not {${op}: ${formatValue(fields)}}`,
      );
    }
    for (const [path, arg] of Object.entries(fields)) {
      if (path === '' || path.split('.').some((part) => part === '')) {
        throw new MongoCommandError(
          'BadValue',
          `The update path '${path}' contains an empty field name, which is not allowed.`,
        );
      }
      if (NUMERIC_OPERATORS.has(op) && typeof arg !== 'number') {
        const verb = op === '$inc' ? 'increment' : 'multiply';
        throw new MongoCommandError(
          'TypeMismatch',
          `Cannot ${verb} with non-numeric argument: {${path}: ${formatValue(arg)}}`,
        );
      }
      paths.push(path);
      if (op === '$rename') {
        if (typeof arg !== 'string') {
          throw badValue(`The 'to' field for $rename must be a string: ${path}: ${formatValue(arg)}`);
        }
        paths.push(arg);
      }
    }
  }
  const normalized = paths.map((p) => p.replace(/\.\$(\[[^\]]*\])?/g, ''));
  for (let i = 0; i < normalized.length; i++) {
    for (let j = i + 1; j < normalized.length; j++) {
      const [a, b] = [normalized[i], normalized[j]];
      if (a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`)) {
        const shorter = a.length <= b.length ? a : b;
        throw new MongoCommandError(
          'ConflictingUpdateOperators',
          `Updating the path '${paths[j]}' would create a conflict at '${shorter}'`,
        );
      }
    }
  }
}

/**
 * A field can only be created inside an embedded document (or at an index of an array): MongoDB refuses to
 * create `a.b` when `a` is a scalar, null, or an array (with a non-numeric `b`).
 */
function checkPathViable(doc: Doc, path: string): void {
  const parts = path.split('.');
  let container: unknown = doc;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    let next: unknown;
    if (isPlainObject(container)) next = container[part];
    else if (Array.isArray(container) && /^\d+$/.test(part)) next = container[Number(part)];
    else {
      throw new MongoCommandError(
        'PathNotViable',
        `Cannot create field '${part}' in element {${parts[i - 1]}: ${formatValue(container)}}`,
      );
    }
    if (next === undefined) return;
    container = next;
  }
}

/** What mingo would silently skip, MongoDB reports: arithmetic on non-numbers, array operators on non-arrays. */
export function validateTargets(doc: Doc, update: Doc): void {
  for (const [op, fields] of Object.entries(update)) {
    for (const [path, arg] of Object.entries(fields as Doc)) {
      if (isPositionalPath(path)) continue;
      if (CREATING_OPERATORS.has(op)) checkPathViable(doc, path);
      if (op === '$rename' && typeof arg === 'string' && getPath(doc, path) !== undefined)
        checkPathViable(doc, arg);
      const current = getPath(doc, path);
      if (current === undefined) continue;
      if (NUMERIC_OPERATORS.has(op) && typeof current !== 'number') {
        throw new MongoCommandError(
          'TypeMismatch',
          `Cannot apply ${op} to a value of non-numeric type. {_id: ${idText(doc)}} has the field '${path.split('.').pop()}' of non-numeric type ${typeName(current)}`,
        );
      }
      if (ARRAY_OPERATORS.has(op) && !Array.isArray(current)) {
        throw new MongoCommandError(
          'BadValue',
          `The field '${path}' must be an array but is of type ${typeName(current)} in document {_id: ${idText(doc)}}`,
        );
      }
    }
  }
}

/** `_id` may be "set" only to the value it already has (or anything, on the insert half of an upsert). */
export function validateIdPaths(doc: Doc, update: Doc, upsertInsert: boolean): void {
  if (upsertInsert) return;
  for (const [op, fields] of Object.entries(update)) {
    for (const [path, arg] of Object.entries(fields as Doc)) {
      const target = op === '$rename' && typeof arg === 'string' ? [path, arg] : [path];
      for (const p of target) {
        if (p !== '_id' && !p.startsWith('_id.')) continue;
        const unchanged = op === '$set' && p === '_id' && valuesEqual(arg, doc._id);
        if (!unchanged) {
          throw new MongoCommandError(
            'ImmutableField',
            `Performing an update on the path '_id' would modify the immutable field '_id'`,
          );
        }
      }
    }
  }
}
