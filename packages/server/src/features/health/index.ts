/** The health feature: GET /healthz and GET /readyz. */
export { createHealthRouter } from './health-router.js';
