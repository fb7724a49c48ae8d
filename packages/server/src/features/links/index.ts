/** The links feature: personal links of a form, and the addresses respondents prove, for one response per person. */
export { createEmailVerification, EMAIL_CODE_RULES, type EmailVerification } from './email-verification.js';
export { createLinksRouter, type EmailVerificationRoutes, emailVerificationRoutes } from './links-router.js';
export { createLinksService, type LinksService } from './links-service.js';
export { createRespondentGate } from './respondent-gate.js';
