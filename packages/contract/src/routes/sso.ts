import { DeleteResult } from '../models/common.js';
import { SESSION_COOKIE, SignedIn } from '../models/dashboard-auth.js';
import { success } from '../models/envelope.js';
import {
  PutSsoBody,
  SSO_RECOVERY_CODE_LENGTH,
  SsoRecoveryBody,
  SsoRecoveryConfirmBody,
  SsoRecoveryRequested,
  SsoSettings,
} from '../models/sso.js';
import { meta } from './metadata.js';
import { BODY_ERRORS, c, errorResponses, OPEN_ERRORS, SESSION_ERRORS } from './shared.js';

/** Owners only: single sign-on decides who may join the account and how everyone signs in. */
const owners = meta({ auth: 'cookie', permission: 'owners.manage', refusesKeys: true });
const ERRORS = SESSION_ERRORS;

/**
 * The account's OpenID Connect single sign-on. The sign-in itself is a browser's round trip
 * outside the JSON API: `GET /v1/auth/sso/start?account=<id>` sends the browser to the provider,
 * whose answer comes back to `GET /v1/auth/sso/callback`, which signs the person in and opens the
 * dashboard (docs/self-hosting.md "Single sign-on"). With `enforce` on, an owner's way back in
 * is a one-time code by e-mail.
 */
export const ssoRouter = c.router({
  getSso: {
    method: 'GET',
    path: '/v1/me/sso',
    summary: "Read the account's single sign-on",
    responses: {
      200: success(SsoSettings, 'The settings'),
      ...errorResponses([...ERRORS, 404], { 404: 'Single sign-on is not set up' }),
    },
    metadata: owners,
  },
  putSso: {
    method: 'PUT',
    path: '/v1/me/sso',
    body: PutSsoBody,
    summary: 'Set up single sign-on',
    description:
      "The provider's discovery document is read at once: an issuer that does not answer, or names another issuer, is refused (400). Domains no longer allowed end the sessions of the members who signed in through the provider with an address there.",
    responses: {
      200: success(SsoSettings, 'The settings'),
      ...errorResponses([...ERRORS, ...BODY_ERRORS], {
        400: 'Invalid body, no client secret on a first set-up, or a provider that cannot be reached',
      }),
    },
    metadata: owners,
  },
  deleteSso: {
    method: 'DELETE',
    path: '/v1/me/sso',
    summary: 'Turn single sign-on off',
    description:
      "Members made by it keep their accounts but can sign in only after an owner's password reset for them.",
    responses: {
      200: success(DeleteResult, 'Turned off'),
      ...errorResponses([...ERRORS, ...BODY_ERRORS, 404], { 404: 'Single sign-on is not set up' }),
    },
    metadata: owners,
  },
  requestSsoRecovery: {
    method: 'POST',
    path: '/v1/auth/sso/recovery',
    body: SsoRecoveryBody,
    summary: 'Ask for a one-time sign-in code (owners, enforced single sign-on)',
    description: `E-mails a one-time code of ${SSO_RECOVERY_CODE_LENGTH} digits, valid 15 minutes, when the address is an owner of an account whose single sign-on is enforced; the answer is the same for every other address, and no mail goes. Limited per address and per client.`,
    responses: {
      200: success(SsoRecoveryRequested, 'Requested'),
      ...errorResponses([...OPEN_ERRORS, ...BODY_ERRORS]),
    },
    metadata: meta({ auth: 'public' }),
  },
  confirmSsoRecovery: {
    method: 'POST',
    path: '/v1/auth/sso/recovery/confirm',
    body: SsoRecoveryConfirmBody,
    summary: 'Sign in with an e-mailed code',
    description: `Spends the newest code of the address (five tries; tries count in the sign-in throttle too) and signs the owner in, setting the \`${SESSION_COOKIE}\` cookie as \`POST /v1/auth/login\` does. With two-factor on, \`twoFactorCode\` is needed as well (401 \`TWO_FACTOR_REQUIRED\`; the e-mailed code is kept until it is given).`,
    responses: {
      200: success(SignedIn, 'Signed in'),
      ...errorResponses([...OPEN_ERRORS, ...BODY_ERRORS, 401, 'TWO_FACTOR_REQUIRED'], {
        401: 'A wrong, used or expired code, no tries left (`UNAUTHORIZED`), or a second factor missing or wrong (`TWO_FACTOR_REQUIRED`)',
      }),
    },
    metadata: meta({ auth: 'public' }),
  },
});
