import { z } from 'zod';
import { Timestamp, Uuid } from './common.js';

/**
 * A form's address on a custom domain, `https://<domain>/<slug>` (`settings.slug`): lower-case
 * letters, digits and single dashes between them. The pattern has no nested or overlapping
 * repetition, so it runs in linear time whatever it is given, and the length is checked first.
 */
export const FORM_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_FORM_SLUG_LENGTH = 64;

/**
 * First path segments the server itself answers on every host (the dashboard, the API, the share
 * pages and their assets, the embed script, probes, integrations, MCP): never a form's slug.
 */
export const RESERVED_FORM_SLUGS = [
  'app',
  'v1',
  'f',
  's',
  'assets',
  'embed.js',
  'embed',
  'healthz',
  'readyz',
  'integrations',
  'mcp',
] as const;

export const FormSlug = z
  .string()
  .max(MAX_FORM_SLUG_LENGTH)
  .regex(FORM_SLUG_PATTERN, 'Lower-case letters, digits and single dashes between them')
  .refine((slug) => !(RESERVED_FORM_SLUGS as readonly string[]).includes(slug), {
    message: `Reserved: ${RESERVED_FORM_SLUGS.join(', ')}`,
  })
  .describe(
    "The form's address on the account's verified custom domains (`https://<domain>/<slug>`), unique in the account",
  );

/** The most characters of a host name (RFC 1035). */
export const MAX_HOSTNAME_LENGTH = 253;
/** One DNS label: letters, digits and dashes inside, at most 63 characters; bounded, so linear. */
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOSTNAME_PATTERN = new RegExp(`^(?:${LABEL}\\.)+${LABEL}$`);

/**
 * A host name as a browser sends it in `Host`, lower case, without a port or a trailing dot: at
 * least two labels, and not an IP address (the last label is not all digits).
 */
export const Hostname = z
  .string()
  .trim()
  .toLowerCase()
  .max(MAX_HOSTNAME_LENGTH)
  .transform((host) => host.replace(/\.$/, ''))
  .pipe(
    z
      .string()
      .regex(HOSTNAME_PATTERN, 'A domain name such as forms.example.com: no scheme, path or port')
      .refine((host) => !/^\d+$/.test(host.slice(host.lastIndexOf('.') + 1)), {
        message: 'A domain name, not an IP address',
      }),
  )
  .describe('A domain name such as `forms.example.com`');

export const DOMAIN_STATUSES = ['pending', 'verified'] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

/** What the last DNS check found: the record, another value, no record, or no answer. */
export const DOMAIN_CHECK_RESULTS = ['verified', 'wrong_value', 'no_record', 'dns_error'] as const;
export type DomainCheckResult = (typeof DOMAIN_CHECK_RESULTS)[number];

const domainSchema = z
  .object({
    id: Uuid,
    hostname: z.string().describe('The domain, lower case'),
    status: z
      .enum(DOMAIN_STATUSES)
      .describe('`verified` once the TXT record was found; forms are served on verified domains only'),
    verification: z
      .object({
        txtName: z.string().describe('The name of the TXT record to create (`_formloom.<domain>`)'),
        txtValue: z
          .string()
          .describe(
            'The value the TXT record must hold. Not a secret: anyone can read DNS, so it is stored as it is',
          ),
      })
      .describe('The DNS TXT record that proves the account controls the domain'),
    rootFormId: Uuid.nullable().describe('The form served at `/` on the domain; null: none'),
    lastCheck: z
      .object({ at: Timestamp, result: z.enum(DOMAIN_CHECK_RESULTS) })
      .nullable()
      .describe('What the last verification found; null before the first'),
    verifiedAt: Timestamp.nullable(),
    createdAt: Timestamp,
  })
  .describe('A custom domain');
type DomainObject = typeof domainSchema;
export interface DomainZod extends DomainObject {}
export const Domain: DomainZod = domainSchema;
export type Domain = z.infer<typeof Domain>;

export const DomainList = z.object({ domains: z.array(Domain) }).describe('Custom domains');
export type DomainList = z.infer<typeof DomainList>;

export const AddDomainBody = z.object({ hostname: Hostname }).strict().describe('Add a custom domain');
export type AddDomainBody = z.input<typeof AddDomainBody>;

export const UpdateDomainBody = z
  .object({
    rootFormId: Uuid.nullable().describe('A form of the account to serve at `/`; null: none'),
  })
  .strict()
  .describe('Change a custom domain');
export type UpdateDomainBody = z.infer<typeof UpdateDomainBody>;

export const AllowedDomainQuery = z
  .object({
    domain: z.string().max(MAX_HOSTNAME_LENGTH).optional().describe('The host a certificate is asked for'),
  })
  .describe('The host to check');
export type AllowedDomainQuery = z.infer<typeof AllowedDomainQuery>;

export const AllowedDomain = z
  .object({ hostname: z.string() })
  .describe('A verified domain this server serves');
export type AllowedDomain = z.infer<typeof AllowedDomain>;
