/** The analytics feature: form figures, analytics chat and smart analytics reports. */
export { createAnalyticsChatService } from './analytics-chat-service.js';
export { createAnalyticsRouter } from './analytics-router.js';
export { createFiguresService, type FiguresService } from './figures-service.js';
export { formFigures } from './form-figures.js';
export { createSigningSecrets, type SigningSecrets } from './signing-secret.js';
export { analyticsCallbackSender, createSmartAnalytics, smartAnalyticsJob } from './smart-analytics.js';
