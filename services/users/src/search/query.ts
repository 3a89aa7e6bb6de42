import type { ProfileQuery } from '../profiles/repository';
import { normalizeTerm } from '../profiles/keys';

/** Largest answer of a search. */
export const SEARCH_LIMIT = 50;
/** Longest search input accepted, in characters. */
export const SEARCH_MAX = 50;

export interface SearchInput {
  search?: string;
  skill?: string;
}

/**
 * The search the service runs, newest first: `search` is one equality on the multikey `searchKeys` (a prefix of
 * the username, the display name or a word of it), `skill` one on `skillKeys`; both: both must match; neither:
 * the newest. The input is normalised, never turned into a pattern, so every character is literal.
 */
export function searchQuery(input: SearchInput): ProfileQuery {
  const search = normalizeTerm(input.search ?? '');
  const skill = normalizeTerm(input.skill ?? '');
  return {
    filter: { ...(search ? { searchKeys: search } : {}), ...(skill ? { skillKeys: skill } : {}) },
    sort: { createdAt: -1 },
  };
}
