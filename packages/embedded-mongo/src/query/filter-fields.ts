import { isPlainObject } from './document';

const LOGICAL_OPERATORS = new Set(['$and', '$or', '$nor']);

/**
 * The top-level fields a filter reads, so a scan decodes only those of each stored document it tests (a post's
 * `authorId` and `authorPrivate`, not its content); undefined when it may read anything (`$expr`, `$where`, …).
 * An empty set: the filter matches without reading (`{}`).
 */
export function filterFields(filter: unknown): Set<string> | undefined {
  const fields = new Set<string>();
  const walk = (node: unknown): boolean => {
    if (!isPlainObject(node)) return false;
    for (const [key, value] of Object.entries(node)) {
      if (LOGICAL_OPERATORS.has(key)) {
        if (!Array.isArray(value) || !value.every(walk)) return false;
      } else if (key === '$comment') continue;
      else if (key.startsWith('$')) return false;
      else fields.add(key.split('.')[0]);
    }
    return true;
  };
  return walk(filter) ? fields : undefined;
}
