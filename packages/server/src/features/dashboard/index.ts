/** The dashboard feature: serving the single-page app's static build at /app. */
export { createDashboardRouter, DASHBOARD_CSP } from './dashboard-router.js';
