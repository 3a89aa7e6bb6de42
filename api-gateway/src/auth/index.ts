export { ACCEPTED_TOKENS_MAX, AcceptedTokens } from './accepted-tokens';
export { readToken, requireToken, type TokenOptions } from './middleware';
