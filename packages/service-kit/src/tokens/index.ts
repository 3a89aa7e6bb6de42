export { TOKEN_ISSUER, type TokenPayload } from './payload';
export { verifyToken, type TokenVerification } from './verify';
export { checkBearer, checkToken, type TokenCheck } from './check';
export {
  RevocationList,
  type RevocationListener,
  type RevocationSync,
  type TokenVersionStatus,
} from './revocation-list';
export { followRevocations, type RevocationFeed } from './revocation-feed';
