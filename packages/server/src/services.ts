import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { Plan, PlanLimits } from '@formloom/contract';
import { createChatRunner } from './ai/chat-runner.js';
import type { AiProvider } from './ai/provider.js';
import { createOfflineProvider } from './ai/providers/offline.js';
import { type CaptchaSettings, createCaptchaVerifier } from './captcha/captcha-verifier.js';
import { deriveKey } from './crypto/derive-key.js';
import { createSecretBox } from './crypto/secret-box.js';
import type { Db } from './db/database.js';
import { sqlDialectOf } from './db/dialect.js';
import { createAccessService, UNLOCK_LIMITS, type UnlockLimits } from './features/access/index.js';
import { createAccountsService } from './features/accounts/index.js';
import { createAiService } from './features/ai/index.js';
import {
  analyticsCallbackSender,
  createAnalyticsChatService,
  createFiguresService,
  createSigningSecrets,
  createSmartAnalytics,
} from './features/analytics/index.js';
import { createKeysService } from './features/auth/index.js';
import {
  CONNECTION_CHECK_TIMEOUT_MS,
  checkConnection,
  createDestinationSender,
  createDestinationsService,
  createGoogleConnect,
  createRevokedMails,
  googleSettings,
} from './features/destinations/index.js';
import { createDomainsService, createTxtLookup } from './features/domains/index.js';
import { createFormsAdmin, createFormsService } from './features/forms/index.js';
import { createReadiness } from './features/health/index.js';
import {
  createChatSenders,
  createConnectionsService,
  createOAuthState,
  DEFAULT_SLACK_API_BASE_URL,
  DEFAULT_SLACK_AUTHORIZE_URL,
} from './features/integrations/index.js';
import { createEmailVerification, createLinksService, createRespondentGate } from './features/links/index.js';
import {
  createFormMails,
  createResponseMails,
  enableMailTarget,
  MAIL_CHANNEL,
  mailSender,
} from './features/notifications/index.js';
import { createPartialsService, type PartialsService } from './features/partials/index.js';
import {
  createPaymentsService,
  createStripeClients,
  PAYMENT_LIMITS,
  type PaymentLimits,
} from './features/payments/index.js';
import {
  createFormPostTokens,
  createPublicRateLimiter,
  DEFAULT_PUBLIC_RATE_LIMIT,
  type PublicRateLimitOptions,
} from './features/public/index.js';
import { createResponsePdfs, createResponsesService } from './features/responses/index.js';
import {
  createInsightsService,
  createInterviewService,
  createOtpService,
  createSmartFormsService,
} from './features/smart-forms/index.js';
import { createSsoRecovery, createSsoService } from './features/sso/index.js';
import { createThemesService } from './features/themes/index.js';
import { createTransferService } from './features/transfer/index.js';
import {
  createOwnerUploadsService,
  createUploadsService,
  fileAnswers,
  keepUploadsUntil,
} from './features/uploads/index.js';
import {
  createCookieSessions,
  createCredentialCheck,
  createLogin,
  createLoginThrottle,
  createMembersService,
  createPasskeys,
  createPasswordResets,
  createSessionCheck,
  createSessionTokens,
  createSetupTokens,
  createTwoFactor,
  createUsersService,
  DEFAULT_LOGIN_LIMITS,
  type LoginLimits,
} from './features/users/index.js';
import { createWebhooksService } from './features/webhooks/index.js';
import type { TrustProxy } from './http/trust-proxy.js';
import { createWorkSignals, type WorkSignals } from './jobs/wake.js';
import { createLogger, type Logger } from './logger.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { createAuditService } from './platform/audit/index.js';
import { chatCost, createCreditsService } from './platform/credits/index.js';
import { createAccessTokens, createVerificationTokens } from './platform/form-access/index.js';
import { createLimiter, createRateLimiter } from './platform/limits/index.js';
import { createLocalStorage } from './storage/local-storage.js';
import type { Storage } from './storage/storage.js';

export interface AppConfig {
  /** Origin (optionally with a path prefix) of public links: `<publicUrl>/f/<code>`. */
  publicUrl: string;
  /** Largest JSON body accepted on any route (default 1 MB); larger is a 413. */
  bodyLimitBytes?: number;
  /** A JSON body must arrive within this once the headers have (default 10 s); later is a 408. */
  bodyTimeoutMs?: number;
  /** FORMLOOM_ALLOW_PRIVATE_TARGETS: webhooks may target private addresses and plain http (dev, tests). */
  allowPrivateTargets?: boolean;
  /**
   * Single sign-on may use a plain-http issuer on a loopback address (a provider run beside the
   * tests; no environment variable sets it); never another host. Off by default.
   */
  ssoAllowLoopbackHttp?: boolean;
  /**
   * FORMLOOM_DATA_DIR: uploaded files are kept in `<dataDir>/uploads` (unless `storage` is given).
   * Absent: a folder in the system's temp directory, for this process.
   */
  dataDir?: string;
  /**
   * FORMLOOM_TRUST_PROXY: the proxies believed about the client's address (`X-Forwarded-For`),
   * for the per-address limits and the request log. Default `false`: the socket's peer.
   */
  trustProxy?: TrustProxy;
  /**
   * Slack OAuth v2 for the dashboard's integrations page (FORMLOOM_SLACK_CLIENT_ID, _CLIENT_SECRET,
   * _API_BASE_URL, _AUTHORIZE_URL); absent: the page says Slack is not configured.
   */
  slack?: { clientId: string; clientSecret: string; apiBaseUrl?: string; authorizeUrl?: string };
  /** FORMLOOM_SLACK_API_BASE_URL: where the Slack sender calls chat.postMessage (default Slack's own). */
  slackApiBaseUrl?: string;
  /** FORMLOOM_AIRTABLE_API_BASE: where destinations call Airtable's REST API (default Airtable's own). */
  airtableApiBase?: string;
  /** FORMLOOM_NOTION_API_BASE: where destinations call Notion's API (default Notion's own). */
  notionApiBase?: string;
  /**
   * Google Sheets destinations: the OAuth client (FORMLOOM_GOOGLE_CLIENT_ID, _CLIENT_SECRET) and
   * where Google is (FORMLOOM_GOOGLE_OAUTH_BASE, _TOKEN_BASE, _SHEETS_BASE; Google's own by
   * default). Absent: connecting Google Sheets answers 409 GOOGLE_NOT_CONFIGURED.
   */
  google?: {
    clientId: string;
    clientSecret: string;
    oauthBase?: string;
    tokenBase?: string;
    sheetsBase?: string;
  };
  /** Notification mails to one recipient per hour (the mail sender's default unless given). */
  mailPerRecipientPerHour?: number;
  /** Origins besides discord.com that Discord webhook URLs may use (FORMLOOM_DISCORD_WEBHOOK_BASES). */
  discordWebhookBases?: readonly string[];
  /** The captcha providers forms may use (FORMLOOM_CAPTCHA_<PROVIDER>_*); absent: none. */
  captcha?: CaptchaSettings;
  /** The dashboard's static build (`apps/dashboard/dist`), served at /app; absent: /app says it is not built. */
  dashboardDir?: string;
  /** FORMLOOM_DELETED_RETENTION: deleted forms are purged after this (default 30 days). */
  deletedRetentionMs?: number;
  /** FORMLOOM_AUDIT_RETENTION: audit log entries are deleted after this (default 365 days). */
  auditRetentionMs?: number;
  /**
   * FORMLOOM_DNS_SERVERS: the DNS servers (`host:port`) custom domains' TXT records are looked up
   * at; absent: the system's.
   */
  dnsServers?: readonly string[];
  /**
   * FORMLOOM_STRIPE_API_BASE: where the Stripe client sends its requests (`http://127.0.0.1:4010`
   * for a stand-in); absent, Stripe's own API.
   */
  stripeApiBase?: string;
  /** Payments started per address and form, and per form (`PAYMENT_LIMITS`); what is not given is the default. */
  paymentLimits?: Partial<PaymentLimits>;
}

/** What the services are made of: the database, the time, the outside world and the settings. */
export interface ServicesDeps {
  db: Db;
  /** Default: the public URL of a local server (the operator CLI's commands make no links). */
  config?: AppConfig;
  /** Default: a silent logger. */
  logger?: Logger;
  /** The time, injectable so tests can move it (key expiry, rotation grace, form expiry). */
  clock?: () => Date;
  /**
   * Per-account rate limits and monthly quota: on by default with the contract's PLAN_LIMITS, or
   * with other `limits`. `false`: nothing counted, no headers.
   */
  rateLimits?: boolean | { limits: Readonly<Record<Plan, PlanLimits>> };
  /**
   * The 32-byte key secrets are sealed with (`loadSecretKey`). Absent: a random key for this
   * process only, so secrets made now cannot be used after a restart.
   */
  secretKey?: Uint8Array;
  /** Where uploaded files are stored; default: on disk under `config.dataDir`. */
  storage?: Storage;
  /** Answers the synchronous AI routes (analytics chat, interview questions) and the AI jobs; default: offline. */
  aiProvider?: AiProvider;
  /**
   * Per-address limit on the public page and public API routes (`/f/...`, `/v1/public/...`).
   * Default: on (120 requests a minute) unless the rate limits are off.
   */
  publicRateLimit?: boolean | PublicRateLimitOptions;
  /**
   * Sign-in throttling: attempts per address (default 20 in 15 minutes), failures per email before
   * its backoff (5; then 1 s doubling up to 5 minutes). See `features/users/login-throttle.ts`.
   */
  loginLimits?: Partial<LoginLimits>;
  /** Password tries of a protected form (`UNLOCK_LIMITS`); what is not given is the default. */
  unlockLimits?: Partial<UnlockLimits>;
  /** Sends the one-time codes of private smart forms and invitations; default: written to the log. */
  mailer?: Mailer;
  /** Longest wait for the model's next interview question before the generic one stands in (default 20 s). */
  interviewQuestionTimeoutMs?: number;
  /**
   * The wake-ups of the workers (`createWorkSignals`): what the services queue goes out at once
   * when the workers are given the same object (they are, through `services.signals`).
   */
  signals?: WorkSignals;
}

/**
 * Every service of the server, each built once, each given the services it uses. The HTTP app, the
 * AI jobs, the chores, the first run and the operator CLI receive this; none of them builds a
 * service (docs/server.md "Code map").
 */
export function createServices(deps: ServicesDeps): Services {
  const services = buildServices(deps);
  return {
    ...services,
    on: (conn) =>
      createServices({
        ...deps,
        db: conn,
        clock: services.clock,
        logger: services.logger,
        secretKey: services.secretKey,
        aiProvider: services.aiProvider,
        mailer: services.mailer,
        signals: services.signals,
        storage: services.storage,
      }),
  };
}

function buildServices(deps: ServicesDeps) {
  const { db, rateLimits = true, loginLimits, unlockLimits, interviewQuestionTimeoutMs } = deps;
  const config: AppConfig = deps.config ?? { publicUrl: 'http://localhost:3000' };
  const clock = deps.clock ?? (() => new Date());
  const logger = deps.logger ?? createLogger({ level: 'silent' });
  const secretKey = deps.secretKey ?? randomBytes(32);
  const aiProvider = deps.aiProvider ?? createOfflineProvider();
  const mailer = deps.mailer ?? createMailer({ logger });
  const signals = deps.signals ?? createWorkSignals();
  const storage =
    deps.storage ??
    createLocalStorage(join(config.dataDir ?? join(tmpdir(), `formloom-${process.pid}`), 'uploads'));
  const policy = { allowPrivateTargets: config.allowPrivateTargets ?? false };
  // One sealed-secrets box for everything the server seals (webhook and signing secrets, connections, replays).
  const box = createSecretBox(secretKey);

  const accounts = createAccountsService({ db, clock });
  const keys = createKeysService({ db, clock, accounts });
  // One sign-in throttle: the credential check counts attempts, a password reset forgets them.
  const loginThrottle = createLoginThrottle({
    db,
    limits: { ...DEFAULT_LOGIN_LIMITS, ...loginLimits },
    clock,
  });
  const users = createUsersService({ db, clock, accounts, throttle: loginThrottle });
  const audit = createAuditService({
    db,
    clock,
    ...(config.auditRetentionMs === undefined ? {} : { retentionMs: config.auditRetentionMs }),
  });
  const credits = createCreditsService({ db, clock, accounts });
  const uploads = createUploadsService({ db, clock, storage, logger });
  const ownerUploads = createOwnerUploadsService({ db, clock, storage });
  const captcha = createCaptchaVerifier({ settings: config.captcha ?? {}, policy });
  // Partials are made after the forms service, whose deletes must reach them: hence the late binding.
  let partials: PartialsService | undefined;
  const forms = createFormsService({
    db,
    clock,
    publicUrl: config.publicUrl,
    captchaProviders: captcha.providers,
    images: ownerUploads,
    themes: { assertOwned: (accountId, schema, trx) => themes.assertOwned(accountId, schema, trx) },
    onDeleted: async (formId) => {
      await uploads.deleteForForm(formId);
      await partials?.deleteForForm(formId);
    },
    onNotificationsSaved: async (formId) => {
      if (await enableMailTarget(db, formId, clock().toISOString())) signals.outbox.notify();
    },
    outbox: signals.outbox,
  });
  const formsAdmin = createFormsAdmin({
    db,
    clock,
    ...(config.deletedRetentionMs === undefined ? {} : { retentionMs: config.deletedRetentionMs }),
  });
  // Unlock tokens of password-protected forms: signed, not stored (a new password ends them).
  const accessTokens = createAccessTokens({ key: deriveKey(secretKey, 'form access'), clock });
  const access = createAccessService({
    db,
    clock,
    tokens: accessTokens,
    limits: { ...UNLOCK_LIMITS, ...unlockLimits },
  });
  // Tokens of respondents who proved an address: signed, not stored.
  const verificationTokens = createVerificationTokens({
    key: deriveKey(secretKey, 'respondent address'),
    clock,
  });
  const formMails = createFormMails();
  const destinationLimiter = createLimiter({ db, clock });
  const destinations = createDestinationsService({
    db,
    clock,
    secrets: box,
    forms,
    outbox: signals.outbox,
    check: (kind, target, token) =>
      checkConnection({
        kind,
        target,
        token,
        timeoutMs: CONNECTION_CHECK_TIMEOUT_MS,
        policy,
        now: () => clock().getTime(),
        airtableApiBase: config.airtableApiBase,
        notionApiBase: config.notionApiBase,
        // A person waits for the answer: a second or two of the provider's limit at most, then the
        // check goes ahead (the provider's own 429 answers it).
        take: async ({ key, limit, windowMs }) => {
          await destinationLimiter.consumeWithin(key, { limit, windowMs }, 2000);
        },
      }),
  });
  const google = config.google === undefined ? undefined : googleSettings(config.google);
  const googleConnect = createGoogleConnect({
    settings: google,
    secrets: box,
    clock,
    publicUrl: config.publicUrl,
    limiter: createLimiter({ db, clock }),
    forms,
    destinations,
    policy,
  });
  const responses = createResponsesService({
    db,
    clock,
    accessTokens,
    respondents: createRespondentGate({ verificationTokens }),
    forms,
    files: fileAnswers,
    outbox: signals.outbox,
    mails: createResponseMails({ dashboardOrigin: config.publicUrl }),
    deleteFiles: (keys) => uploads.deleteStored(keys),
    captcha,
    onDeleted: destinations.queueRemovals,
  });
  const responsePdfs = createResponsePdfs({
    forms,
    response: (form, responseId) => responses.getOf(form, responseId),
    fileBytes: async (formId, responseId, uploadId) => {
      const file = await uploads.open(formId, responseId, uploadId);
      return file === undefined ? undefined : buffer(file.body);
    },
    imageBytes: async (id) => {
      const image = await ownerUploads.open(id);
      return image === undefined
        ? undefined
        : { body: await buffer(image.body), type: image.row.content_type };
    },
    publicUrl: config.publicUrl,
  });
  const links = createLinksService({
    db,
    clock,
    publicUrl: config.publicUrl,
    mails: formMails,
    outbox: signals.outbox,
  });
  const emailVerification = createEmailVerification({
    db,
    clock,
    publicForm: responses.publicForm,
    verificationTokens,
    mails: formMails,
    outbox: signals.outbox,
    codeKey: deriveKey(secretKey, 'respondent codes'),
  });
  partials = createPartialsService({ db, clock, forms, responses, keepUploads: keepUploadsUntil });
  const ai = createAiService({ db, clock, forms, credits, aiJobs: signals.aiJobs });
  const chatRunner = createChatRunner({ credits, chatCost, provider: aiProvider });
  const analyticsChat = createAnalyticsChatService({ db, clock, forms, runner: chatRunner });
  const signingSecrets = createSigningSecrets({ db, box, clock });
  const smartAnalytics = createSmartAnalytics({
    db,
    clock,
    forms,
    credits,
    secrets: signingSecrets,
    policy,
    aiJobs: signals.aiJobs,
  });
  const themes = createThemesService({ db, clock, publicUrl: config.publicUrl, images: ownerUploads });
  const transfer = createTransferService({ clock, publicUrl: config.publicUrl, forms, themes });
  const webhooks = createWebhooksService({
    db,
    clock,
    secrets: box,
    policy,
    publicUrl: config.publicUrl,
    outbox: signals.outbox,
  });
  const sessionTokens = createSessionTokens({ serverKey: secretKey, clock });
  // Members' second factor: its codes count in the one sign-in throttle, its secrets are sealed.
  const twoFactor = createTwoFactor({ db, clock, box, throttle: loginThrottle });
  const sessionCheck = createSessionCheck({
    db,
    tokens: sessionTokens,
    accounts,
    mustEnrol: twoFactor.mustEnrol,
  });
  const connections = createConnectionsService({ db, box, clock });
  // One check for both sign-in paths (dashboard cookie, integrations token): one throttle.
  const sso = createSsoService({
    db,
    clock,
    secrets: box,
    publicUrl: config.publicUrl,
    users,
    policy,
    allowLoopbackHttp: config.ssoAllowLoopbackHttp ?? false,
  });
  const checkCredentials = createCredentialCheck({
    db,
    throttle: loginThrottle,
    twoFactor,
    clock,
    passwordAllowed: sso.passwordAllowed,
  });
  // Passkeys for the host of the public URL; they obey single sign-on's `enforce` as passwords do.
  const passkeys = createPasskeys({
    db,
    clock,
    publicUrl: config.publicUrl,
    twoFactor,
    passwordAllowed: sso.passwordAllowed,
  });
  const passwordResets = createPasswordResets({
    db,
    clock,
    publicUrl: config.publicUrl,
    throttle: loginThrottle,
    mailChannel: MAIL_CHANNEL,
    outbox: signals.outbox,
  });
  // Owners' way back in under enforced single sign-on: a code through the reset link's mail channel.
  const ssoRecovery = createSsoRecovery({
    db,
    clock,
    codeKey: deriveKey(secretKey, 'sso recovery codes'),
    throttle: loginThrottle,
    twoFactor,
    mailChannel: MAIL_CHANNEL,
    outbox: signals.outbox,
  });
  const login = createLogin({ check: checkCredentials, tokens: sessionTokens });
  const slack = config.slack && {
    clientId: config.slack.clientId,
    clientSecret: config.slack.clientSecret,
    apiBaseUrl: config.slack.apiBaseUrl ?? DEFAULT_SLACK_API_BASE_URL,
    authorizeUrl: config.slack.authorizeUrl ?? DEFAULT_SLACK_AUTHORIZE_URL,
  };
  const slackStates = createOAuthState({ serverKey: secretKey, clock });
  const cookieSessions = createCookieSessions({ db, clock, accounts });
  const members = createMembersService({ db, clock, publicUrl: config.publicUrl, mailer, logger, users });
  const setupTokens = createSetupTokens({ db, clock, users });
  const smartForms = createSmartFormsService({ db, clock, publicUrl: config.publicUrl });
  const domains = createDomainsService({
    db,
    clock,
    lookupTxt: createTxtLookup(config.dnsServers),
    publicUrl: config.publicUrl,
  });
  const payments = createPaymentsService({
    db,
    clock,
    box,
    forms,
    responses,
    stripe: createStripeClients(config.stripeApiBase),
    publicUrl: config.publicUrl,
    captcha,
    limits: { ...PAYMENT_LIMITS, ...config.paymentLimits },
  });
  const figures = createFiguresService({ db, forms, payments });
  const otp = createOtpService({ db, clock, mailer, secretKey });
  const interviews = createInterviewService({
    db,
    clock,
    provider: aiProvider,
    otp,
    logger,
    aiJobs: signals.aiJobs,
    ...(interviewQuestionTimeoutMs === undefined ? {} : { questionTimeoutMs: interviewQuestionTimeoutMs }),
  });
  const insights = createInsightsService({ db, clock, credits, provider: aiProvider, runner: chatRunner });
  const limiter =
    rateLimits === false
      ? undefined
      : createRateLimiter({ db, clock, ...(rateLimits === true ? {} : rateLimits) });

  const readiness = createReadiness({ db, logger });
  const { publicRateLimit = limiter !== undefined } = deps;
  // On PostgreSQL (several instances, one database) the per-address counts live in the database.
  const publicLimiter =
    publicRateLimit === false
      ? undefined
      : createPublicRateLimiter({
          db,
          clock,
          options: {
            ...DEFAULT_PUBLIC_RATE_LIMIT,
            store: sqlDialectOf(db).sharedByInstances ? 'database' : 'memory',
            ...(publicRateLimit === true ? {} : publicRateLimit),
          },
        });
  const formPostTokens = createFormPostTokens({ key: deriveKey(secretKey, 'public form post'), clock });
  // The outbox's senders besides the webhooks' (always there): chat apps, analytics callbacks, mail.
  const outboxSenders = [
    ...createChatSenders({
      box,
      publicUrl: config.publicUrl,
      slackApiBaseUrl: config.slackApiBaseUrl,
      schemaOf: async (accountId, formId) => (await forms.get(accountId, formId)).schema,
    }),
    analyticsCallbackSender(db, signingSecrets),
    createDestinationSender({
      db,
      box,
      limiter: destinationLimiter,
      schemaOf: async (accountId, formId) => (await forms.get(accountId, formId)).schema,
      answersOf: async (accountId, formId, responseIds) => {
        const found = await Promise.all(
          responseIds.map((id) => responses.get(accountId, formId, id).catch(() => undefined)),
        );
        return found.filter((r) => r !== undefined);
      },
      publicUrl: config.publicUrl,
      airtableApiBase: config.airtableApiBase,
      notionApiBase: config.notionApiBase,
      google,
      onRevoked: createRevokedMails({
        db,
        mails: formMails,
        publicUrl: config.publicUrl,
        clock,
        outbox: signals.outbox,
      }),
      clock,
    }),
    mailSender(db, {
      mailer,
      ...(config.mailPerRecipientPerHour === undefined
        ? {}
        : { perRecipientPerHour: config.mailPerRecipientPerHour }),
      accounts,
      responsePdf: responsePdfs.bodyIfAny,
    }),
  ];

  return {
    db,
    config,
    clock,
    logger,
    secretKey,
    box,
    aiProvider,
    mailer,
    signals,
    storage,
    accounts,
    keys,
    users,
    audit,
    credits,
    uploads,
    ownerUploads,
    captcha,
    forms,
    formsAdmin,
    access,
    links,
    emailVerification,
    responses,
    partials,
    ai,
    chatRunner,
    analyticsChat,
    figures,
    signingSecrets,
    smartAnalytics,
    webhooks,
    destinations,
    googleConnect,
    themes,
    transfer,
    responsePdfs,
    sessionTokens,
    sessionCheck,
    connections,
    checkCredentials,
    sso,
    ssoRecovery,
    twoFactor,
    passkeys,
    passwordResets,
    login,
    slack,
    slackStates,
    cookieSessions,
    members,
    setupTokens,
    smartForms,
    domains,
    payments,
    otp,
    interviews,
    insights,
    limiter,
    readiness,
    publicLimiter,
    formPostTokens,
    outboxSenders,
  };
}

export type Services = ReturnType<typeof buildServices> & {
  /**
   * The same services on `conn` (a transaction, or the connection holding a lock), for work that
   * must run on it, such as the first run under its lock. Made anew each call, with this
   * container's clock, key, provider, mailer, signals and storage.
   */
  on(conn: Db): Services;
};
