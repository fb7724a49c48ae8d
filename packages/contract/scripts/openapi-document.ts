/**
 * Builds the OpenAPI 3.1 document of the contract. `write-openapi.ts` writes it to
 * docs/openapi.json; the contract tests compare that file with a fresh build.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AppRoute, isAppRouteOtherResponse } from '@ts-rest/core';
import { generateOpenApi } from '@ts-rest/open-api';
import { ERROR_DESCRIPTIONS, errorCodeOfStatus } from '../src/errors/error-codes.js';
import { toJsonSchema2020 } from '../src/json-schema.js';
import { ANALYTICS_CHAT_SSE_DESCRIPTION } from '../src/models/analytics.js';
import { EXPORT_CONTENT_TYPES } from '../src/models/export.js';
import { SCOPE_DESCRIPTIONS } from '../src/models/scope.js';
import { type RouteMetadata, routeMetadata } from '../src/routes/metadata.js';
import { contract } from '../src/routes/router.js';
import { exportFile } from '../src/routes/shared.js';
import { extractNamedSchemas, withSchemaMarks } from './openapi-components.js';
import { BODY_EXAMPLES } from './openapi-examples.js';

/** docs/openapi.json at the repository root. */
export const OPENAPI_PATH = resolve(dirname(fileURLToPath(import.meta.url)), '../../../docs/openapi.json');

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** Sub-router key -> tag name and description. */
const TAGS: Readonly<Record<string, { name: string; description: string }>> = {
  forms: { name: 'Forms', description: 'Create, edit, publish and delete forms.' },
  fields: { name: 'Fields', description: 'Edit the fields of a form one at a time.' },
  responses: { name: 'Responses', description: 'Read the responses submitted to a form.' },
  uploads: {
    name: 'Uploads',
    description: 'Images for the forms of the account (picture choices), named in a schema as `upload:<id>`.',
  },
  smartForms: {
    name: 'Smart forms',
    description: 'AI interviews: smart forms, sessions, chat, analytics, export.',
  },
  ai: { name: 'AI', description: 'Generate forms from a prompt (asynchronous jobs).' },
  analytics: {
    name: 'Analytics',
    description: 'Smart analytics reports and analytics chat about form responses.',
  },
  webhooks: {
    name: 'Webhooks',
    description: 'Signed HTTP notifications of form events, and their delivery log.',
  },
  account: { name: 'Account', description: 'The account behind the API key.' },
  public: {
    name: 'Public',
    description:
      'No credentials: the routes a published form or smart form page uses. Exist only while published.',
  },
  partials: {
    name: 'Partials',
    description:
      'Save and resume: partial responses a respondent continues later by a resume token, and their list for the owner.',
  },
  audit: {
    name: 'Audit log',
    description: 'Every change made by members and API keys, recorded with the change itself.',
  },
  integrations: {
    name: 'Integrations',
    description:
      'Chat-app notification connections (`/integrations/v1`), with a session JWT from the login route.',
  },
  auth: {
    name: 'Dashboard sign-in',
    description: 'Sign in and out of the dashboard, and first-run setup; the session is an HttpOnly cookie.',
  },
  security: {
    name: 'Sign-in security',
    description:
      "A member's two-factor (TOTP and recovery codes), sessions and password, password reset by e-mail, and the account's `require2fa`.",
  },
  apiKeys: {
    name: 'API keys',
    description: 'Create, rotate and revoke API keys: a signed-in owner or admin only, never an API key.',
  },
  members: {
    name: 'Members',
    description: 'Members, their roles, and invitations by link: a signed-in owner or admin only.',
  },
  domains: {
    name: 'Custom domains',
    description:
      "Forms served on the account's own domains, verified by a DNS TXT record: a signed-in owner or admin only; `allowed` answers a TLS proxy.",
  },
  themes: {
    name: 'Themes',
    description:
      "An account's themes: colours, font, radius, logo, background, mode and custom CSS; a form applies one with `settings.themeId`.",
  },
  access: {
    name: 'Form access',
    description:
      "Who may answer a form and when: a password (stored hashed, never read back) and an opening time, kept apart from the form's schema; and the public route that unlocks a protected form.",
  },
  transfer: {
    name: 'Import and export',
    description:
      "Forms moving between servers and tools: a form's portable document, and imports that create a DRAFT form with a report of what could not be carried over.",
  },
  links: {
    name: 'Personal links',
    description:
      "A form's personal links: one address per recipient, answered once, with their prefill; listed with whether each was used.",
  },
  destinations: {
    name: 'Destinations',
    description:
      "A form's destinations: each response written as a record of an Airtable table, updated when it is edited and removed when it is deleted, through the outbox with its retries and delivery log.",
  },
  templates: {
    name: 'Templates',
    description:
      'Ready forms to start from, each in the six languages; `POST /v1/forms {templateId}` creates a draft of one.',
  },
  sso: {
    name: 'Single sign-on',
    description:
      "The account's OpenID Connect provider (owners): who may join, with which role, and whether members sign in only through it.",
  },
  payments: {
    name: 'Payments',
    description:
      "Payments through Stripe Checkout: the account's Stripe keys, a respondent's payment started with the answers and completed once Stripe took it (the response stored once), and refunds. Stripe's webhook is at `/v1/payments/stripe/webhook/<accountId>`.",
  },
};

const SECURITY_SCHEMES: JsonObject = {
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'formloom_<12 hex key id>.<64 hex secret>',
    description: 'An API key: `Authorization: Bearer formloom_...`. Keys are for server-to-server use only.',
  },
  sessionToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'A user session token from `POST /integrations/v1/auth/login`.',
  },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'formloom_session',
    description:
      "The dashboard session from `POST /v1/auth/login`, accepted wherever an API key is (as the account owner). A state-changing request with it must come from the server's own origin.",
  },
  interviewToken: {
    type: 'apiKey',
    in: 'header',
    name: 'x-session-token',
    description: 'The `sessionToken` a started interview received, on the routes of that session.',
  },
};

const INFO = {
  title: 'Formloom API',
  version: '1.0.0',
  description: [
    'Formloom, the open-source form collection service: forms with schemas, AI interview forms (smart forms),',
    'responses, AI generation and analytics, webhooks and chat-app notifications.',
    '',
    'Every JSON answer is an envelope: `{message, data, error: null}` on success, `{message, data: null, error: CODE}` on error.',
    'Rate limits are reported in `X-RateLimit-*` and `X-Monthly-*` headers; a 429 body carries `rate_limit`.',
  ].join('\n'),
  license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
  contact: { name: 'Formloom', url: 'https://github.com/formloom/formloom' },
};

/** Every installation has its own origin: a variable, whose default is `formloom serve` on its default port. */
const SERVERS: Json = [
  {
    url: '{origin}',
    description: 'Your Formloom server',
    variables: {
      origin: { default: 'http://localhost:3000', description: 'The origin of your `formloom serve`' },
    },
  },
];

/** The OpenAPI document as a plain JSON object, with keys in a stable order. */
export function buildOpenApiDocument(): JsonObject {
  const errorSchemas: JsonObject = {};
  const generated = withSchemaMarks(() =>
    generateOpenApi(
      contract,
      { info: INFO, tags: Object.values(TAGS) },
      {
        setOperationId: true,
        operationMapper: (operation, route) => mapOperation(operation, route, errorSchemas),
      },
    ),
  ) as unknown as JsonObject;
  const { document, schemas } = extractNamedSchemas(generated);
  document.openapi = '3.1.0';
  document.servers = SERVERS;
  document.components = {
    securitySchemes: SECURITY_SCHEMES,
    schemas: { ...schemas, ...errorSchemas },
  };
  // Written in the 3.0 dialect by the zod-to-OpenAPI step, named schemas included: now 3.1's.
  return sortKeys(toJsonSchema2020(document)) as JsonObject;
}

/** The file text: two-space JSON and a trailing newline. */
export function serializeOpenApi(document: JsonObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

function mapOperation<T extends object>(generated: T, route: AppRoute, errorSchemas: JsonObject): T {
  const operation = generated as unknown as JsonObject;
  const metadata = routeMetadata(route);
  const operationId = String(operation.operationId);
  const group = String((operation.tags as string[] | undefined)?.[0] ?? '');
  const out: JsonObject = {
    ...operation,
    tags: [TAGS[group]?.name ?? group],
    description: [operation.description, accessText(metadata)].filter(Boolean).join('\n\n'),
    security: securityOf(metadata),
    ...extensionsOf(metadata),
  };

  // Tools ignore header parameters named Accept, Content-Type or Authorization; they are
  // described in the text and in `security` instead.
  const parameters = (operation.parameters as JsonObject[] | undefined) ?? [];
  out.parameters = parameters.filter(
    (p) => !(p.in === 'header' && ['accept', 'content-type', 'authorization'].includes(String(p.name))),
  );

  const requestBody = operation.requestBody as JsonObject | undefined;
  if (requestBody) out.requestBody = mapRequestBody(requestBody, operationId, route);
  out.responses = mapResponses(operation.responses as JsonObject, operationId, route, errorSchemas);
  return out as unknown as T;
}

function mapRequestBody(requestBody: JsonObject, operationId: string, route: AppRoute): JsonObject {
  const content = { ...(requestBody.content as JsonObject) };
  const json = content['application/json'] as JsonObject | undefined;
  const examples = BODY_EXAMPLES[operationId];
  if (json && examples) content['application/json'] = { ...json, examples: examples as unknown as Json };
  const multipart = content['multipart/form-data'] as JsonObject | undefined;
  if (multipart) content['multipart/form-data'] = { schema: multipartSchema(multipart.schema as JsonObject) };
  const optional = route.method !== 'GET' && 'body' in route && isAllOptional(json?.schema as JsonObject);
  return { description: 'Body', required: !optional, content };
}

/** The file part is `z.any()` in the contract (multer puts it in `req.file`); say it is binary. */
function multipartSchema(schema: JsonObject): JsonObject {
  const properties = { ...(schema.properties as JsonObject) };
  properties.file = { type: 'string', format: 'binary', description: 'The file' };
  const required = [...new Set([...((schema.required as string[] | undefined) ?? []), 'file'])];
  return { ...schema, properties, required };
}

function isAllOptional(schema: JsonObject | undefined): boolean {
  return !!schema && schema.type === 'object' && !((schema.required as string[] | undefined)?.length ?? 0);
}

function mapResponses(
  responses: JsonObject,
  operationId: string,
  route: AppRoute,
  errorSchemas: JsonObject,
): JsonObject {
  const out: JsonObject = { ...responses };
  // Error envelopes differ only in their description from route to route: one component each, for
  // the status's general code and for each case of it; a route that declares cases answers one of
  // the general envelope or those of its cases.
  for (const [status, response] of Object.entries(responses)) {
    if (Number(status) < 400) continue;
    const { content, ...rest } = response as JsonObject;
    const { schema } = (content as JsonObject)['application/json'] as JsonObject;
    const { description: _, ...shape } = schema as JsonObject;
    const general = errorCodeOfStatus(Number(status));
    const error = (shape.properties as JsonObject).error as JsonObject;
    const cases = ((error.enum as string[] | undefined) ?? []).filter((code) => code !== general);
    const refs = [general, ...cases].map((code) => {
      const name = errorSchemaName(code);
      errorSchemas[name] ??= {
        ...envelopeOfCode(shape, code, code === general),
        description:
          code === general ? ERROR_DESCRIPTIONS[general] : `A case of ${general} (${status}): \`${code}\``,
      };
      return { $ref: `#/components/schemas/${name}` };
    });
    out[status] = {
      ...rest,
      content: { 'application/json': { schema: cases.length === 0 ? refs[0]! : { oneOf: refs } } },
    };
  }
  for (const [status, response] of Object.entries(route.responses)) {
    if (!isAppRouteOtherResponse(response)) continue;
    // An export's file (routes/shared.ts `exportFile`) is one of the export formats.
    const contentTypes =
      response === exportFile ? Object.values(EXPORT_CONTENT_TYPES) : [response.contentType];
    out[status] = {
      description: 'The file',
      content: Object.fromEntries(
        contentTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
      ),
    };
  }
  if (operationId === 'analyticsChat') {
    const ok = out['200'] as JsonObject;
    out['200'] = {
      ...ok,
      content: {
        ...(ok.content as JsonObject),
        'text/event-stream': { schema: { type: 'string', description: ANALYTICS_CHAT_SSE_DESCRIPTION } },
      },
    };
  }
  return out;
}

/**
 * The envelope of one code out of a route's (which may allow several): `error` is that code; the
 * locked form's `form` belongs to PASSWORD_REQUIRED only, the validation `issues` to the general
 * BAD_REQUEST only.
 */
function envelopeOfCode(shape: JsonObject, code: string, general: boolean): JsonObject {
  const { form, issues, ...properties } = shape.properties as JsonObject;
  return {
    ...shape,
    properties: {
      ...properties,
      ...(general && issues !== undefined ? { issues } : {}),
      ...(code === 'PASSWORD_REQUIRED' && form !== undefined ? { form } : {}),
      error: { enum: [code], type: 'string' },
    },
  };
}

/** `NOT_FOUND` -> `NotFoundError`, `INTERNAL_SERVER_ERROR` -> `InternalServerError`. */
function errorSchemaName(code: string): string {
  const pascal = code
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
  return pascal.endsWith('Error') ? pascal : `${pascal}Error`;
}

function accessText(metadata: RouteMetadata): string {
  switch (metadata.auth) {
    case 'public':
      return '**Access:** public, no credentials.';
    case 'shareCode':
      return '**Access:** public; the share code in the path is the credential.';
    case 'interviewToken':
      return "**Access:** the interview's `x-session-token`, from the answer that started it.";
    case 'cookie':
      return '**Access:** the dashboard session cookie.';
    case 'session':
      return `**Access:** user session JWT${metadata.minPlan ? `; plan ${metadata.minPlan} or higher` : ''}.`;
    case 'apiKey': {
      const scope = metadata.scope
        ? `scope \`${metadata.scope}\` (${SCOPE_DESCRIPTIONS[metadata.scope].toLowerCase()})`
        : 'any scope';
      const parts = [`**Access:** API key with ${scope}; plan ${metadata.minPlan} or higher.`];
      if (metadata.consumesCredits) parts.push('Consumes credits (402 when the balance is too low).');
      if (metadata.aiLimit)
        parts.push(`Counts against the \`${metadata.aiLimit}\` AI endpoint limit per hour.`);
      return parts.join(' ');
    }
  }
}

function securityOf(metadata: RouteMetadata): Json {
  if (metadata.auth === 'apiKey') return [{ apiKey: [] }];
  if (metadata.auth === 'cookie') return [{ sessionCookie: [] }];
  if (metadata.auth === 'session') return [{ sessionToken: [] }];
  if (metadata.auth === 'interviewToken') return [{ interviewToken: [] }];
  return [];
}

function extensionsOf(metadata: RouteMetadata): JsonObject {
  const out: JsonObject = { 'x-formloom-auth': metadata.auth };
  // What a member's role must allow (ROLE_PERMISSIONS); a key's scope decides for a key.
  if (metadata.auth === 'apiKey' || metadata.auth === 'session')
    out['x-formloom-permission'] = metadata.permission;
  if (metadata.auth === 'apiKey') {
    out['x-formloom-scope'] = metadata.scope;
    out['x-formloom-min-plan'] = metadata.minPlan;
    if (metadata.aiLimit) out['x-formloom-ai-limit'] = metadata.aiLimit;
    out['x-formloom-consumes-credits'] = metadata.consumesCredits === true;
  } else if (metadata.auth === 'session' && metadata.minPlan) {
    out['x-formloom-min-plan'] = metadata.minPlan;
  }
  return out;
}

/**
 * Sorts object keys, so the file does not depend on how the contract is written. Two exceptions
 * keep the order a reader expects: the keys of `properties` (declaration order) and everything
 * inside `examples` (written by hand).
 */
function sortKeys(value: Json, mode: 'sort' | 'keepKeys' | 'keepAll' = 'sort'): Json {
  if (Array.isArray(value)) return value.map((v) => sortKeys(v, mode === 'keepAll' ? 'keepAll' : 'sort'));
  if (value === null || typeof value !== 'object') return value;
  const keys = mode === 'sort' ? Object.keys(value).sort() : Object.keys(value);
  const out: JsonObject = {};
  for (const key of keys) {
    const child = value[key] as Json;
    if (mode === 'keepAll' || (mode === 'sort' && key === 'examples')) out[key] = sortKeys(child, 'keepAll');
    else if (mode === 'sort' && key === 'properties') out[key] = sortKeys(child, 'keepKeys');
    else out[key] = sortKeys(child, 'sort');
  }
  return out;
}
