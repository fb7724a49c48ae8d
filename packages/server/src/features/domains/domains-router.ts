import { contract, successBody } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import { notFound } from '../../domain-errors.js';
import { authOf } from '../../http/request-context.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import type { DomainsService } from './domains-service.js';

const s = initServer();

/** `/v1/domains`: the account's custom domains (owners and admins), and the TLS proxy's question. */
export function createDomainsRouter(domains: DomainsService): RouterImplementation<typeof contract.domains> {
  return s.router(contract.domains, {
    listDomains: async ({ req }) => ({
      status: 200,
      body: successBody(await domains.list(authOf(req).accountId), 'Custom domains'),
    }),
    addDomain: async ({ body, req }) => ({
      status: 201,
      body: successBody(await domains.add(authOf(req).accountId, body.hostname), 'Domain added'),
    }),
    allowedDomain: async ({ query }) => {
      const host = query.domain ?? '';
      if (host === '' || !(await domains.allowed(host))) throw notFound(`${host} is not a verified domain`);
      return { status: 200, body: successBody({ hostname: host.toLowerCase() }, 'A verified domain') };
    },
    getDomain: async ({ params, req }) => ({
      status: 200,
      body: successBody(await domains.get(authOf(req).accountId, params.id), 'Domain'),
    }),
    verifyDomain: async ({ params, req }) => {
      const domain = await domains.verify(authOf(req).accountId, params.id);
      const said = domain.status === 'verified' ? 'Domain verified' : 'The TXT record was not found';
      return { status: 200, body: successBody(domain, said) };
    },
    updateDomain: async ({ params, body, req }) => ({
      status: 200,
      body: successBody(await domains.update(authOf(req).accountId, params.id, body), 'Domain updated'),
    }),
    removeDomain: async ({ params, req }) => ({
      status: 200,
      body: successBody(await domains.remove(authOf(req).accountId, params.id), 'Domain removed'),
    }),
  });
}
