import type { UpdateDescription } from '../engine/journal-entry';
import { compareValues } from '../query/bson-order';
import { isPlainObject, type Doc } from '../query/document';

const same = (a: unknown, b: unknown): boolean =>
  compareValues(a, b) === 0 && typeOfValue(a) === typeOfValue(b);

function typeOfValue(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (isPlainObject(value)) return 'object';
  return typeof value;
}

function diffArrays(path: string, before: unknown[], after: unknown[], out: UpdateDescription): void {
  const common = Math.min(before.length, after.length);
  const changed: number[] = [];
  for (let i = 0; i < common; i++) if (!same(before[i], after[i])) changed.push(i);
  if (after.length < before.length) out.truncatedArrays.push({ field: path, newSize: after.length });
  for (const i of changed) {
    const b = before[i];
    const a = after[i];
    if (isPlainObject(b) && isPlainObject(a)) diffObjects(`${path}.${i}`, b, a, out);
    else out.updatedFields[`${path}.${i}`] = a;
  }
  for (let i = common; i < after.length; i++) out.updatedFields[`${path}.${i}`] = after[i];
}

function diffObjects(prefix: string, before: Doc, after: Doc, out: UpdateDescription): void {
  for (const key of Object.keys(before)) {
    if (!(key in after)) out.removedFields.push(prefix ? `${prefix}.${key}` : key);
  }
  for (const key of Object.keys(after)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const b = before[key];
    const a = after[key];
    if (!(key in before)) out.updatedFields[path] = a;
    else if (isPlainObject(b) && isPlainObject(a)) diffObjects(path, b, a, out);
    else if (Array.isArray(b) && Array.isArray(a)) diffArrays(path, b, a, out);
    else if (!same(b, a)) out.updatedFields[path] = a;
  }
}

/** What an update changed in a document: the fields set (dotted paths), removed, and arrays cut short. */
export function describeUpdate(before: Doc, after: Doc): UpdateDescription {
  const out: UpdateDescription = { updatedFields: {}, removedFields: [], truncatedArrays: [] };
  diffObjects('', before, after, out);
  return out;
}
