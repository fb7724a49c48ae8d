import { DeleteResult } from '../models/common.js';
import { success } from '../models/envelope.js';
import { PutSsoBody, SsoSettings } from '../models/sso.js';
import { meta } from './metadata.js';
import { c, errorResponses, PUBLIC_ERRORS } from './shared.js';

/** Owners only: single sign-on decides who may join the account and how everyone signs in. */
const owners = meta({ auth: 'cookie', permission: 'owners.manage', refusesKeys: true });
const ERRORS = [...PUBLIC_ERRORS, 401, 403] as const;

/**
 * The account's OpenID Connect single sign-on. The sign-in itself is a browser's round trip
 * outside the JSON API: `GET /v1/auth/sso/start?account=<id>` sends the browser to the provider,
 * whose answer comes back to `GET /v1/auth/sso/callback`, which signs the person in and opens the
 * dashboard (docs/self-hosting.md "Single sign-on").
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
      ...errorResponses(ERRORS, {
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
      ...errorResponses([...ERRORS, 404], { 404: 'Single sign-on is not set up' }),
    },
    metadata: owners,
  },
});
