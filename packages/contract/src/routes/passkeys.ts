import { z } from 'zod';
import { SESSION_COOKIE, SignedIn } from '../models/dashboard-auth.js';
import { success } from '../models/envelope.js';
import {
  Passkey,
  PasskeyCeremony,
  PasskeyList,
  PasskeyRegistrationBody,
  PasskeyRemoveBody,
  PasskeyRemoved,
  PasskeySignInBody,
  PasskeySignInOptionsBody,
} from '../models/passkey.js';
import { meta } from './metadata.js';
import { BODY_ERRORS, c, errorResponses, OPEN_ERRORS, SESSION_ERRORS } from './shared.js';

/** The signed-in member's own passkeys: any role, the dashboard's cookie only. */
const own = meta({ auth: 'cookie', permission: 'account.read', refusesKeys: true });
/** A passkey satisfies the account's `require2fa`, so a member made to enrol may add one. */
const enrolment = meta({ ...own, duringEnrolment: true });
const ERRORS = SESSION_ERRORS;
const PasskeyIdParams = z.object({ passkeyId: z.string().min(1).max(64).describe('Passkey id') });
const rp =
  'The relying party is the host of the server’s public URL (`FORMLOOM_PUBLIC_URL`), and the origin checked is that URL’s.';

/**
 * Passkeys (WebAuthn): a member adds them on their security page; anyone signs in with one without
 * an e-mail (discoverable credentials). User verification is required, so a passkey counts as two
 * factors: it satisfies `require2fa` and signs in without a TOTP code.
 */
export const passkeyRoutes = c.router({
  listPasskeys: {
    method: 'GET',
    path: '/v1/auth/passkeys',
    summary: 'List my passkeys',
    responses: { 200: success(PasskeyList, 'The passkeys'), ...errorResponses(ERRORS) },
    metadata: enrolment,
  },
  passkeyRegistrationOptions: {
    method: 'POST',
    path: '/v1/auth/passkeys/registration/options',
    body: z.object({}).strict().optional(),
    summary: 'Start adding a passkey',
    description: `Options for \`navigator.credentials.create()\`: a resident key with user verification, the member's passkeys excluded. ${rp}`,
    responses: {
      200: success(PasskeyCeremony, 'The ceremony'),
      ...errorResponses([...ERRORS, ...BODY_ERRORS]),
    },
    metadata: enrolment,
  },
  registerPasskey: {
    method: 'POST',
    path: '/v1/auth/passkeys/registration/verify',
    body: PasskeyRegistrationBody,
    summary: 'Add a passkey',
    description:
      'Verifies the browser’s answer against its challenge (once, within five minutes) and keeps the credential under the name given.',
    responses: {
      200: success(Passkey, 'Passkey added'),
      ...errorResponses([...ERRORS, ...BODY_ERRORS, 409], {
        400: 'The answer does not verify, or its challenge is used, expired or unknown',
        409: 'This passkey is added already',
      }),
    },
    metadata: enrolment,
  },
  passkeySignInOptions: {
    method: 'POST',
    path: '/v1/auth/passkeys/authentication/options',
    body: PasskeySignInOptionsBody.optional(),
    summary: 'Start a passkey sign-in',
    description: `Options for \`navigator.credentials.get()\` with no credentials listed: the browser offers the passkeys it holds for this site. At most 30 a minute per client (429). ${rp}`,
    responses: {
      200: success(PasskeyCeremony, 'The ceremony'),
      ...errorResponses([...OPEN_ERRORS, ...BODY_ERRORS]),
    },
    metadata: meta({ auth: 'public' }),
  },
  signInWithPasskey: {
    method: 'POST',
    path: '/v1/auth/passkeys/authentication/verify',
    body: PasskeySignInBody,
    summary: 'Sign in with a passkey',
    description: `Verifies the assertion against its challenge (once, within five minutes) and the passkey's key and counter, then signs its member in, with or without two-factor on. Sets the \`${SESSION_COOKIE}\` cookie as \`POST /v1/auth/login\` does. The integrations login stays password (and code) only.`,
    responses: {
      200: success(SignedIn, 'Signed in'),
      ...errorResponses([...OPEN_ERRORS, ...BODY_ERRORS, 401, 403, 'SSO_REQUIRED', 'TWO_FACTOR_REQUIRED'], {
        401: 'Unknown passkey, a wrong signature, a used or expired challenge, or the passkey of another member than the one expected',
        403: 'The account signs members in through single sign-on only (`SSO_REQUIRED`)',
      }),
    },
    metadata: meta({ auth: 'public' }),
  },
  removePasskey: {
    method: 'DELETE',
    path: '/v1/auth/passkeys/:passkeyId',
    pathParams: PasskeyIdParams,
    body: PasskeyRemoveBody.optional(),
    summary: 'Remove a passkey',
    description:
      'Needs a current two-factor code, or a session signed in within the last ten minutes (sign in again, with the passkey or the password, to remove one later). Another member’s passkey is a 404.',
    responses: {
      200: success(PasskeyRemoved, 'Passkey removed'),
      ...errorResponses([...ERRORS, ...BODY_ERRORS, 404, 'TWO_FACTOR_REQUIRED'], {
        401: 'A current code or a recent sign-in needed (`TWO_FACTOR_REQUIRED`)',
        404: 'No such passkey of yours',
      }),
    },
    metadata: own,
  },
});
