/** The health feature: GET /healthz and GET /readyz. */
export { createHealthRouter } from './health-router.js';
export { createReadiness } from './health-service.js';
