import { z } from 'zod';
import { HttpUrl, Timestamp } from './common.js';
import { TwoFactorCode } from './dashboard-auth.js';
import { LANGUAGES } from './limits.js';
import { RoleSchema } from './roles.js';

/** An e-mail domain, lower-case, as the part after `@` of an address. */
const EmailDomain = z
  .string()
  .min(3)
  .max(253)
  .regex(
    /^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/,
    'must be a domain such as example.com',
  )
  .describe('An e-mail domain, such as example.com');

/**
 * PUT /me/sso: the account's OpenID Connect provider. The client secret is write-only: sent on
 * the first set-up, left out to keep the one stored.
 */
export const PutSsoBody = z
  .object({
    issuer: HttpUrl.describe("The provider's issuer URL (its `/.well-known/openid-configuration` is read)"),
    clientId: z.string().min(1).max(500),
    clientSecret: z.string().min(1).max(2000).optional().describe('Write-only; absent: the stored one stays'),
    allowedDomains: z
      .array(EmailDomain)
      .min(1)
      .max(50)
      .describe(
        'People whose verified address is at one of these domains may sign in, and join on their first sign-in',
      ),
    defaultRole: RoleSchema.exclude(['owner']).describe('The role of a member made by a first sign-in'),
    enforce: z
      .boolean()
      .describe(
        "Everyone signs in through the provider only (password and passkey sign-in refused); an owner's way back in is a one-time code by e-mail (`POST /v1/auth/sso/recovery`)",
      ),
  })
  .strict()
  .describe("The account's single sign-on");
export type PutSsoBody = z.infer<typeof PutSsoBody>;

export const SsoSettings = z
  .object({
    issuer: HttpUrl,
    clientId: z.string(),
    allowedDomains: z.array(z.string()),
    defaultRole: RoleSchema,
    enforce: z.boolean(),
    redirectUri: HttpUrl.describe(
      'The callback to register at the provider (`<server>/v1/auth/sso/callback`)',
    ),
    signInUrl: HttpUrl.describe(
      "Where the account's members start a sign-in (`/v1/auth/sso/start?account=<id>`)",
    ),
    updatedAt: Timestamp,
  })
  .describe("The account's single sign-on; the client secret is never read back");
export type SsoSettings = z.infer<typeof SsoSettings>;

/** Digits of an owner's e-mailed recovery code. */
export const SSO_RECOVERY_CODE_LENGTH = 8;

/** POST /auth/sso/recovery: an owner asks for a one-time code by e-mail. */
export const SsoRecoveryBody = z
  .object({
    email: z.string().email().max(320),
    language: z.enum(LANGUAGES).optional().describe("The mail's language (default `en`)"),
  })
  .strict()
  .describe('Ask for a one-time sign-in code');
export type SsoRecoveryBody = z.infer<typeof SsoRecoveryBody>;

export const SsoRecoveryRequested = z
  .object({ requested: z.literal(true) })
  .describe('The same answer for every address');
export type SsoRecoveryRequested = z.infer<typeof SsoRecoveryRequested>;

/** POST /auth/sso/recovery/confirm: sign in with the e-mailed code (and the second factor). */
export const SsoRecoveryConfirmBody = z
  .object({
    email: z.string().email().max(320),
    code: z
      .string()
      .trim()
      .regex(
        new RegExp(`^[0-9]{${SSO_RECOVERY_CODE_LENGTH}}$`),
        `must be the ${SSO_RECOVERY_CODE_LENGTH} digits of the mail`,
      )
      .describe('The code of the mail'),
    twoFactorCode: TwoFactorCode.optional().describe(
      'With two-factor on: a current code of the authenticator app, or an unused recovery code',
    ),
  })
  .strict()
  .describe('Sign in with an e-mailed code');
export type SsoRecoveryConfirmBody = z.infer<typeof SsoRecoveryConfirmBody>;
