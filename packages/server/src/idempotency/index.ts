export { IDEMPOTENCY_TTL_MS, idempotencyCutoff, idempotencyExpiry } from './expiry.js';
export { canonicalJson, fingerprint } from './fingerprint.js';
export { IDEMPOTENCY_STALE_MS, IDEMPOTENCY_WAIT_MS, idempotency } from './idempotency-middleware.js';
export {
  createIdempotencyPurge,
  createIdempotencyStore,
  type IdempotencyStore,
} from './idempotency-store.js';
