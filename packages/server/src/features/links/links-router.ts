import { contract, successBody } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import { clientKey } from '../../http/client-key.js';
import { authOf } from '../../http/request-context.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import type { EmailVerification } from './email-verification.js';
import type { LinksService } from './links-service.js';

const s = initServer();

export function createLinksRouter(links: LinksService): RouterImplementation<typeof contract.links> {
  return s.router(contract.links, {
    createFormLinks: async ({ params, body, req }) => ({
      status: 201,
      body: successBody(await links.create(authOf(req).accountId, params.id, body), 'Links created'),
    }),
    listFormLinks: async ({ params, query, req }) => ({
      status: 200,
      body: successBody(await links.list(authOf(req).accountId, params.id, query), 'Links'),
    }),
    revokeFormLink: async ({ params, req }) => ({
      status: 200,
      body: successBody(await links.revoke(authOf(req).accountId, params.id, params.linkId), 'Link revoked'),
    }),
  });
}

/** The public routes of address verification, part of `contract.access` (beside the unlock route). */
export type EmailVerificationRoutes = Pick<
  RouterImplementation<typeof contract.access>,
  'verifyPublicEmail' | 'confirmPublicEmail'
>;

export function emailVerificationRoutes(emails: EmailVerification): EmailVerificationRoutes {
  return {
    verifyPublicEmail: s.route(contract.access.verifyPublicEmail, async ({ params, body, req }) => ({
      status: 200,
      body: successBody(await emails.request(params.code, body.email, clientKey(req)), 'Code sent'),
    })),
    confirmPublicEmail: s.route(contract.access.confirmPublicEmail, async ({ params, body }) => ({
      status: 200,
      body: successBody(await emails.confirm(params.code, body.email, body.code), 'Address verified'),
    })),
  };
}
