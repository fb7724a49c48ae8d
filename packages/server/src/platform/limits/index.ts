/** The limits feature: the one keyed limiter and the plan windows. */
export { createLimiter, type LimitAnswer, type LimitPart, rateLimitInfo } from './limiter.js';
export { rateLimit, writeHeadersOnForbidden } from './rate-limit-middleware.js';
export { createRateLimiter, planKey, type RateLimiter, type Usage } from './rate-limiter.js';
export { type WindowKind, windowOf } from './windows.js';
