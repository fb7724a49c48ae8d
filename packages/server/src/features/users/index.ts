/** The users feature: people who sign in, their passwords, sessions and sign-in throttling. */
export type { LoginLimits } from './login-throttle.js';
export { SCRYPT_PARAMS, UserError } from './password.js';
export { createSessionTokens, deriveKey, SESSION_TTL_SECONDS } from './session-token.js';
export { createSessionCheck, type SessionCheck, sessionVerifier } from './session-verifier.js';
export {
  createLogin,
  createUsersService,
  type Login,
  type User,
  type UsersService,
} from './users-service.js';
