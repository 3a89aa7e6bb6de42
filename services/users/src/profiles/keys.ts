/**
 * Search keys. A search is one equality on a multikey index, never a regular expression: the input is only
 * lowercased, trimmed and its inner whitespace collapsed, so `.*`, `(` or `[a-z]` are characters like any other.
 */

/** Longest key, in characters: the longest search input and the longest display name. */
export const MAX_KEY_LENGTH = 50;

const WHITESPACE = /\s+/g;

/** Lowercased, trimmed, inner whitespace collapsed to one space: how keys and search input are compared. */
export function normalizeTerm(value: string): string {
  return value.trim().replace(WHITESPACE, ' ').toLowerCase();
}

/** Every prefix of `value` of 1 to MAX_KEY_LENGTH characters (code points, so no half surrogate pair). */
function prefixes(value: string): string[] {
  const chars = Array.from(value).slice(0, MAX_KEY_LENGTH);
  const found: string[] = [];
  for (let length = 1; length <= chars.length; length++) found.push(chars.slice(0, length).join(''));
  return found;
}

/** The username, the display name and each of its words, lowercased, with all their prefixes. */
export function searchKeysOf(username: string, displayName: string): string[] {
  const name = normalizeTerm(displayName);
  const bases = [normalizeTerm(username), name, ...name.split(' ')].filter((base) => base !== '');
  return [...new Set(bases.flatMap(prefixes))];
}

/** Each skill lowercased (trimmed and whitespace-collapsed like search input). */
export function skillKeysOf(skills: string[]): string[] {
  return [...new Set(skills.map(normalizeTerm).filter((skill) => skill !== ''))];
}
