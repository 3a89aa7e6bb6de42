/** A developer as the users service lists them (services/users/README.md "public user"); the fields explore shows. */
export interface ExploreUser {
  _id: string;
  id: string;
  username: string;
  displayName: string;
  bio?: string;
  skills?: string[];
  createdAt: string;
  /** A private profile the viewer may not see answers without bio and skills. */
  isPrivate?: boolean;
}

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
  | { kind: 'results'; users: ExploreUser[] }
  | { kind: 'no-results' }
  | { kind: 'no-filter' }
  | { kind: 'nobody-yet' };
