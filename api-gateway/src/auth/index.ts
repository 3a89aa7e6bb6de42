export { applyToken, readToken, requireToken, type TokenOptions } from './middleware';
export { checkBearer, type TokenCheck } from './tokens';
