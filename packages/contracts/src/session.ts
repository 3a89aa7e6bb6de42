/**
 * The member the auth routes answer with (login, register, `GET /api/auth/me`): `id` and `_id` are both sent
 * because product-spec §3 lets a client read either.
 */
export interface AccountUser {
  id: string;
  _id: string;
  username: string;
  email: string;
  displayName: string;
  createdAt: string;
}

/** What signing in answers: the bearer token and the member. */
export interface SessionAnswer {
  token: string;
  user: AccountUser;
}
