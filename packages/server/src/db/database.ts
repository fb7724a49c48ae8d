import type { ColumnType, Generated, Insertable, Kysely, Selectable, Updateable } from 'kysely';

/**
 * The database as the server sees it. Types are kept to what every dialect stores the same way:
 * ids are UUID strings made in JS, JSON is text, timestamps are ISO 8601 strings in UTC with
 * milliseconds (`Date#toISOString()`), so they sort and compare as text on SQLite and PostgreSQL.
 */
export interface Database {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  forms: FormsTable;
  responses: ResponsesTable;
  response_revisions: ResponseRevisionsTable;
  webhook_events: WebhookEventsTable;
  outbox_targets: OutboxTargetsTable;
  outbox_deliveries: OutboxDeliveriesTable;
  outbox_delivery_attempts: OutboxDeliveryAttemptsTable;
  users: UsersTable;
  account_sso: AccountSsoTable;
  user_sessions: UserSessionsTable;
  user_two_factor: UserTwoFactorTable;
  user_recovery_codes: UserRecoveryCodesTable;
  user_passkeys: UserPasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  account_security: AccountSecurityTable;
  password_resets: PasswordResetsTable;
  sso_recovery_codes: SsoRecoveryCodesTable;
  setup_tokens: SetupTokensTable;
  invitations: InvitationsTable;
  credit_ledger: CreditLedgerTable;
  uploads: UploadsTable;
  owner_uploads: OwnerUploadsTable;
  themes: ThemesTable;
  ai_jobs: AiJobsTable;
  ai_usage: AiUsageTable;
  analytics_chat_sessions: AnalyticsChatSessionsTable;
  analytics_secrets: AnalyticsSecretsTable;
  analytics_reports: AnalyticsReportsTable;
  smart_forms: SmartFormsTable;
  smart_form_sessions: SmartFormSessionsTable;
  smart_form_questions: SmartFormQuestionsTable;
  smart_form_session_themes: SmartFormSessionThemesTable;
  smart_form_otps: SmartFormOtpsTable;
  rate_limits: RateLimitsTable;
  idempotency_keys: IdempotencyKeysTable;
  form_response_counts: FormResponseCountsTable;
  partials: PartialsTable;
  quiz_attempts: QuizAttemptsTable;
  form_revisions: FormRevisionsTable;
  form_drafts: FormDraftsTable;
  audit_log: AuditLogTable;
  custom_domains: CustomDomainsTable;
  form_links: FormLinksTable;
  form_email_codes: FormEmailCodesTable;
  destinations: DestinationsTable;
  destination_records: DestinationRecordsTable;
  payment_accounts: PaymentAccountsTable;
  payments: PaymentsTable;
}

export interface AccountsTable {
  id: string;
  name: string;
  /** FREE, STARTER, PRO or MAX. */
  plan: string;
  credit_balance: Generated<number>;
  created_at: string;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  /** The 12 hex characters after `formloom_`; unique, used to find the key. */
  key_id: string;
  /** SHA-256 of the secret, hex. The secret itself is never stored. */
  secret_hash: string;
  /** JSON array of scope names. */
  scopes: string;
  name: string | null;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  /** Set on the old key by a rotation: the id (not key id) of its successor. */
  rotated_to: string | null;
  /** The old key of a rotation works until then. */
  grace_until: string | null;
  last_used_at: string | null;
}

export interface FormsTable {
  id: string;
  account_id: string;
  title: string;
  /** `title` lower-cased in JS, so case-insensitive search is the same on every dialect. */
  title_search: string;
  description: string | null;
  /** JSON text of the FormSchema. */
  schema: string;
  /** DRAFT, PUBLISHED or ARCHIVED. */
  publish_status: string;
  /** PUBLIC or PRIVATE. */
  publish_visibility: string;
  share_code: string | null;
  published_at: string | null;
  expires_at: string | null;
  /** Kept in the same transaction as each insert, so counts and maxResponses need no scan. */
  response_count: Generated<number>;
  /** Bumped by every edit; an edit applies only to the version it read (optimistic locking). */
  version: Generated<number>;
  /** The live revision (`form_revisions`); null until first published. */
  revision: ColumnType<number | null, number | null | undefined, number | null>;
  /** The schema's `settings.retentionDays`, kept beside it for the retention chore; null: kept for good. */
  retention_days: ColumnType<number | null, number | null | undefined, number | null>;
  /** The live schema's `settings.slug`, kept beside it so it is unique in the account (an index). */
  slug: ColumnType<string | null, string | null | undefined, string | null>;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
  /** The access password's scrypt hash (`hashPassword`); null: no password. Never read back. */
  access_password_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** Before this time every public route answers 409 FORM_CLOSED; null: open. */
  access_opens_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** What a respondent is told before `access_opens_at`; null: the default text. */
  access_closed_message: ColumnType<string | null, string | null | undefined, string | null>;
  /** `link` or `email`: who may answer, once each; null: anyone, any number of times. */
  access_one_response: ColumnType<string | null, string | null | undefined, string | null>;
  /** Hours after submitting in which a respondent may edit the response; null: no editing. */
  access_edit_hours: ColumnType<number | null, number | null | undefined, number | null>;
}

/** An account's custom domain; `verified_at` set once its TXT record was found. */
export interface CustomDomainsTable {
  id: string;
  account_id: string;
  hostname: string;
  /** The TXT record's value asked for, stored as it is: DNS is public, so it is no secret. */
  txt_value: string;
  root_form_id: string | null;
  verified_at: string | null;
  checked_at: string | null;
  check_result: string | null;
  created_at: string;
}

export interface ResponsesTable {
  id: string;
  form_id: string;
  account_id: string;
  /** JSON text of the normalised answers, keyed by field id. */
  answers: string;
  submitted_at: string;
  idempotency_key: string | null;
  /** SHA-256 of the submitted answers, so a key reused with another body is told apart. */
  idempotency_fingerprint: string | null;
  /** The language the respondent answered in (`pickLanguage`); null for rows stored before it was recorded. */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * JSON text of the form's variables computed at submission (`{<id>: number | string}`); null for
   * forms without variables and rows stored before variables were (read as `{}`).
   */
  variables: ColumnType<string | null, string | null | undefined, string | null>;
  /** The id of the form's ending the response reached (`settings.endings`); null for the default completion. */
  ending_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The form's revision the response answered; null for rows stored before revisions were. */
  form_revision: ColumnType<number | null, number | null | undefined, number | null>;
  /** JSON `{correct, total, score, passed}` of a quiz (`settings.quiz`); null for other forms. */
  quiz: ColumnType<string | null, string | null | undefined, string | null>;
  /** SHA-256 (hex) of the respondent's edit token (`allowEdit`); null when the form took no edits. */
  edit_token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the respondent last edited the answers; null when never. */
  updated_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The address the respondent proved (`oneResponse: "email"`); unique per form. */
  verified_email: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON of the response's payment (`ResponsePayment`); null for a form without a payment field. */
  payment: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An account's Stripe keys: the secrets sealed with the account's id as associated data. */
export interface PaymentAccountsTable {
  account_id: string;
  secret_key_sealed: string;
  webhook_secret_sealed: string;
  publishable_key: string;
  /** `test` or `live`, from the keys' prefix. */
  mode: string;
  created_at: string;
  updated_at: string;
}

/** A payment from its start to the response it stored (features/payments). */
export interface PaymentsTable {
  id: string;
  form_id: string;
  account_id: string;
  /** The Stripe Checkout Session's id; unique. */
  session_id: string;
  /** JSON text of the answers as sent at the start, submitted once paid. */
  answers: string;
  language: string | null;
  /** In the currency's minor units, as the server computed it at the start. */
  amount: number;
  currency: string;
  /** `PAYMENT_STATUSES`. */
  status: string;
  payment_intent_id: string | null;
  refunded_amount: ColumnType<number, number | undefined, number>;
  /** The response stored once paid; null before. */
  response_id: string | null;
  /** Why the server refunded it on its own (its response could not be stored); null otherwise. */
  refund_reason: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

/** Answers an edit of a response replaced, as they were (the owner reads them as its history). */
export interface ResponseRevisionsTable {
  id: string;
  response_id: string;
  answers: string;
  variables: string | null;
  language: string | null;
  ending_id: string | null;
  quiz: string | null;
  /** When these answers were given: the submission, or the edit before. */
  answered_at: string;
  replaced_at: string;
}

/** A personal link of a form: only its token's SHA-256 is kept; used once. */
export interface FormLinksTable {
  id: string;
  form_id: string;
  account_id: string;
  token_hash: string;
  email: string | null;
  /** JSON `{<prefill param>: value}`; null: none. */
  prefill: string | null;
  created_at: string;
  used_at: string | null;
  response_id: string | null;
}

/** A code e-mailed to a respondent proving an address: an HMAC of it, valid until `expires_at`. */
export interface FormEmailCodesTable {
  id: string;
  form_id: string;
  email: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: string;
  created_at: string;
}

/** A revision of a published form: its title and schema as they were live from `published_at`. */
export interface FormRevisionsTable {
  form_id: string;
  revision: number;
  title: string;
  schema: string;
  published_at: string;
  /** Who made it: `user` or `key`, their id and a member's email then; null for a server task. */
  by_type: string | null;
  by_id: string | null;
  by_email: string | null;
}

/** A published form's changes kept apart until published (the builder's edits). */
export interface FormDraftsTable {
  form_id: string;
  title: string | null;
  schema: string;
  /** The live revision when the draft began; null for a form never published. */
  base_revision: number | null;
  updated_at: string;
}

/** A quiz attempt with feedback after each answer: the first answer each question was marked for. */
export interface QuizAttemptsTable {
  /** SHA-256 (hex) of the attempt token; the token itself is never stored. */
  token_hash: string;
  form_id: string;
  /** JSON text: field id -> the answer marked first. */
  answers: string;
  created_at: string;
  expires_at: string;
}

/** The outbox: one row per event, written in the transaction of the change that caused it. */
export interface WebhookEventsTable {
  id: string;
  /** Commit order of events (max + 1 inside the writing transaction); deliveries are sent in it. */
  seq: number;
  account_id: string;
  type: string;
  /** The exact JSON body sent: `{type, created_at, data}`. */
  payload: string;
  created_at: string;
}

/** One event to one endpoint. The id is the delivery id receivers see, the same on every retry. */
export interface OutboxDeliveriesTable {
  id: string;
  event_id: string;
  endpoint_id: string;
  account_id: string;
  event_seq: number;
  event_type: string;
  /** pending, succeeded or failed. */
  status: string;
  attempt_count: Generated<number>;
  /** Of `attempt_count`, the postponements (a sending limit held it back), which use up no retry. */
  postponements: Generated<number>;
  /** When a pending delivery is due; null once it is finished. */
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface OutboxDeliveryAttemptsTable {
  delivery_id: string;
  attempt: number;
  started_at: string;
  duration_ms: number;
  status_code: number | null;
  /** 1 or 0. */
  ok: number;
  error: string | null;
  response_body: string | null;
}

/**
 * A target of an outbox channel: a webhook endpoint, a Slack or Discord connection, a
 * smart analytics callback. Its deliveries and attempts live in `outbox_deliveries` and
 * `outbox_delivery_attempts`.
 */
export interface OutboxTargetsTable {
  id: string;
  account_id: string;
  /** The sender that serves it: `webhook`, `slack`, `discord`... */
  channel: string;
  /** What a person sees in a list: a channel name, a webhook's last characters, an endpoint's URL. */
  label: string;
  /**
   * The channel's settings, sealed with the server key, the id as context: a chat connection's
   * tokens and URLs as JSON, a webhook endpoint's signing secret.
   */
  config_sealed: string;
  /** A webhook endpoint's URL, normalised (`new URL(url).href`); unique per account. Null elsewhere. */
  url: string | null;
  /** A webhook endpoint's description. */
  description: string | null;
  /** The last 4 characters of a webhook endpoint's signing secret. */
  secret_last4: string | null;
  /** JSON array of event types. */
  events: string;
  /**
   * A webhook endpoint's forms, or a destination's one form (JSON array of form ids): only their
   * events go out. Null: every form.
   */
  form_ids: string | null;
  /** 1 for a REST hook (`POST /v1/hooks`): deleted, not disabled, when its URL answers 410 Gone. */
  rest_hook: Generated<number>;
  /** The user who connected it, when a person did. */
  created_by: string | null;
  /**
   * 1 or 0. Nothing is sent to a disabled target; whether events are still queued for it is its
   * channel's rule (outbox/channel.ts): a webhook endpoint keeps them, a chat connection in ERROR
   * (docs/integrations.md "Delivery, rate limits and ERROR") does not.
   */
  is_active: number;
  /** Failed deliveries in a row; reset by a success, 5 disable the target. */
  consecutive_failures: Generated<number>;
  /** Why the target was disabled (`failures`, `gone`, `paused`), null otherwise. */
  disabled_reason: string | null;
  /** The worker process that owns this target's queue until `lease_until` (one sender per target). */
  lease_owner: string | null;
  lease_until: string | null;
  created_at: string;
  updated_at: string;
}

/** A person who signs in (the dashboard and the integrations API): `formloom users create`, or an accepted invitation. */
export interface UsersTable {
  id: string;
  account_id: string;
  /** Lower-cased; unique across accounts, since it is what a person signs in with. */
  email: string;
  /** `scrypt$N$r$p$<salt>$<hash>` (base64), see features/users/password.ts. */
  password_hash: string;
  /** `owner` | `admin` | `editor` | `viewer` (contract ROLES); each route's permission is checked against it. */
  role: Generated<string>;
  /** `<issuer> <sub>` of the single sign-on this member signed in with; null for a password member. */
  sso_subject: string | null;
  created_at: string;
  updated_at: string;
}

/** An account's single sign-on (features/sso): its OpenID Connect provider and who may join. */
export interface AccountSsoTable {
  account_id: string;
  /** The provider's issuer URL, as its discovery document names it. */
  issuer: string;
  client_id: string;
  /** Sealed with the server key, the account id as context. */
  client_secret_sealed: string;
  /** JSON array of lower-cased e-mail domains. */
  allowed_domains: string;
  /** The role of a member made by a first sign-in. */
  default_role: string;
  /** 1: members sign in through the provider only; owners' way back in is an e-mailed code. */
  enforce: number;
  updated_at: string;
}

/** A dashboard session (`formloom_session` cookie `<id>.<secret>`): only the secret's SHA-256 is kept. */
export interface UserSessionsTable {
  id: string;
  user_id: string;
  secret_hash: string;
  created_at: string;
  /** Fixed at sign-in; the session is refused from then on. */
  expires_at: string;
  /** The client address and User-Agent it signed in from (null for sessions older than them). */
  ip?: string | null;
  user_agent?: string | null;
  /** Its last request, written at most once a minute. */
  last_seen_at?: string | null;
}

/** A member's TOTP secret (sealed), on once confirmed; `last_step` makes each code good once. */
export interface UserTwoFactorTable {
  user_id: string;
  secret_sealed: string;
  created_at: string;
  enabled_at: string | null;
  last_step: number | null;
}

/** A single-use recovery code of a member's two-factor: only its SHA-256 is kept. */
export interface UserRecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

/** A member's passkey: a WebAuthn credential (its id and COSE public key in base64url). */
export interface UserPasskeysTable {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  /** The authenticator's signature counter (0 for those that keep none); bigint on PostgreSQL. */
  counter: number | string;
  /** JSON array of the transports the browser reported, or null. */
  transports: string | null;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** A WebAuthn challenge handed out and not yet used: good once, until `expires_at`. */
export interface PasskeyChallengesTable {
  id: string;
  challenge: string;
  /** `register` (for `user_id`) or `authenticate` (for `user_id` when one is expected). */
  purpose: string;
  user_id: string | null;
  created_at: string;
  expires_at: string;
}

/** An account's sign-in rules; no row is `require_2fa` 0. */
export interface AccountSecurityTable {
  account_id: string;
  require_2fa: number;
  updated_at: string;
}

/** A password reset link's token (`<id>.<secret>`, hashed): spent once within 30 minutes. */
export interface PasswordResetsTable {
  id: string;
  user_id: string;
  secret_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** An owner's e-mailed code to sign in under enforced single sign-on: an HMAC of it, its tries, 15 minutes. */
export interface SsoRecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: string;
  expires_at: string;
}

/** The first-run setup link's token (`<id>.<secret>`, hashed): redeemed once, within 24 hours. */
export interface SetupTokensTable {
  id: string;
  account_id: string;
  secret_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** An invitation link's token (`<id>.<secret>`, hashed): redeemed once within 7 days, or revoked. */
export interface InvitationsTable {
  id: string;
  account_id: string;
  email: string;
  role: string;
  secret_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

/**
 * The one limiter's counts (`features/limits/limiter.ts`): `points` taken by `key` in the window
 * ending at `reset_at` (ms since 1970); `last_granted` is what the last take granted.
 */
export interface RateLimitsTable {
  key: string;
  reset_at: number;
  points: number;
  last_granted: number;
}

/** Every change of an account's credit balance, written in the same transaction as the change. */
export interface CreditLedgerTable {
  id: string;
  account_id: string;
  /** grant, reserve or refund. */
  kind: string;
  /** Signed change of the balance. */
  delta: number;
  balance_after: number;
  reason: string;
  /** On a refund: the reservation it gives back. */
  reservation_id: string | null;
  /** On a reservation: credits refunded from it so far. */
  refunded: Generated<number>;
  created_at: string;
}

/** A file from the public upload route; its bytes are in the storage backend under `storage_key`. */
export interface UploadsTable {
  /** The upload id a `file` answer carries: 24 base64url characters, unguessable. */
  id: string;
  form_id: string;
  account_id: string;
  /** The `file` field it was uploaded for; a submission may use it for that field only. */
  field_id: string;
  storage_key: string;
  /** The file name as the respondent's browser gave it, without any folder part. */
  name: string;
  size: number;
  /** MIME type detected from the content (magic bytes), not the one the client sent. */
  type: string;
  created_at: string;
  /** An upload no submission has claimed by then is deleted. */
  expires_at: string;
  /** The response that carries it; null until a submission claims it. */
  response_id: string | null;
}

/** An AI job: claimed by a worker with a lease, like the webhook outbox (see ai/jobs). */
export interface AiJobsTable {
  id: string;
  account_id: string;
  kind: string;
  /** PENDING, PROCESSING, DONE or FAILED. */
  status: string;
  /** The job's input, JSON. */
  input: string;
  /** What a DONE job produced, JSON (e.g. `{formId}`). */
  result: string | null;
  /** Why a FAILED job failed, in words for the API caller. */
  error: string | null;
  /** The AiProvenance of the provider that did the work, JSON. */
  provider: string | null;
  reservation_id: string | null;
  /** Who queued the job ('user' or 'key', the id, a member's email, the address); null: no one's. */
  started_by_type: string | null;
  started_by_id: string | null;
  started_by_email: string | null;
  started_by_ip: string | null;
  attempts: Generated<number>;
  run_after: string;
  lease_owner: string | null;
  lease_until: string | null;
  prompt_tokens: Generated<number>;
  completion_tokens: Generated<number>;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** The tokens of one AI call, as the provider reported them or as counted (`estimated` = 1). */
export interface AiUsageTable {
  id: string;
  account_id: string;
  job_id: string | null;
  task: string;
  provider: string;
  model: string;
  prompt_tokens: number;
  completion_tokens: number;
  estimated: number;
  created_at: string;
}

/** An analytics chat session: the questions and answers about one form's responses. */
export interface AnalyticsChatSessionsTable {
  id: string;
  account_id: string;
  form_id: string;
  /** `[{role: "user" | "assistant", content}]`, JSON. */
  messages: string;
  question_count: number;
  last_active_at: string;
  created_at: string;
}

/** The account's analytics signing secret, sealed with the server key like webhook secrets. */
export interface AnalyticsSecretsTable {
  account_id: string;
  secret_sealed: string;
  secret_last4: string;
  created_at: string;
}

/** A smart analytics report and the state of its signed callback. */
export interface AnalyticsReportsTable {
  id: string;
  account_id: string;
  form_id: string;
  job_id: string;
  callback_url: string;
  status: string;
  report: string | null;
  error: string | null;
  callback_body: string | null;
  delivery_status: string;
  delivery_attempts: Generated<number>;
  delivery_error: string | null;
  created_at: string;
  updated_at: string;
}

/** A smart form: an AI-conducted interview built from `purpose`. */
export interface SmartFormsTable {
  id: string;
  account_id: string;
  title: string;
  /** `title` lower-cased in JS, so case-insensitive search is the same on every dialect. */
  title_search: string;
  description: string | null;
  purpose: string;
  target_audience: string | null;
  /** JSON array of ISO 639-1 codes. */
  languages: string;
  max_questions: number;
  /** 0 or 1. */
  is_private: number;
  reference_json: string | null;
  /** draft or published. */
  status: string;
  share_code: string | null;
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One interview of a smart form. */
export interface SmartFormSessionsTable {
  id: string;
  smart_form_id: string;
  account_id: string;
  /** active, completed or abandoned. */
  status: string;
  language: string | null;
  /** 1 when `language` was detected, not given: the first answer may still change it. */
  language_detected: number;
  respondent_email: string | null;
  /** SHA-256 of the session token, hex. */
  token_hash: string;
  question_count: number;
  answered_count: number;
  /** 1 once the interviewer has no more questions (purpose covered, or maxQuestions reached). */
  interview_done: number;
  started_at: string;
  last_activity_at: string;
  completed_at: string | null;
  duration_ms: number | null;
  /** SessionAnalysis JSON. */
  analysis: string | null;
  analysed_at: string | null;
  sentiment_label: string | null;
  sentiment_score: number | null;
}

/** A question an interview asked (1-based `idx`) and the respondent's answer. */
export interface SmartFormQuestionsTable {
  session_id: string;
  idx: number;
  id: string;
  text: string;
  language: string;
  /** 1 when the generic question stood in for an unusable model reply. */
  fallback: number;
  answer: string | null;
  asked_at: string;
  answered_at: string | null;
}

export interface SmartFormSessionThemesTable {
  session_id: string;
  smart_form_id: string;
  theme: string;
}

/** A one-time code sent to a respondent of a private smart form. */
export interface SmartFormOtpsTable {
  id: string;
  smart_form_id: string;
  email: string;
  ip: string;
  /** HMAC-SHA256 of the code keyed by the row id, hex. */
  code_hash: string;
  attempts: number;
  expires_at: string;
  /** SHA-256 of the verification token a right code returned; usable once. */
  verification_hash: string | null;
  verified_at: string | null;
  used_at: string | null;
  created_at: string;
}

export type Db = Kysely<Database>;
export type AiJobRow = Selectable<AiJobsTable>;
export type AccountRow = Selectable<AccountsTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type NewApiKey = Insertable<ApiKeysTable>;
export type FormRow = Selectable<FormsTable>;
export type NewForm = Insertable<FormsTable>;
export type FormUpdate = Updateable<FormsTable>;
export type ResponseRow = Selectable<ResponsesTable>;
export type UploadRow = Selectable<UploadsTable>;

/** Images a form maker uploaded (`POST /v1/uploads`), named in schemas as `upload:<id>`. */
export interface OwnerUploadsTable {
  id: string;
  account_id: string;
  storage_key: string;
  /** The image type, from its content. */
  content_type: string;
  size: number;
  created_at: string;
  /** When the sweep last found a form naming it (at first, `created_at`). */
  checked_at: string;
}
export type OwnerUploadRow = Selectable<OwnerUploadsTable>;

export interface ThemesTable {
  id: string;
  account_id: string;
  name: string;
  /** JSON: the eight colours. */
  colors: string;
  font: string;
  radius: number;
  /** Upload ids (`owner_uploads.id`) of the account. */
  logo: string | null;
  background_color: string | null;
  background_image: string | null;
  mode: string;
  /** As the maker wrote it. */
  css: string | null;
  /** Checked, every rule under the form's scope: what the page and the embeds apply. */
  css_scoped: string | null;
  created_at: string;
  updated_at: string;
}
export type ThemeRow = Selectable<ThemesTable>;
export type PartialRow = Selectable<PartialsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type PaymentAccountRow = Selectable<PaymentAccountsTable>;
export type SmartFormRow = Selectable<SmartFormsTable>;
export type SmartFormSessionRow = Selectable<SmartFormSessionsTable>;
export type SmartFormQuestionRow = Selectable<SmartFormQuestionsTable>;

/** One Idempotency-Key of an account: the request it was first used with and, once done, its answer. */
export interface IdempotencyKeysTable {
  account_id: string;
  key: string;
  fingerprint: string;
  response_status: number | null;
  response_body: string | null;
  created_at: string;
  expires_at: string;
}

/**
 * Responses counted beside `forms.response_count`, in shards, for forms without `maxResponses`:
 * a form's count is its `response_count` plus the sum of its shards.
 */
export interface FormResponseCountsTable {
  form_id: string;
  shard: number;
  count: number;
}

/** A partial response (save and resume): answers saved under a resume token, completed once. */
export interface PartialsTable {
  id: string;
  form_id: string;
  account_id: string;
  /** SHA-256 (hex) of the resume token; the token itself is never stored. */
  token_hash: string;
  /** JSON text of the saved answers, keyed by field id, as sent (types checked). */
  answers: string;
  /** Saved answers that are not empty, for the owner's list. */
  answered_count: number;
  /** The page (section id) the respondent is on. */
  page: string | null;
  /** The respondent's shuffle seed, so a resume on another device shows the same order. */
  seed: string | null;
  /** The furthest page (by the schema's section order when saved) the respondent reached: the funnel. */
  reached_page: string | null;
  /** The response that completed it; null while unfinished. */
  response_id: string | null;
  created_at: string;
  updated_at: string;
  expires_at: string;
}

/** The audit log: one change by a member or an API key (features/audit). */
export interface AuditLogTable {
  id: string;
  account_id: string;
  at: string;
  /** `user` or `key`. */
  actor_type: string;
  /** The user's id, or the key's public id (`formloom_<key id>`). */
  actor_id: string;
  actor_email: string | null;
  /** `<resource>.<past verb>` (AUDIT_ACTIONS). */
  action: string;
  target_type: string;
  target_id: string;
  ip: string | null;
}
export type AuditLogRow = Selectable<AuditLogTable>;

/** A form's destination (features/destinations); its credentials are sealed in its outbox target, same id. */
export interface DestinationsTable {
  id: string;
  form_id: string;
  account_id: string;
  /** `airtable` or `notion` (contract DESTINATION_KINDS). */
  kind: string;
  /** JSON: where it writes (`{baseId, table}` for Airtable, `{dataSourceId}` for Notion). */
  target: string;
  /** JSON `{<fieldId>: <column>}`, or null: every field under its label. */
  field_map: string | null;
  /** JSON of what the provider keeps between deliveries (Google Sheets: the sheet's id and columns), or null. */
  state: string | null;
  created_at: string;
  updated_at: string;
}
export type DestinationRow = Selectable<DestinationsTable>;

/** The provider's record of a response written to a destination: found again by a retry, an edit, a deletion. */
export interface DestinationRecordsTable {
  destination_id: string;
  response_id: string;
  record_id: string;
  written_at: string;
}
