import { compareStrings } from './bson-order';
import { isPlainObject, type Doc } from './document';

/**
 * Since MongoDB 5.0, update operators process fields in name order (numeric names numerically), so the fields
 * an update creates are appended in that order whatever order the update listed them in. mingo appends them in
 * update order; this puts them where MongoDB would.
 */

type PathTree = Map<string, PathTree>;

/** The embedded documents an update descends into: every proper prefix of its paths. */
function prefixTree(paths: string[]): PathTree {
  const root: PathTree = new Map();
  for (const path of paths) {
    let node = root;
    for (const part of path.split('.').slice(0, -1)) {
      let child = node.get(part);
      if (!child) {
        child = new Map();
        node.set(part, child);
      }
      node = child;
    }
  }
  return root;
}

function compareFieldNames(a: string, b: string): number {
  const numeric = /^\d+$/;
  if (numeric.test(a) && numeric.test(b)) return Number(a) - Number(b);
  return compareStrings(a, b);
}

function reorder(before: unknown, after: Doc, tree: PathTree): Doc {
  const old = isPlainObject(before) ? before : {};
  const kept = Object.keys(old).filter((key) => key in after);
  const created = Object.keys(after)
    .filter((key) => !(key in old))
    .sort(compareFieldNames);
  const out: Doc = {};
  for (const key of [...kept, ...created]) {
    const value = after[key];
    const subtree = tree.get(key);
    // Only documents the update descended into are reordered; a value it set is stored as given.
    out[key] = subtree && isPlainObject(value) ? reorder(old[key], value, subtree) : value;
  }
  return out;
}

/** `after` with the fields that `paths` created (absent from `before`) in MongoDB's order. */
export function orderCreatedFields(before: Doc, after: Doc, paths: string[]): Doc {
  return reorder(before, after, prefixTree(paths));
}
