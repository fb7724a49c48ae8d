import { z } from 'zod';
import { Timestamp, Uuid } from './common.js';
import { PlanSchema } from './plan.js';
import { RoleSchema } from './roles.js';

/** A TOTP code (six digits) or a recovery code (`xxxxx-xxxxx`); spaces are ignored. */
export const TwoFactorCode = z.string().trim().min(6).max(32);

/** The cookie the dashboard's session travels in (HttpOnly: page scripts never read it). */
export const SESSION_COOKIE = 'formloom_session';

/** Sign in to the dashboard. */
export const DashboardLoginBody = z
  .object({
    email: z.string().email().max(320),
    password: z.string().min(1).max(1024),
    code: TwoFactorCode.optional().describe(
      'With two-factor on: a current code of the authenticator app, or an unused recovery code',
    ),
  })
  .strict()
  .describe('Sign in');
export type DashboardLoginBody = z.infer<typeof DashboardLoginBody>;

/** First run: the one-time setup link's token makes the account's owner. */
export const SetupBody = z
  .object({
    token: z.string().min(1).max(200).describe('The `token` of the one-time setup link'),
    email: z.string().email().max(320),
    password: z
      .string()
      .min(1)
      .max(1024)
      .describe(
        'At least 10 characters; a common password, a repeated pattern (`aaaaaaaaaa`, `abcabcabcabc`) or a straight sequence (`1234567890`, `qwertyuiop`) is refused with the reason',
      ),
  })
  .strict()
  .describe('Create the owner');
export type SetupBody = z.infer<typeof SetupBody>;

/** Who is signed in: the answer of sign-in, setup and `GET /v1/auth/me`. */
export const SignedIn = z
  .object({
    user: z.object({ id: Uuid, email: z.string() }),
    account: z.object({ id: Uuid, name: z.string(), plan: PlanSchema }),
    role: RoleSchema,
    expiresAt: Timestamp.describe('When the session ends (a fixed lifetime from sign-in)'),
  })
  .describe('Signed-in user');
export type SignedIn = z.infer<typeof SignedIn>;

export const SignedOut = z.object({ signedOut: z.literal(true) }).describe('Signed out');
export type SignedOut = z.infer<typeof SignedOut>;
