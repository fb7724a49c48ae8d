import { z } from 'zod';
import {
  DashboardLoginBody,
  SESSION_COOKIE,
  SetupBody,
  SignedIn,
  SignedOut,
} from '../models/dashboard-auth.js';
import { success } from '../models/envelope.js';
import { AcceptInvitationBody } from '../models/member.js';
import { meta } from './metadata.js';
import { BODY_ERRORS, c, errorResponses, OPEN_ERRORS } from './shared.js';

const cookieNote = `Sets the \`${SESSION_COOKIE}\` cookie (HttpOnly, SameSite=Lax, Path=/, Secure on an https origin).`;

/** The dashboard's sign-in: a session in an HttpOnly cookie, taken by every API-key route too. */
export const dashboardAuthRouter = c.router({
  signIn: {
    method: 'POST',
    path: '/v1/auth/login',
    body: DashboardLoginBody,
    summary: 'Sign in to the dashboard',
    description: `Checks the email and password of a user, and with two-factor on the \`code\` too (without it: 401 \`TWO_FACTOR_REQUIRED\`, and no session). ${cookieNote}`,
    responses: {
      200: success(SignedIn, 'Signed in'),
      ...errorResponses([...OPEN_ERRORS, ...BODY_ERRORS, 401, 403, 'TWO_FACTOR_REQUIRED', 'SSO_REQUIRED'], {
        401: 'Wrong email or password, or a two-factor code needed (`TWO_FACTOR_REQUIRED`)',
      }),
    },
    metadata: meta({ auth: 'public' }),
  },
  signOut: {
    method: 'POST',
    path: '/v1/auth/logout',
    body: z.object({}).strict().optional(),
    summary: 'Sign out of the dashboard',
    description: 'Ends the session of the cookie on the server and clears the cookie.',
    responses: {
      200: success(SignedOut, 'Signed out'),
      ...errorResponses([...OPEN_ERRORS, ...BODY_ERRORS, 403]),
    },
    metadata: meta({ auth: 'public' }),
  },
  signedIn: {
    method: 'GET',
    path: '/v1/auth/me',
    summary: 'Who is signed in',
    description: 'The user, account and role of the session cookie.',
    responses: { 200: success(SignedIn, 'Signed in'), ...errorResponses([...OPEN_ERRORS, 401]) },
    metadata: meta({ auth: 'cookie', permission: 'account.read', duringEnrolment: true }),
  },
  setup: {
    method: 'POST',
    path: '/v1/auth/setup',
    body: SetupBody,
    summary: 'First run: create the owner',
    description: `Redeems the one-time setup link \`formloom serve\` printed on its first start (valid 24 hours): creates the owner of the account and signs in. ${cookieNote}`,
    responses: {
      200: success(SignedIn, 'Owner created and signed in'),
      ...errorResponses([...OPEN_ERRORS, ...BODY_ERRORS, 401, 403], {
        401: 'Used, expired or unknown setup token',
      }),
    },
    metadata: meta({ auth: 'public' }),
  },
  acceptInvitation: {
    method: 'POST',
    path: '/v1/auth/accept-invitation',
    body: AcceptInvitationBody,
    summary: 'Accept an invitation',
    description: `Redeems an invitation link (valid 7 days, once): creates the member with the invited email and role and signs in. ${cookieNote}`,
    responses: {
      200: success(SignedIn, 'Member created and signed in'),
      ...errorResponses([...OPEN_ERRORS, ...BODY_ERRORS, 401, 403, 409], {
        401: 'Used, expired, revoked or unknown invitation',
        409: 'A user with this email exists already',
      }),
    },
    metadata: meta({ auth: 'public' }),
  },
});
