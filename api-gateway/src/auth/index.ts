export { ACCEPTED_TOKENS_MAX, AcceptedTokens } from './accepted-tokens';
export { readToken, rememberedToken, requireToken, type TokenOptions } from './middleware';
