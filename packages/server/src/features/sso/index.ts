export { createSsoBrowserRoutes, SSO_FLOW_COOKIE } from './sso-browser-routes.js';
export { createSsoRouter } from './sso-router.js';
export { createSsoService, SsoRefused, type SsoService } from './sso-service.js';
