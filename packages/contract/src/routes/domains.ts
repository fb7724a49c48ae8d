import { z } from 'zod';
import { DeleteResult, Uuid } from '../models/common.js';
import {
  AddDomainBody,
  AllowedDomain,
  AllowedDomainQuery,
  Domain,
  DomainList,
  UpdateDomainBody,
} from '../models/domain.js';
import { success } from '../models/envelope.js';
import { meta } from './metadata.js';
import { BODY_ERRORS, c, errorResponses, OPEN_ERRORS, SESSION_ERRORS } from './shared.js';

/** An account's domains are managed from the dashboard by its owners and admins; a key never does. */
const manage = meta({ auth: 'cookie', permission: 'domains.manage', refusesKeys: true });
const ERRORS = SESSION_ERRORS;
const DomainIdParams = z.object({ id: Uuid.describe('Domain id') });
const notFound = { 404: 'Domain not found' };
const sessionOnly = 'Needs a dashboard session of an owner or admin; an API key is refused (403).';

export const domainsRouter = c.router({
  listDomains: {
    method: 'GET',
    path: '/v1/domains',
    summary: 'List custom domains',
    description: `The account's domains, oldest first. ${sessionOnly}`,
    responses: { 200: success(DomainList, 'The domains'), ...errorResponses(ERRORS) },
    metadata: manage,
  },
  addDomain: {
    method: 'POST',
    path: '/v1/domains',
    body: AddDomainBody,
    summary: 'Add a custom domain',
    description: `The domain starts \`pending\`: create the TXT record the answer's \`verification\` names, then verify. ${sessionOnly}`,
    responses: {
      201: success(Domain, 'The domain, pending'),
      ...errorResponses([...ERRORS, ...BODY_ERRORS, 409], {
        400: "Not a domain name, or the server's own",
        409: 'The account already has this domain',
      }),
    },
    metadata: manage,
  },
  // Before `/v1/domains/:id`, which would take `allowed` for an id.
  allowedDomain: {
    method: 'GET',
    path: '/v1/domains/allowed',
    query: AllowedDomainQuery,
    summary: 'Whether a domain is served here',
    description:
      "200 when `domain` is a verified custom domain of an account, 404 otherwise: for a TLS proxy's on-demand certificates (Caddy's `ask`), so it asks for none but those.",
    responses: {
      200: success(AllowedDomain, 'A verified domain'),
      ...errorResponses([...OPEN_ERRORS, 404], { 404: 'Not a verified domain' }),
    },
    metadata: meta({ auth: 'public' }),
  },
  getDomain: {
    method: 'GET',
    path: '/v1/domains/:id',
    pathParams: DomainIdParams,
    summary: 'Get a custom domain',
    description: sessionOnly,
    responses: { 200: success(Domain, 'The domain'), ...errorResponses([...ERRORS, 404], notFound) },
    metadata: manage,
  },
  verifyDomain: {
    method: 'POST',
    path: '/v1/domains/:id/verify',
    pathParams: DomainIdParams,
    body: c.noBody(),
    summary: 'Verify a custom domain',
    description: `Looks up the TXT record now: the domain becomes \`verified\` when it holds the value asked for; otherwise it stays \`pending\` and \`lastCheck.result\` says what was found. A verified domain stays verified. ${sessionOnly}`,
    responses: {
      200: success(Domain, 'The domain after the check'),
      ...errorResponses([...ERRORS, ...BODY_ERRORS, 404, 409], {
        ...notFound,
        409: 'Another account has verified this domain',
      }),
    },
    metadata: manage,
  },
  updateDomain: {
    method: 'PATCH',
    path: '/v1/domains/:id',
    pathParams: DomainIdParams,
    body: UpdateDomainBody,
    summary: 'Change a custom domain',
    description: `\`rootFormId\`: the form served at \`/\` on the domain (a form of the account), or null. ${sessionOnly}`,
    responses: {
      200: success(Domain, 'The changed domain'),
      ...errorResponses([...ERRORS, ...BODY_ERRORS, 404], { 404: 'Domain or form not found' }),
    },
    metadata: manage,
  },
  removeDomain: {
    method: 'DELETE',
    path: '/v1/domains/:id',
    pathParams: DomainIdParams,
    summary: 'Remove a custom domain',
    description: `Its forms are no longer served on it. ${sessionOnly}`,
    responses: {
      200: success(DeleteResult, 'Removed'),
      ...errorResponses([...ERRORS, ...BODY_ERRORS, 404], notFound),
    },
    metadata: manage,
  },
});
