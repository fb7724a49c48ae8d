import type { Migration } from 'kysely/migration';
import { initial } from './2025-06-01-000000-initial.js';
import { webhooks } from './2025-07-01-000000-webhooks.js';
import { rateLimitsAndCredits } from './2025-07-10-000000-rate-limits-credits.js';
import { uploads } from './2025-08-15-000000-uploads.js';
import { aiJobs } from './2026-11-23-000000-ai-jobs.js';
import { analyticsChat } from './2026-11-23-000001-analytics-chat.js';
import { analyticsReports } from './2026-11-23-000002-analytics-reports.js';
import { smartForms } from './2026-11-25-000000-smart-forms.js';
import { outboxTargets } from './2026-11-25-100000-outbox-targets.js';
import { users } from './2026-11-25-100001-users.js';
import { smartFormInsights } from './2026-11-25-160000-smart-form-insights.js';
import { scaleOut } from './2026-11-25-190000-scale-out.js';
import { oneOutbox } from './2026-11-26-000000-one-outbox.js';
import { oneLimiter } from './2026-11-26-120000-one-limiter.js';
import { planWindows } from './2026-11-27-100000-plan-windows.js';
import { responseLanguage } from './2026-11-28-120000-response-language.js';
import { responseVariables } from './2026-11-29-120000-response-variables.js';
import { partials } from './2026-11-30-120000-partials.js';
import { deliveryPostponements } from './2026-11-30-150000-delivery-postponements.js';
import { auditLog } from './2026-12-01-100000-audit-log.js';
import { dashboardSessions } from './2026-12-01-120000-dashboard-sessions.js';
import { invitations } from './2026-12-02-100000-invitations.js';
import { aiJobStarters } from './2026-12-03-100000-ai-job-starters.js';
import { partialSeed } from './2026-12-04-100000-partial-seed.js';
import { ownerUploads } from './2026-12-04-110000-owner-uploads.js';
import { responseEnding } from './2026-12-05-100000-response-ending.js';
import { quizzes } from './2026-12-06-100000-quizzes.js';
import { revisions } from './2026-12-06-110000-revisions.js';
import { retention } from './2026-12-07-090000-retention.js';
import { formAccess } from './2026-12-07-100000-form-access.js';
import { themes } from './2026-12-07-100000-themes.js';
import { customDomains } from './2026-12-07-120000-custom-domains.js';
import { accessRules } from './2026-12-08-100000-access-rules.js';
import { personalLinks } from './2026-12-09-100000-personal-links.js';
import { responseEdits } from './2026-12-09-100000-response-edits.js';
import { restHooks } from './2026-12-09-120000-rest-hooks.js';
import { singleSignOn } from './2026-12-09-130000-single-sign-on.js';
import { destinations } from './2026-12-10-100000-destinations.js';
import { payments } from './2026-12-10-100000-payments.js';
import { signInSecurity } from './2026-12-10-100000-sign-in-security.js';
import { destinationState } from './2026-12-11-100000-destination-state.js';
import { paymentRefundReason } from './2026-12-11-110000-payment-refund-reason.js';
import { passkeys } from './2026-12-11-120000-passkeys.js';
import { ssoRecoveryCodes } from './2026-12-12-100000-sso-recovery-codes.js';

/**
 * Every migration, by name. Names start with a UTC timestamp so they sort in the order they were
 * written. Listed statically, not globbed from disk, so a bundled server still finds them.
 * Never edit or rename a migration once released; add a new one.
 */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '2025-06-01-000000-initial': initial,
  '2025-07-10-000000-rate-limits-credits': rateLimitsAndCredits,
  '2025-07-01-000000-webhooks': webhooks,
  '2025-08-15-000000-uploads': uploads,
  '2026-11-23-000000-ai-jobs': aiJobs,
  '2026-11-23-000001-analytics-chat': analyticsChat,
  '2026-11-23-000002-analytics-reports': analyticsReports,
  '2026-11-25-100000-outbox-targets': outboxTargets,
  '2026-11-25-100001-users': users,
  '2026-11-25-000000-smart-forms': smartForms,
  '2026-11-25-190000-scale-out': scaleOut,
  '2026-11-25-160000-smart-form-insights': smartFormInsights,
  '2026-11-26-000000-one-outbox': oneOutbox,
  '2026-11-26-120000-one-limiter': oneLimiter,
  '2026-11-27-100000-plan-windows': planWindows,
  '2026-11-28-120000-response-language': responseLanguage,
  '2026-11-29-120000-response-variables': responseVariables,
  '2026-11-30-120000-partials': partials,
  '2026-11-30-150000-delivery-postponements': deliveryPostponements,
  '2026-12-01-100000-audit-log': auditLog,
  '2026-12-01-120000-dashboard-sessions': dashboardSessions,
  '2026-12-02-100000-invitations': invitations,
  '2026-12-03-100000-ai-job-starters': aiJobStarters,
  '2026-12-04-100000-partial-seed': partialSeed,
  '2026-12-04-110000-owner-uploads': ownerUploads,
  '2026-12-05-100000-response-ending': responseEnding,
  '2026-12-06-100000-quizzes': quizzes,
  '2026-12-06-110000-revisions': revisions,
  '2026-12-07-090000-retention': retention,
  '2026-12-07-100000-form-access': formAccess,
  '2026-12-07-100000-themes': themes,
  '2026-12-07-120000-custom-domains': customDomains,
  '2026-12-08-100000-access-rules': accessRules,
  '2026-12-09-100000-personal-links': personalLinks,
  '2026-12-09-100000-response-edits': responseEdits,
  '2026-12-09-120000-rest-hooks': restHooks,
  '2026-12-09-130000-single-sign-on': singleSignOn,
  '2026-12-10-100000-destinations': destinations,
  '2026-12-10-100000-payments': payments,
  '2026-12-10-100000-sign-in-security': signInSecurity,
  '2026-12-11-100000-destination-state': destinationState,
  '2026-12-11-110000-payment-refund-reason': paymentRefundReason,
  '2026-12-11-120000-passkeys': passkeys,
  '2026-12-12-100000-sso-recovery-codes': ssoRecoveryCodes,
};
