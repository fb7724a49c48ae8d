import { accountRouter } from './account.js';
import { accountSecurityRouter } from './account-security.js';
import { aiRouter } from './ai.js';
import { analyticsRouter } from './analytics.js';
import { apiKeysRouter } from './api-keys.js';
import { auditRouter } from './audit.js';
import { dashboardAuthRouter } from './dashboard-auth.js';
import { destinationsRouter } from './destinations.js';
import { domainsRouter } from './domains.js';
import { fieldsRouter } from './fields.js';
import { formAccessRouter } from './form-access.js';
import { formLinksRouter } from './form-links.js';
import { formsRouter } from './forms.js';
import { integrationsRouter } from './integrations.js';
import { membersRouter } from './members.js';
import { type ContractRoute, flattenRoutes } from './metadata.js';
import { partialsRouter } from './partials.js';
import { paymentsRouter } from './payments.js';
import { publicRouter } from './public.js';
import { responsesRouter } from './responses.js';
import { c } from './shared.js';
import { smartFormsRouter } from './smart-forms.js';
import { ssoRouter } from './sso.js';
import { templatesRouter } from './templates.js';
import { themesRouter } from './themes.js';
import { transferRouter } from './transfer.js';
import { uploadsRouter } from './uploads.js';
import { webhooksRouter } from './webhooks.js';

/**
 * The whole API. Route keys are unique across sub-routers (they are the OpenAPI operationIds);
 * sub-router keys are the OpenAPI tags.
 */
export const contract = c.router(
  {
    forms: formsRouter,
    fields: fieldsRouter,
    responses: responsesRouter,
    uploads: uploadsRouter,
    smartForms: smartFormsRouter,
    ai: aiRouter,
    analytics: analyticsRouter,
    webhooks: webhooksRouter,
    account: accountRouter,
    public: publicRouter,
    integrations: integrationsRouter,
    partials: partialsRouter,
    audit: auditRouter,
    auth: dashboardAuthRouter,
    security: accountSecurityRouter,
    apiKeys: apiKeysRouter,
    members: membersRouter,
    domains: domainsRouter,
    themes: themesRouter,
    access: formAccessRouter,
    transfer: transferRouter,
    templates: templatesRouter,
    links: formLinksRouter,
    sso: ssoRouter,
    destinations: destinationsRouter,
    payments: paymentsRouter,
  },
  { strictStatusCodes: true },
);
export type Contract = typeof contract;

/** Every route of {@link contract}, with its metadata, in declaration order. */
export const contractRoutes: readonly ContractRoute[] = flattenRoutes(contract);
