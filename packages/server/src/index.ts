/**
 * @formloom/server: the reference server as a library. `apps/server` (the `formloom` binary)
 * wires these together; tests and embedders can too.
 */
export type {
  AiWorker,
  AiWorkerOptions,
} from './ai/jobs/worker.js';
export { detectLanguage } from './ai/language.js';
export { AiError, type AiProvider, type AiUsage } from './ai/provider.js';
export { createOfflineProvider, OFFLINE_PROVENANCE } from './ai/providers/offline.js';
export {
  createOpenAiProvider,
  type OpenAiProviderOptions,
  STRUCTURED_OUTPUT_MODES,
  type StructuredOutputMode,
} from './ai/providers/openai.js';
export { type AiSettings, createAiProvider, describeAiSettings } from './ai/settings.js';
export { type AiJobsOptions, type AiJobsServices, startAiJobs } from './ai-jobs.js';
export { type AppConfig, type AppDeps, createApp, DEFAULT_BODY_LIMIT_BYTES } from './app.js';
export { ensureDefaultAccount } from './bootstrap.js';
export {
  CAPTCHA_ENDPOINTS,
  type CaptchaProviderSettings,
  type CaptchaSettings,
  createCaptchaVerifier,
  DEFAULT_RECAPTCHA_MIN_SCORE,
} from './captcha/captcha-verifier.js';
export { type ChoresOptions, serverChores, startChores } from './chores.js';
export {
  createSecretBox,
  loadSecretKey,
  parseSecretKey,
  type SecretBox,
  SecretKeyError,
} from './crypto/secret-box.js';
export {
  createDb,
  type DbHandle,
  type DbOptions,
  type DialectName,
  type SqlDialect,
  sqliteFileOf,
} from './db/create-db.js';
export type { Database, Db } from './db/database.js';
export { sqlDialectOf } from './db/dialect.js';
export { migrateToLatest } from './db/migrate.js';
export {
  ConflictError,
  DomainError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  PaymentRequiredError,
  PreconditionFailedError,
  RateLimitedError,
  TooLargeError,
  UnauthenticatedError,
  UnavailableError,
  UnsupportedTypeError,
} from './domain-errors.js';
export {
  type Account,
  AccountError,
  type AccountsService,
  createAccountsService,
  parsePlan,
} from './features/accounts/index.js';
export { analyticsCallbackSender } from './features/analytics/index.js';
export {
  API_KEY_PREFIX,
  type ApiKeyInfo,
  type CreatedKey,
  createKeysService,
  DEFAULT_ROTATION_GRACE_MS,
  KeyError,
  type KeyStatus,
  type KeysService,
  MAX_ROTATION_GRACE_MS,
  maskApiKey,
  parseApiKey,
} from './features/auth/index.js';
export {
  archiveExpiredForms,
  createFormsAdmin,
  DEFAULT_DELETED_RETENTION_MS,
  FormAdminError,
} from './features/forms/index.js';
export {
  type ChatSenderOptions,
  createChatSenders,
  DEFAULT_SLACK_API_BASE_URL,
} from './features/integrations/index.js';
export {
  DEFAULT_MAILS_PER_RECIPIENT_HOUR,
  MAIL_CHANNEL,
  type MailSenderOptions,
  mailSender,
  messageIdOf,
} from './features/notifications/index.js';
export {
  DEFAULT_SESSION_IDLE_MS,
  sweepIdleSessions,
} from './features/smart-forms/index.js';
export {
  createUsersService,
  SCRYPT_PARAMS,
  type User,
  UserError,
  type UsersService,
} from './features/users/index.js';
export { AppError } from './http/app-error.js';
export { parseTrustProxy, type TrustProxy } from './http/trust-proxy.js';
export { type Chore, type Scheduler, startScheduler } from './jobs/scheduler.js';
export { createWorkSignals, type Wake, type WorkSignals } from './jobs/wake.js';
export { createLogger, type Logger, type LoggerOptions, REDACT_PATHS } from './logger.js';
export { createMailer, type Mail, type Mailer, type MailerOptions, MailSendError } from './mail/mailer.js';
export { MCP_PATH, type McpServerOptions, serveMcpStdio } from './mcp/index.js';
export { blockedReason } from './net/ssrf-guard.js';
export { type BackupManifest, type BackupOptions, backupSqlite } from './ops/backup.js';
export {
  CopyError,
  type CopyOptions,
  type CopyResult,
  copySqliteToPostgres,
} from './ops/copy-to-postgres.js';
export {
  holdInstanceLock,
  InstanceLockError,
  isInstanceRunning,
  withDataDirToItself,
} from './ops/instance-lock.js';
export { RestoreError, type RestoreOptions, type RestoreResult, restoreSqlite } from './ops/restore.js';
export { describeSqliteFile, type SqliteSummary } from './ops/sqlite-summary.js';
export { DEFAULT_RETRY_BASE_MS, MAX_RETRIES } from './outbox/backoff.js';
export type { OutboxSender, SendContext, SenderResult } from './outbox/channel.js';
export type { DueDelivery } from './outbox/outbox-store.js';
export { DEFAULT_ATTEMPT_TIMEOUT_MS } from './outbox/send.js';
export {
  type OutboxWorker,
  type OutboxWorkerOptions,
  pruneOutbox,
  startOutboxWorker,
} from './outbox/worker.js';
export {
  CREDIT_COSTS,
  CreditsError,
  type CreditsService,
  chatCost,
  createCreditsService,
  type Reservation,
} from './platform/credits/index.js';
export { createRateLimiter, type RateLimiter, type Usage } from './platform/limits/index.js';
export { type ListenOptions, listen, type RunningServer } from './server.js';
export { createServices, type Services, type ServicesDeps } from './services.js';
export { createLocalStorage } from './storage/local-storage.js';
export { createS3Storage, type S3StorageOptions } from './storage/s3-storage.js';
export type { Storage } from './storage/storage.js';
export { formatDuration, parseDuration } from './util/duration.js';
