export { createSsoBrowserRoutes, SSO_FLOW_COOKIE } from './sso-browser-routes.js';
export { createSsoRecovery, SSO_RECOVERY_RULES, type SsoRecovery } from './sso-recovery.js';
export { createSsoRouter } from './sso-router.js';
export { createSsoService, SsoRefused, type SsoService } from './sso-service.js';
