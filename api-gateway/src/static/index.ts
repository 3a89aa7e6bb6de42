export { cacheControlFor, IMMUTABLE, isHashed, NO_CACHE } from './cache';
export { staticFiles } from './files';
export { remotesManifest } from './remotes';
