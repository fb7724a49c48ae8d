/**
 * @formloom/contract: the ts-rest API contract, its zod models, the error table, webhook
 * signatures and (under `./engine`) the form engine. Isomorphic: no Node built-ins.
 */

export { type ImageUploadRef, imageUploadRefs, resolveImageUploads } from './engine/images.js';
// --- The form engine (also at `@formloom/contract/engine`) --------------------------------
export * from './engine/index.js';
export { markingVariables } from './engine/integrity/quiz.js';
// A quiz's marks: the server's (a public form carries no right answers), so not in the engine's
// entry, whose browser bundles would share a chunk with the lazily loaded expression compiler.
export { isQuizQuestion, isRightAnswer } from './engine/logic/expressions.js';
export { answerFeedback, markQuiz, quizQuestions, withoutQuizAnswers } from './engine/logic/quiz.js';
// Each question type's figure and condition operators, and the operators' target types: here and
// not in `./engine`, so that a browser bundle of the engine leaves them out of its start.
export { OPERATOR_TARGET_TYPES, operatorAppliesTo, WHEN_TARGET_TYPES } from './engine/operators.js';
// A payment's amount is the server's to compute (it prices the Checkout Session); not in `./engine`.
export { type PaymentQuote, paymentAmount, paymentField } from './engine/payment-amount.js';
export { isOtherAnswer, OTHER_MAX_LENGTH } from './engine/question-types/checks.js';
export { QUESTION_TYPE_ENTRIES, questionType } from './engine/question-types/entries.js';
export { QUESTION_KINDS, questionKind } from './engine/question-types/kinds.js';
// The question types' code (their checks, comparisons, texts, display and export columns): here and
// not in `./engine`, whose browser bundles load it on demand (`loadQuestionTypes`).
export {
  answerDisplayText,
  type ComparedAs,
  comparedAs,
  type ExportColumn,
  exportColumns,
  type FieldText,
  fieldTexts,
  type QuestionTypeEntry,
  sectionExportColumn,
} from './engine/question-types/table.js';
// Answers as a person reads them (mails, chat messages, an AI's context), repeating sections' entries numbered.
export {
  type AnswerItem,
  type AnswerLine,
  type AnswerLinesOptions,
  answerItems,
  type EntryLines,
  entryLines,
  entryLineText,
} from './engine/texts/answer-lines.js';
// Also at `@formloom/contract/engine` as `translator()`, which a browser loads on demand.
export { translateSchema } from './engine/texts/translate-schema.js';
export { errorBody, isErrorEnvelope, issuesFromZodError, successBody } from './errors/envelope.js';
// --- Errors -------------------------------------------------------------------------------
export {
  ERROR_CASE_CODES,
  ERROR_CASES,
  ERROR_CODE_BY_STATUS,
  ERROR_CODES,
  ERROR_DESCRIPTIONS,
  ERROR_STATUS,
  type ErrorCaseCode,
  type ErrorCode,
  type ErrorStatus,
  errorCodeOfStatus,
  isErrorCaseCode,
  isErrorCode,
  statusOfAnyErrorCode,
  statusOfErrorCode,
} from './errors/error-codes.js';
// --- JSON Schema 2020-12 from the zod-to-OpenAPI output (OpenAPI 3.1, MCP tools) -----------
export { toJsonSchema2020 } from './json-schema.js';
// --- API models ---------------------------------------------------------------------------
export {
  Account,
  CREDIT_LEDGER_KINDS,
  CreditLedgerEntry,
  CreditLedgerPage,
  CreditLedgerQuery,
} from './models/account.js';
export {
  AccountSecurity,
  ChangePasswordBody,
  DashboardSession,
  DashboardSessionList,
  PasswordChanged,
  PasswordReset,
  PasswordResetBody,
  PasswordResetConfirmBody,
  PasswordResetRequested,
  RecoveryCodes,
  SessionEnded,
  TwoFactorCodeBody,
  TwoFactorDisabled,
  TwoFactorSetup,
  TwoFactorStatus,
} from './models/account-security.js';
export {
  AI_JOB_POLLING,
  AI_JOB_STATUSES,
  AiJob,
  type AiJobStatus,
  GenerateFormAccepted,
  GenerateFormBody,
  TranslateFormBody,
} from './models/ai-job.js';
export {
  ANALYTICS_CHAT_EVENTS,
  ANALYTICS_CHAT_LIMITS,
  ANALYTICS_CHAT_SSE_DESCRIPTION,
  AnalyticsChatBody,
  type AnalyticsChatEvent,
  type AnalyticsChatEventName,
  AnalyticsChatResult,
  AnalyticsSigningSecret,
  AnalyticsSigningSecretInfo,
  DropOffFigures,
  SmartAnalyticsAccepted,
  SmartAnalyticsBody,
  SmartAnalyticsCallback,
  SmartAnalyticsReport,
  SuggestedAction,
} from './models/analytics.js';
export {
  API_KEY_STATUSES,
  ApiKey,
  ApiKeyList,
  CreateApiKeyBody,
  CreatedApiKey,
  RotateApiKeyBody,
} from './models/api-key.js';
export {
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  type AuditAction,
  AuditActor,
  AuditEntry,
  AuditLogExportQuery,
  AuditLogPage,
  AuditLogQuery,
  type AuditTargetType,
} from './models/audit.js';
export {
  AiProvenance,
  DateOrTimestampQuery,
  DeleteResult,
  HttpUrl,
  Timestamp,
  TimestampQuery,
  Uuid,
} from './models/common.js';
// --- The FormSchema model -----------------------------------------------------------------
export {
  CONDITION_OPERATORS,
  Condition,
  ConditionalLogic,
  ConditionGroup,
  type ConditionGroupZod,
  type ConditionOperator,
  ConditionValue,
  VALUE_OPERATORS,
  VALUELESS_OPERATORS,
  type ValuelessOperator,
  type ValueOperator,
} from './models/conditional-logic.js';
export {
  CONVERSATION_LIMITS,
  ConversationHistory,
  ConversationHistoryEntry,
} from './models/conversation.js';
export {
  currencyMinorUnits,
  formatMinorUnits,
  isPaymentCurrency,
  toMinorUnits,
} from './models/currencies.js';
export {
  DashboardLoginBody,
  SESSION_COOKIE,
  SetupBody,
  SignedIn,
  SignedOut,
  TwoFactorCode,
} from './models/dashboard-auth.js';
export type { DestinationDeliveryEvent, DestinationKind } from './models/destination.js';
export {
  AirtableTarget,
  CreateDestinationBody,
  DESTINATION_DELIVERY_EVENTS,
  DESTINATION_KINDS,
  Destination,
  DestinationDelivery,
  DestinationDeliveryPage,
  DestinationFieldMap,
  DestinationKindSchema,
  DestinationList,
  DestinationStatus,
  DestinationTarget,
  GoogleAuthorization,
  GoogleSheetsTarget,
  NotionTarget,
  UpdateDestinationBody,
} from './models/destination.js';
export {
  AddDomainBody,
  AllowedDomain,
  AllowedDomainQuery,
  DOMAIN_CHECK_RESULTS,
  DOMAIN_STATUSES,
  Domain,
  type DomainCheckResult,
  DomainList,
  type DomainStatus,
  FORM_SLUG_PATTERN,
  FormSlug,
  Hostname,
  MAX_FORM_SLUG_LENGTH,
  MAX_HOSTNAME_LENGTH,
  RESERVED_FORM_SLUGS,
  UpdateDomainBody,
} from './models/domain.js';
export {
  BadRequestEnvelope,
  ErrorEnvelope,
  ErrorIssue,
  errorEnvelopeOf,
  LockedForm,
  RateLimitEnvelope,
  type SuccessEnvelope,
  success,
} from './models/envelope.js';
export { EXPORT_CONTENT_TYPES, EXPORT_FORMATS, type ExportFormat, ExportQuery } from './models/export.js';
export {
  ADDRESS_REQUIRED_PARTS,
  AddressConfig,
  ConsentConfig,
  CountryCode,
  FIELD_TYPES,
  Field,
  FieldOption,
  FieldPrefill,
  type FieldType,
  FieldValidation,
  FileConfig,
  ID_PATTERN,
  Id,
  isScaleFieldType,
  MatrixColumn,
  MatrixConfig,
  MatrixRow,
  NpsConfig,
  OPTION_FIELD_TYPES,
  OtherOption,
  PaymentConfig,
  PhoneConfig,
  QUESTION_TYPES,
  type QuestionType,
  RankingConfig,
  RatingConfig,
  SCALE_FIELD_TYPES,
  ScaleConfig,
  type ScaleFieldType,
  SliderConfig,
  StatementConfig,
} from './models/field.js';
export {
  AddFieldBody,
  CreateBlankFormBody,
  CreateFormBody,
  CreateFormFromSchemaBody,
  CreateFormFromTemplateBody,
  Form,
  FormListItem,
  FormListQuery,
  FormPage,
  PUBLISH_STATUSES,
  PUBLISH_VISIBILITIES,
  PublishFormResult,
  type PublishStatus,
  type PublishVisibility,
  UpdateFieldBody,
  UpdateFormBody,
} from './models/form.js';
export {
  ACCESS_TOKEN_HEADER,
  AllowEdit,
  accessCookieName,
  FORM_ACCESS_LIMITS,
  FormAccess,
  OneResponse,
  PutFormAccessBody,
  UnlockFormBody,
  UnlockFormResult,
} from './models/form-access.js';
export {
  FORM_DEFINITION_FORMAT,
  FormDefinition,
  IMPORT_SOURCES,
  ImportFormBody,
  ImportFormResult,
  ImportProblem,
  type ImportSource,
  PortableTheme,
} from './models/form-definition.js';
export {
  FieldFigures,
  FormFigures,
  FormFiguresQuery,
  QuizFigures,
  RevenueFigure,
  SectionFigures,
} from './models/form-figures.js';
export {
  ConfirmEmailBody,
  ConfirmEmailResult,
  CreatedFormLink,
  CreatedFormLinks,
  CreateFormLinksBody,
  FORM_LINK_LIMITS,
  FormLink,
  FormLinkPage,
  LINK_TOKEN_PARAM,
  LinkPrefill,
  LinkRecipient,
  LinkToken,
  linkCookieName,
  VerificationToken,
  VerifyEmailBody,
  VerifyEmailResult,
  verifiedCookieName,
} from './models/form-link.js';
export {
  FormDraft,
  FormRevision,
  FormRevisionDetail,
  FormRevisionList,
  PutFormDraftBody,
} from './models/form-revision.js';
export {
  CAPTCHA_PROVIDERS,
  type CaptchaProvider,
  DEFAULT_SCHEMA_VERSION,
  FORM_LAYOUTS,
  FormCaptcha,
  FormCompletion,
  FormEnding,
  type FormEndingZod,
  type FormLayout,
  FormMeta,
  FormNotifications,
  FormQuiz,
  FormSchema,
  FormSettings,
  FormTranslations,
  FormVariable,
  JsonValue,
  MAX_ALLOWED_ORIGINS,
  MAX_ENDINGS,
  MAX_OWNER_EMAILS,
  QUIZ_FEEDBACK,
  type QuizFeedback,
  VARIABLE_TYPES,
  type VariableType,
  WebOrigin,
} from './models/form-schema.js';
export {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_RULE,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IdempotencyKey,
  isIdempotencyKey,
} from './models/idempotency.js';
export {
  CONNECTION_STATUSES,
  ConnectDiscordBody,
  ConnectionList,
  type ConnectionStatus,
  DashboardConnections,
  DEFAULT_CONNECTION_EVENTS,
  INTEGRATION_PROVIDERS,
  IntegrationConnection,
  type IntegrationProvider,
  LoginBody,
  LoginResult,
  SlackInstallStart,
  UpdateConnectionEventsBody,
} from './models/integration.js';
export {
  FALLBACK_LANGUAGE,
  isLanguage,
  LANGUAGES,
  type Language,
  SCHEMA_LIMITS,
  supportedLanguage,
  TEXT_LIMITS,
} from './models/limits.js';
export {
  AcceptInvitationBody,
  CreatedInvitation,
  INVITATION_TTL_DAYS,
  Invitation,
  InviteMemberBody,
  Member,
  MemberList,
  UpdateMemberBody,
} from './models/member.js';
export { hasMorePages, PAGING, PageInfo, PageQuery, page } from './models/paging.js';
export {
  CompletePartialBody,
  CreatedPartial,
  PartialListItem,
  PartialPage,
  PublicPartial,
  RESUME_DAYS,
  ResumeToken,
  SavePartialBody,
} from './models/partial.js';
export {
  Passkey,
  PasskeyAuthenticationResponse,
  PasskeyCeremony,
  PasskeyList,
  PasskeyRegistrationBody,
  PasskeyRegistrationResponse,
  PasskeyRemoveBody,
  PasskeyRemoved,
  PasskeySignInBody,
  PasskeySignInOptionsBody,
} from './models/passkey.js';
export {
  CompletedPayment,
  ConnectStripeBody,
  PAID_PAGE_PATH,
  PAYMENT_STATUSES,
  type PaymentStatus,
  RefundBody,
  ResponsePayment,
  STRIPE_WEBHOOK_PATH,
  StartedPayment,
  StartPaymentBody,
  StripeConnection,
  stripeKeyMode,
} from './models/payment.js';
export {
  AI_LIMITS,
  type AiLimit,
  hasApiAccess,
  PLAN_LIMITS,
  PLAN_NAMES,
  PLANS,
  type Plan,
  type PlanLimits,
  PlanSchema,
  planAtLeast,
} from './models/plan.js';
export { PublicCaptcha, PublicForm, PublicFormQuery } from './models/public-form.js';
export {
  RATE_LIMIT_HEADERS,
  RATE_LIMIT_TYPES,
  RateLimitInfo,
  type RateLimitType,
} from './models/rate-limit.js';
export {
  AnswerValue,
  EditableResponse,
  EditedResponse,
  EditResponseBody,
  EditToken,
  FileAnswer,
  FormResponse,
  OtherAnswer,
  QuizAttemptToken,
  QuizFeedbackBody,
  QuizFeedbackResult,
  QuizQuestionMark,
  QuizResult,
  ResponseCount,
  ResponseExportQuery,
  ResponseHistory,
  ResponseListQuery,
  ResponsePage,
  ResponseRevision,
  SubmissionEnding,
  SubmissionQuiz,
  SubmitResponseBody,
  SubmitResponseResult,
  UploadFileBody,
  UploadResult,
  VariableValue,
} from './models/response.js';
export {
  isRole,
  PERMISSIONS,
  type Permission,
  ROLE_PERMISSIONS,
  ROLES,
  type Role,
  RoleSchema,
  roleAllows,
} from './models/roles.js';
export { isScope, SCOPE_DESCRIPTIONS, SCOPES, type Scope, ScopeSchema } from './models/scope.js';
export { JumpTarget, MAX_JUMPS_PER_SECTION, Section, SectionJump } from './models/section.js';
export {
  CreateSmartFormBody,
  PublishSmartFormResult,
  SMART_FORM_LIMITS,
  SMART_FORM_LIST_FILTERS,
  SMART_FORM_STATUSES,
  SmartForm,
  SmartFormDetail,
  SmartFormListQuery,
  SmartFormPage,
  SmartFormStats,
  type SmartFormStatus,
  UNPUBLISH_MODES,
  type UnpublishMode,
  UnpublishSmartFormBody,
  UpdateSmartFormBody,
} from './models/smart-form.js';
export { AggregateAnalyticsBody, AggregateAnalyticsResult } from './models/smart-form-analytics.js';
export {
  SMART_FORM_CHAT_EVENTS,
  SMART_FORM_CHAT_SESSION_WINDOW,
  SMART_FORM_CHAT_SSE_DESCRIPTION,
  SmartFormChatBody,
  type SmartFormChatEvent,
  type SmartFormChatEventName,
  SmartFormChatResult,
} from './models/smart-form-chat.js';
export {
  AnswerQuestionBody,
  FinishedSession,
  INTERVIEW_LIMITS,
  InterviewQuestion,
  InterviewStep,
  PublicSmartForm,
  RequestOtpBody,
  RequestOtpResult,
  SESSION_TOKEN_HEADER,
  SessionTokenHeaders,
  StartedSession,
  StartSessionBody,
  VerifyOtpBody,
  VerifyOtpResult,
} from './models/smart-form-interview.js';
export {
  SENTIMENTS,
  SESSION_LIST_FILTERS,
  SESSION_STATUSES,
  type Sentiment,
  SentimentScore,
  SessionAnalysis,
  SessionListQuery,
  SessionPage,
  type SessionStatus,
  SmartFormSession,
  SmartFormSessionDetail,
  TranscriptEntry,
} from './models/smart-form-session.js';
export {
  PutSsoBody,
  SSO_RECOVERY_CODE_LENGTH,
  SsoRecoveryBody,
  SsoRecoveryConfirmBody,
  SsoRecoveryRequested,
  SsoSettings,
} from './models/sso.js';
export {
  FormTemplate,
  FormTemplateList,
  TEMPLATE_CATEGORIES,
  type TemplateCategory,
  TemplateListQuery,
} from './models/template.js';
export {
  CONTRAST_MINIMUM,
  ContrastWarning,
  CreateThemeBody,
  contrastRatio,
  contrastWarnings,
  fontStack,
  HexColor,
  PublicTheme,
  relativeLuminance,
  SHIPPED_FONTS,
  type ShippedFont,
  THEME_CSS_MAX_BYTES,
  THEME_FONT_PATH,
  THEME_FONTS,
  THEME_MODES,
  THEME_SCOPE,
  THEMES_PER_ACCOUNT,
  Theme,
  ThemeColors,
  type ThemeFont,
  ThemeList,
  type ThemeLook,
  type ThemeMode,
  ThemePreset,
  ThemePresetList,
  themeVars,
  UpdateThemeBody,
} from './models/theme.js';
export { THEME_PRESETS } from './models/theme-presets.js';
export {
  CreateUploadBody,
  IMAGE_UPLOAD_PREFIX,
  OWNER_UPLOAD_ID_PATTERN,
  OWNER_UPLOAD_MAX_BYTES,
  OWNER_UPLOAD_TYPES,
  OWNER_UPLOADS_PER_ACCOUNT,
  OwnerUpload,
  PUBLIC_IMAGE_PATH,
  publicImageUrl,
  uploadIdOf,
} from './models/upload.js';
export {
  RuleWhen,
  VALIDATION_RULE_TYPES,
  ValidationRule,
  type ValidationRuleType,
} from './models/validation-rule.js';
export {
  CreatedHook,
  CreatedWebhook,
  CreateHookBody,
  CreateWebhookBody,
  DELIVERY_STATUSES,
  DeliveryAttempt,
  DeliveryListQuery,
  DeliveryPage,
  type DeliveryStatus,
  TestWebhookBody,
  UpdateWebhookBody,
  WEBHOOK_EVENT_DATA,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_HEADERS,
  WebhookAnswer,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEvent,
  type WebhookEventOf,
  type WebhookEventType,
  WebhookEventTypeSchema,
  WebhookList,
} from './models/webhook.js';
// --- The ts-rest contract -----------------------------------------------------------------
export {
  type ApiKeyRouteMetadata,
  AUTH_KINDS,
  type AuthKind,
  type ContractRoute,
  type CookieRouteMetadata,
  creates,
  flattenRoutes,
  type InterviewTokenRouteMetadata,
  meta,
  type PublicRouteMetadata,
  type RouteMetadata,
  routeMetadata,
  type SessionRouteMetadata,
  type ShareCodeRouteMetadata,
} from './routes/metadata.js';
export { type PublicRoute, publicRoutes } from './routes/public-routes.js';
export { RESPONSE_FILE_PATH } from './routes/responses.js';
export { type Contract, contract, contractRoutes } from './routes/router.js';
export { IdempotencyHeaders } from './routes/shared.js';
// --- Form templates: data the server answers; here and not in `./engine`, so no browser bundle carries them
export { type BuiltTemplate, formTemplate, formTemplates, templateView } from './templates/index.js';
// --- Webhook and callback signatures ------------------------------------------------------
export {
  ANALYTICS_SIGNATURE_HEADER,
  type DeliveryHeaders,
  generateWebhookSecret,
  type HeaderSource,
  type RawBody,
  type SignAnalyticsCallbackInput,
  type SignDeliveryInput,
  secretKeyBytes,
  signAnalyticsCallback,
  signDelivery,
  timingSafeEqual,
  type VerifiedDelivery,
  type VerifyAnalyticsCallbackInput,
  type VerifyDeliveryInput,
  verifyAnalyticsCallback,
  verifyDelivery,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookSignatureError,
  type WebhookSignatureFailure,
} from './webhooks/signature.js';
