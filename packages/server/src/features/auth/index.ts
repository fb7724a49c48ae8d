/** The auth feature: API keys (format, service) and the middleware that enforces each route's metadata. */

export { API_KEY_PREFIX, hashSecret, maskApiKey, parseApiKey, secretMatches } from './api-key.js';
export { createApiKeysRouter } from './api-keys-router.js';
export {
  assertAuthKindsHandled,
  authenticate,
  type CookieSessionVerifier,
  type CredentialVerifiers,
  fixedCaller,
  type InterviewTokenVerifier,
  type SessionVerifier,
} from './auth-middleware.js';
export {
  type ApiKeyInfo,
  type CreatedKey,
  createKeysService,
  DEFAULT_ROTATION_GRACE_MS,
  KeyError,
  type KeyStatus,
  type KeysService,
  MAX_ROTATION_GRACE_MS,
} from './keys-service.js';
export { assertPermissionsNamed } from './route-permissions.js';
