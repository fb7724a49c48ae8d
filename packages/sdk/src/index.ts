// The API's types, so users need not depend on the contract themselves.
export type {
  Account,
  AiJob,
  AnalyticsChatEvent,
  AnalyticsChatResult,
  CreateFormBody,
  ErrorCode,
  ErrorIssue,
  Field,
  Form,
  FormListItem,
  FormResponse,
  FormSchema,
  FormVariable,
  InterviewQuestion,
  InterviewStep,
  SessionAnalysis,
  SmartAnalyticsCallback,
  SmartForm,
  SmartFormSession,
  SmartFormSessionDetail,
  StartedSession,
  VariableValue,
  WebhookEndpoint,
  WebhookEvent,
  WebhookEventType,
} from '@formloom/contract';
// Which role may do what, so an app (the dashboard) can disable what a member may not use.
export {
  PERMISSIONS,
  type Permission,
  ROLE_PERMISSIONS,
  ROLES,
  type Role,
  roleAllows,
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
export { AuditLog } from './resources/audit-log.js';
export { Fields, FormPartials, Forms } from './resources/forms.js';
export { Me } from './resources/me.js';
export { type InterviewSession, Public, PublicPartials } from './resources/public.js';
export { Responses } from './resources/responses.js';
export { Sessions, SmartForms } from './resources/smart-forms.js';
export { Webhooks } from './resources/webhooks.js';
