import { ObjectId } from 'bson';

export type Doc = Record<string, unknown>;

export function isPlainObject(value: unknown): value is Doc {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Deep copy of plain objects and arrays; BSON value classes are immutable and stay shared. */
export function cloneDoc<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneDoc) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (!isPlainObject(value)) return value;
  const out: Doc = {};
  for (const key of Object.keys(value)) out[key] = cloneDoc(value[key]);
  return out as T;
}

/** MongoDB stores `_id` first; a document without one gets a fresh ObjectId. */
export function withIdFirst(doc: Doc): Doc {
  const id = '_id' in doc ? doc._id : new ObjectId();
  const keys = Object.keys(doc);
  if (keys[0] === '_id') return doc;
  const out: Doc = { _id: id };
  for (const key of keys) if (key !== '_id') out[key] = doc[key];
  return out;
}

/**
 * Every value a dotted path reaches, descending through arrays the way MongoDB's index keys and sort keys do.
 * `expandLeaf` spreads a final array into its elements (an empty array yields `undefined`).
 */
export function pathValues(doc: unknown, path: string, expandLeaf = true): unknown[] {
  const out: unknown[] = [];
  collect(doc, path.split('.'), 0, expandLeaf, out);
  return out;
}

function collect(value: unknown, parts: string[], i: number, expandLeaf: boolean, out: unknown[]): void {
  if (i === parts.length) {
    if (expandLeaf && Array.isArray(value)) {
      if (value.length === 0) out.push(undefined);
      else for (const v of value) out.push(v);
    } else out.push(value);
    return;
  }
  if (Array.isArray(value)) {
    const index = /^\d+$/.test(parts[i]) ? Number(parts[i]) : -1;
    if (index >= 0) {
      collect(value[index], parts, i + 1, expandLeaf, out);
      return;
    }
    let any = false;
    for (const element of value) {
      if (isPlainObject(element)) {
        collect(element, parts, i, expandLeaf, out);
        any = true;
      }
    }
    if (!any) out.push(undefined);
    return;
  }
  if (isPlainObject(value)) {
    collect(value[parts[i]], parts, i + 1, expandLeaf, out);
    return;
  }
  out.push(undefined);
}

/** The single value at a path (no array traversal), or undefined. */
export function getPath(doc: unknown, path: string): unknown {
  let value: unknown = doc;
  for (const part of path.split('.')) {
    if (isPlainObject(value)) value = value[part];
    else if (Array.isArray(value) && /^\d+$/.test(part)) value = value[Number(part)];
    else return undefined;
  }
  return value;
}

/** Sets a dotted path, creating plain objects on the way (used to build upserted documents). */
export function setPath(doc: Doc, path: string, value: unknown): void {
  const parts = path.split('.');
  let target: Doc = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    const next = target[parts[i]];
    if (!isPlainObject(next)) target[parts[i]] = {};
    target = target[parts[i]] as Doc;
  }
  target[parts[parts.length - 1]] = value;
}
