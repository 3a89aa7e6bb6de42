export { readToken, requireToken, type TokenOptions } from './middleware';
