import { z } from 'zod';
import { HttpUrl, Timestamp } from './common.js';
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
        "Members sign in through the provider only (password sign-in refused); owners keep their password, the account's way back in",
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
