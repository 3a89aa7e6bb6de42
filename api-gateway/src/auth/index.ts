export { applyToken, readToken, requireToken, type TokenOptions } from './middleware';
export { RevocationList, startRevocationPoller, type RevocationPoller } from './revocations';
export { checkBearer, TOKEN_ISSUER, type TokenCheck, type TokenPayload } from './tokens';
