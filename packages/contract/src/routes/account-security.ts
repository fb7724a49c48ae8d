import { z } from 'zod';
import {
  AccountSecurity,
  ChangePasswordBody,
  DashboardSessionList,
  PasswordChanged,
  PasswordReset,
  PasswordResetBody,
  PasswordResetConfirmBody,
  PasswordResetRequested,
  RecoveryCodes,
  SessionEnded,
  TwoFactorCodeBody,
  TwoFactorDisabled,
  TwoFactorSetup,
  TwoFactorStatus,
} from '../models/account-security.js';
import { success } from '../models/envelope.js';
import { meta } from './metadata.js';
import { passkeyRoutes } from './passkeys.js';
import { BODY_ERRORS, c, errorResponses, OPEN_ERRORS, SESSION_ERRORS } from './shared.js';

/** The signed-in member's own sign-in: any role, the dashboard's cookie only. */
const own = meta({ auth: 'cookie', permission: 'account.read', refusesKeys: true });
/** What a member the account makes enrol may still do: set two-factor up. */
const enrolment = meta({ ...own, duringEnrolment: true });
const ERRORS = SESSION_ERRORS;
const wrongCode = 'Wrong or already used code (`TWO_FACTOR_REQUIRED`)';
const SessionIdParams = z.object({ sessionId: z.string().min(1).max(64).describe('Session id') });

/** Two-factor, passkeys, sessions and passwords of the signed-in member; password reset for anyone. */
export const accountSecurityRouter = c.router({
  getTwoFactor: {
    method: 'GET',
    path: '/v1/auth/2fa',
    summary: 'Two-factor status',
    responses: { 200: success(TwoFactorStatus, 'Two-factor status'), ...errorResponses(ERRORS) },
    metadata: enrolment,
  },
  setupTwoFactor: {
    method: 'POST',
    path: '/v1/auth/2fa/setup',
    body: z.object({}).strict().optional(),
    summary: 'Start two-factor set-up',
    description:
      'A new TOTP secret (SHA-1, six digits, 30 seconds) for an authenticator app, as an `otpauth://` URI, its QR code and the secret itself. Nothing changes at sign-in until it is confirmed; a new set-up replaces an unconfirmed one. 409 when two-factor is on already.',
    responses: {
      200: success(TwoFactorSetup, 'The secret to add to the app'),
      ...errorResponses([...ERRORS, ...BODY_ERRORS, 409], { 409: 'Two-factor is on already' }),
    },
    metadata: enrolment,
  },
  confirmTwoFactor: {
    method: 'POST',
    path: '/v1/auth/2fa/confirm',
    body: TwoFactorCodeBody,
    summary: 'Turn two-factor on',
    description:
      "Checks a code of the app against the set-up's secret and turns two-factor on: sign-in asks for a code from now on. Answers ten recovery codes, shown this once (stored hashed).",
    responses: {
      200: success(RecoveryCodes, 'Two-factor on'),
      ...errorResponses([...ERRORS, ...BODY_ERRORS, 409, 'TWO_FACTOR_REQUIRED'], {
        401: wrongCode,
        409: 'No set-up started, or two-factor is on',
      }),
    },
    metadata: enrolment,
  },
  disableTwoFactor: {
    method: 'DELETE',
    path: '/v1/auth/2fa',
    body: TwoFactorCodeBody,
    summary: 'Turn two-factor off',
    description: 'Needs a current code (or a recovery code); the recovery codes are deleted too.',
    responses: {
      200: success(TwoFactorDisabled, 'Two-factor off'),
      ...errorResponses([...ERRORS, ...BODY_ERRORS, 409, 'TWO_FACTOR_REQUIRED'], {
        401: wrongCode,
        409: 'Two-factor is off',
      }),
    },
    metadata: own,
  },
  renewRecoveryCodes: {
    method: 'POST',
    path: '/v1/auth/2fa/recovery-codes',
    body: TwoFactorCodeBody,
    summary: 'New recovery codes',
    description: 'Needs a current code; the ten new codes replace every old one, used or not.',
    responses: {
      200: success(RecoveryCodes, 'The new codes'),
      ...errorResponses([...ERRORS, ...BODY_ERRORS, 409, 'TWO_FACTOR_REQUIRED'], {
        401: wrongCode,
        409: 'Two-factor is off',
      }),
    },
    metadata: own,
  },
  listSessions: {
    method: 'GET',
    path: '/v1/auth/sessions',
    summary: 'List my sessions',
    description: "The signed-in member's live dashboard sessions: device, address and last use.",
    responses: { 200: success(DashboardSessionList, 'The sessions'), ...errorResponses(ERRORS) },
    metadata: own,
  },
  endSession: {
    method: 'DELETE',
    path: '/v1/auth/sessions/:sessionId',
    pathParams: SessionIdParams,
    summary: 'Sign a session out',
    description: "Ends one of the member's own sessions (another member's is a 404).",
    responses: {
      200: success(SessionEnded, 'Ended'),
      ...errorResponses([...ERRORS, ...BODY_ERRORS, 404], { 404: 'No such session of yours' }),
    },
    metadata: own,
  },
  changePassword: {
    method: 'POST',
    path: '/v1/auth/password',
    body: ChangePasswordBody,
    summary: 'Change my password',
    description:
      'Needs the current password (tries count in the sign-in throttle); every other session of the member ends, this one goes on.',
    responses: {
      200: success(PasswordChanged, 'Changed'),
      ...errorResponses([...ERRORS, ...BODY_ERRORS], { 400: 'Wrong current password, or a weak new one' }),
    },
    metadata: own,
  },
  requestPasswordReset: {
    method: 'POST',
    path: '/v1/auth/password-reset',
    body: PasswordResetBody,
    summary: 'Ask for a password reset link',
    description:
      'E-mails a one-time link (valid 30 minutes) to the address when it has an account; the answer is the same when it has none. Limited per address and per client.',
    responses: {
      200: success(PasswordResetRequested, 'Requested'),
      ...errorResponses([...OPEN_ERRORS, ...BODY_ERRORS]),
    },
    metadata: meta({ auth: 'public' }),
  },
  confirmPasswordReset: {
    method: 'POST',
    path: '/v1/auth/password-reset/confirm',
    body: PasswordResetConfirmBody,
    summary: 'Set a new password with a reset link',
    description: "Spends the link's token (once) and ends every session of the member.",
    responses: {
      200: success(PasswordReset, 'Password set'),
      ...errorResponses([...OPEN_ERRORS, ...BODY_ERRORS, 401], { 401: 'Used, expired or unknown link' }),
    },
    metadata: meta({ auth: 'public' }),
  },
  updateAccountSecurity: {
    method: 'PUT',
    path: '/v1/me/security',
    body: AccountSecurity,
    summary: "Set the account's sign-in rules",
    description:
      'An owner only. `require2fa`: members without two-factor are refused everywhere (403 `TWO_FACTOR_ENROLMENT_REQUIRED`) but the two-factor set-up, `GET /v1/auth/me` and sign-out until they turn it on.',
    responses: { 200: success(AccountSecurity, 'The rules'), ...errorResponses([...ERRORS, ...BODY_ERRORS]) },
    metadata: meta({ auth: 'cookie', permission: 'owners.manage', refusesKeys: true }),
  },
  ...passkeyRoutes,
});
