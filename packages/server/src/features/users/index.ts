/** The users feature: people who sign in, their passwords, sessions and sign-in throttling. */

export { createAccountSecurityRouter } from './account-security-router.js';
export { type CookieSessions, createCookieSessions, DASHBOARD_SESSION_TTL_MS } from './cookie-sessions.js';
export {
  createDashboardAuthRouter,
  createSessionSignIn,
  type SessionSignIn,
} from './dashboard-auth-router.js';
export {
  createLoginThrottle,
  DEFAULT_LOGIN_LIMITS,
  type LoginLimits,
  type LoginThrottle,
} from './login-throttle.js';
export { createMembersRouter } from './members-router.js';
export { createMembersService, LastOwnerError, type MembersService } from './members-service.js';
export { createPasskeys, type Passkeys } from './passkeys-service.js';
export { SCRYPT_PARAMS, UserError } from './password.js';
export { createPasswordResets, PASSWORD_RESET_TTL_MS, type PasswordResets } from './password-resets.js';
export { createSessionTokens, SESSION_TTL_SECONDS } from './session-token.js';
export { createSessionCheck, type SessionCheck, sessionVerifier } from './session-verifier.js';
export { createSetupTokens, SETUP_TOKEN_TTL_MS, type SetupTokens } from './setup-tokens.js';
export { createTwoFactor, type TwoFactor } from './two-factor-service.js';
export {
  createCredentialCheck,
  createLogin,
  createUsersService,
  type Login,
  type User,
  type UsersService,
} from './users-service.js';
