// The API's types, so users need not depend on the contract themselves.
export type {
  Account,
  AiJob,
  AnalyticsChatEvent,
  AnalyticsChatResult,
  ApiKey,
  AuditAction,
  AuditEntry,
  AuditTargetType,
  CreatedApiKey,
  CreatedInvitation,
  CreateFormBody,
  Destination,
  DestinationDelivery,
  Domain,
  ErrorCode,
  ErrorIssue,
  Field,
  FieldFigures,
  Form,
  FormFigures,
  FormListItem,
  FormResponse,
  FormSchema,
  FormVariable,
  IntegrationConnection,
  InterviewQuestion,
  InterviewStep,
  Invitation,
  Member,
  Scope,
  SectionFigures,
  SessionAnalysis,
  SmartAnalyticsCallback,
  SmartForm,
  SmartFormChatEvent,
  SmartFormSession,
  SmartFormSessionDetail,
  StartedSession,
  Theme,
  ThemePreset,
  VariableValue,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEvent,
  WebhookEventType,
} from '@formloom/contract';
// The event types an endpoint can subscribe to, for pickers.
// Which role may do what, so an app (the dashboard) can disable what a member may not use.
// What the dashboard's forms offer to choose from: key scopes, audit actions.
export {
  AUDIT_ACTIONS,
  contrastWarnings,
  PERMISSIONS,
  type Permission,
  ROLE_PERMISSIONS,
  ROLES,
  type Role,
  roleAllows,
  SCOPES,
  THEME_CSS_MAX_BYTES,
  THEME_FONTS,
  THEME_MODES,
  type ThemeColors,
  type ThemeFont,
  type ThemeMode,
  themeVars,
  WEBHOOK_EVENT_TYPES,
} from '@formloom/contract';
export {
  type CallArgs,
  type ClientOptions,
  Formloom,
  Formloom as default,
  type ListPromise,
} from './client.js';
export { APIPromise, type APIResponse, type ResultMeta, type WithMeta } from './core/api-promise.js';
export {
  APIConnectionError,
  APIError,
  APITimeoutError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  type ErrorCodeOfStatus,
  FormloomError,
  InternalServerError,
  NotFoundError,
  PaymentRequiredError,
  PermissionDeniedError,
  PreconditionFailedError,
  RateLimitError,
  ServiceUnavailableError,
  WebhookVerificationError,
} from './core/error.js';
export type { ExportedFile } from './core/export-file.js';
export {
  COLLECT_DEFAULTS,
  type CollectOptions,
  type CollectResult,
  Page,
  type PageInfo,
  type PageParams,
  PagePromise,
} from './core/pagination.js';
export { type PrefillValue, prefillUrl } from './core/prefill.js';
export { type ServerSentEvent, Stream } from './core/streaming.js';
export {
  type VerifyAnalyticsCallbackParams,
  type VerifyWebhookParams,
  verifyAnalyticsCallback,
  verifyWebhook,
} from './core/webhooks.js';
export type { RateLimitHeaders } from './internal/headers.js';
export type { RequestOptions } from './internal/transport.js';
export { AI, AIJobError, GenerateFormPromise, type WaitOptions } from './resources/ai.js';
export { Analytics } from './resources/analytics.js';
export { ApiKeys } from './resources/api-keys.js';
export { AuditLog } from './resources/audit-log.js';
export { Domains } from './resources/domains.js';
export { Fields, FormPartials, Forms } from './resources/forms.js';
export { Integrations } from './resources/integrations.js';
export { Me } from './resources/me.js';
export { Members } from './resources/members.js';
export { Payments } from './resources/payments.js';
export { type InterviewSession, Public, PublicPartials } from './resources/public.js';
export { Responses } from './resources/responses.js';
export { Security } from './resources/security.js';
export { Sessions, SmartForms } from './resources/smart-forms.js';
export { SingleSignOn } from './resources/sso.js';
export { Templates } from './resources/templates.js';
export { Themes } from './resources/themes.js';
export { Uploads } from './resources/uploads.js';
export { Webhooks } from './resources/webhooks.js';
