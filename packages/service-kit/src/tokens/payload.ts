/** The `iss` every DevCircle token carries (auth signs with it; verifiers insist on it). */
export const TOKEN_ISSUER = 'devcircle';

/** What a DevCircle token says about its holder. */
export interface TokenPayload {
  userId: string;
  email: string;
  username: string;
  /** The account's token version when the token was issued (0 for tokens issued before versions existed). */
  tv: number;
}

/** The claims as signed: `tv` may be missing from tokens issued before token versions existed. */
type SignedClaims = Omit<TokenPayload, 'tv'> & { tv?: number };

export function isSignedClaims(value: unknown): value is SignedClaims {
  const payload = value as Partial<TokenPayload> | undefined;
  return (
    typeof payload === 'object' &&
    payload !== null &&
    typeof payload.userId === 'string' &&
    payload.userId.length > 0 &&
    typeof payload.email === 'string' &&
    typeof payload.username === 'string' &&
    (payload.tv === undefined || (typeof payload.tv === 'number' && Number.isInteger(payload.tv)))
  );
}
