import type { PublicUser, RestrictedUser } from '@devcircle/contracts';
import type { ResultCard } from './resultCards';

/**
 * A developer as the search lists them (the contract's ProfileUser), read without narrowing: a private profile
 * the viewer may not see comes restricted, without bio and skills.
 */
export type ExploreUser = RestrictedUser & Partial<Pick<PublicUser, 'bio' | 'skills'>>;

/** What a search asks for: each part is sent only when non-empty. */
export interface UserQuery {
  /** Trimmed; a case-insensitive prefix of the username, the display name or a word of it. */
  search: string;
  /** A case-insensitive exact skill. */
  skill: string;
}

/** What the area under the filters shows. */
export type ExploreView =
  | { kind: 'loading' }
  | { kind: 'error' }
  /** `Card`: the result card, whose code loads with the first filter. */
  | { kind: 'results'; users: ExploreUser[]; Card: ResultCard }
  | { kind: 'no-results' }
  | { kind: 'no-filter' }
  | { kind: 'nobody-yet' };
