/** Custom domains: the domains API, their DNS check, and which form a custom host serves. */
export { createDomainsRouter } from './domains-router.js';
export { createDomainsService, type DomainsService, type HostTarget } from './domains-service.js';
export { createTxtLookup, type TxtLookup } from './txt-lookup.js';
