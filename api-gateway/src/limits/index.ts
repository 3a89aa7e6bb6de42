export { bodySizeLimit } from './body-size';
export { createRateLimits, RATE_LIMIT_COLLECTION, rateLimit, type RateLimits } from './rate-limit';
