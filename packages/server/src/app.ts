import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contract, contractRoutes, type Plan, type PlanLimits } from '@formloom/contract';
import { createExpressEndpoints } from '@ts-rest/express';
import express, { type Express, type RequestHandler } from 'express';
import { createChatRunner } from './ai/chat-runner.js';
import type { AiProvider } from './ai/provider.js';
import { createOfflineProvider } from './ai/providers/offline.js';
import { type CaptchaSettings, createCaptchaVerifier } from './captcha/captcha-verifier.js';
import { createSecretBox } from './crypto/secret-box.js';
import type { Db } from './db/database.js';
import { sqlDialectOf } from './db/dialect.js';
import { createAccountRouter, createAccountsService } from './features/accounts/index.js';
import { createAiRouter, createAiService } from './features/ai/index.js';
import {
  createAnalyticsChatService,
  createAnalyticsRouter,
  createFiguresService,
  createSigningSecrets,
  createSmartAnalytics,
} from './features/analytics/index.js';
import {
  assertAuthKindsHandled,
  assertPermissionsNamed,
  authenticate,
  type CookieSessionVerifier,
  createApiKeysRouter,
  createKeysService,
  fixedCaller,
} from './features/auth/index.js';
import { createDashboardRouter } from './features/dashboard/index.js';
import { createFieldsRouter, createFormsRouter, createFormsService } from './features/forms/index.js';
import { createHealthRouter, createReadiness } from './features/health/index.js';
import {
  createBrowserRoutes,
  createConnectionsService,
  createIntegrationsRouter,
  createOAuthState,
  DEFAULT_SLACK_API_BASE_URL,
  DEFAULT_SLACK_AUTHORIZE_URL,
} from './features/integrations/index.js';
import { createResponseMails, enableMailTarget } from './features/notifications/index.js';
import {
  createPartialsRouter,
  createPartialsService,
  type PartialsService,
} from './features/partials/index.js';
import {
  createFormPostTokens,
  createPublicPageRouter,
  createPublicRateLimiter,
  createPublicRouter,
  DEFAULT_PUBLIC_RATE_LIMIT,
  limitPublicApi,
  type PublicRateLimitOptions,
  publicCors,
} from './features/public/index.js';
import { createResponsesRouter, createResponsesService } from './features/responses/index.js';
import {
  createInsightsService,
  createInterviewService,
  createOtpService,
  createSmartFormsRouter,
  createSmartFormsService,
} from './features/smart-forms/index.js';
import { createFileDownloadRouter, createUploadsService, fileAnswers } from './features/uploads/index.js';
import type { LoginLimits } from './features/users/index.js';
import {
  createCookieSessions,
  createCredentialCheck,
  createDashboardAuthRouter,
  createLogin,
  createMembersRouter,
  createMembersService,
  createSessionCheck,
  createSessionTokens,
  createSetupTokens,
  deriveKey,
  sessionVerifier,
} from './features/users/index.js';
import { createWebhooksRouter, createWebhooksService } from './features/webhooks/index.js';
import { describeBytes, jsonBody, requireJson } from './http/body-parsing.js';
import { errorHandler, notFoundHandler, tsRestValidationHandler } from './http/error-handler.js';
import {
  type AuthContext,
  normaliseRequest,
  requestId,
  requestLog,
  securityHeaders,
} from './http/request-context.js';
import { sameOriginSessions } from './http/same-origin.js';
import { expressTrustProxy, type TrustProxy } from './http/trust-proxy.js';
import type { RouterImplementation } from './http/ts-rest-types.js';
import { idempotency } from './idempotency/index.js';
import { createWorkSignals, type WorkSignals } from './jobs/wake.js';
import type { Logger } from './logger.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { createMcpRouter } from './mcp/index.js';
import { auditCallers, createAuditRouter, createAuditService } from './platform/audit/index.js';
import { createCreditsService } from './platform/credits/index.js';
import { createRateLimiter, rateLimit, writeHeadersOnForbidden } from './platform/limits/index.js';
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
  /** Origins besides discord.com that Discord webhook URLs may use (FORMLOOM_DISCORD_WEBHOOK_BASES). */
  discordWebhookBases?: readonly string[];
  /** The captcha providers forms may use (FORMLOOM_CAPTCHA_<PROVIDER>_*); absent: none. */
  captcha?: CaptchaSettings;
  /** The dashboard's static build (`apps/dashboard/dist`), served at /app; absent: /app says it is not built. */
  dashboardDir?: string;
}

export interface AppDeps {
  db: Db;
  logger: Logger;
  config: AppConfig;
  /** The time, injectable so tests can move it (key expiry, rotation grace, form expiry). */
  clock?: () => Date;
  /**
   * Per-account rate limits and monthly quota: on by default with the contract's PLAN_LIMITS, or
   * with other `limits`. `false`: nothing counted, no headers.
   */
  rateLimits?: boolean | { limits: Readonly<Record<Plan, PlanLimits>> };
  /**
   * Benchmarks only: no API-key authentication; every API-key route runs as this caller.
   * `formloom serve` never sets it.
   */
  fixedCaller?: AuthContext;
  /**
   * The 32-byte key webhook signing secrets are sealed with (`loadSecretKey`). Absent: a random
   * key for this process only, so secrets made now cannot be used after a restart.
   */
  secretKey?: Uint8Array;
  /** Where uploaded files are stored; default: on disk under `config.dataDir`. */
  storage?: Storage;
  /**
   * Per-address limit on the public page and public API routes (`/f/...`, `/v1/public/...`).
   * Default: on (120 requests a minute) unless `rateLimits` is `false`.
   */
  publicRateLimit?: boolean | PublicRateLimitOptions;
  /** Answers the synchronous AI routes (analytics chat, interview questions); default: the offline provider. */
  aiProvider?: AiProvider;
  /**
   * Sign-in throttling: attempts per address (default 20 in 15 minutes), failures per email before
   * its backoff (5; then 1 s doubling up to 5 minutes). See `features/users/login-throttle.ts`.
   */
  loginLimits?: Partial<LoginLimits>;
  /** Sends the one-time codes of private smart forms; default: written to the log (development). */
  mailer?: Mailer;
  /** Longest wait for the model's next interview question before the generic one stands in (default 20 s). */
  interviewQuestionTimeoutMs?: number;
  /**
   * The wake-ups of this app's workers (`createWorkSignals`): give the same object to
   * `startOutboxWorker` and `startAiJobs`, so what the app queues goes out at once. Default: its own.
   */
  signals?: WorkSignals;
}

export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The express app serving the contract: every route validated by ts-rest against the contract,
 * every answer in the envelope, every error through one handler. It does not listen.
 */
export function createApp({
  db,
  logger,
  config,
  clock = () => new Date(),
  rateLimits = true,
  publicRateLimit = rateLimits !== false,
  fixedCaller: caller,
  secretKey = randomBytes(32),
  aiProvider = createOfflineProvider(),
  loginLimits,
  mailer = createMailer({ logger }),
  interviewQuestionTimeoutMs,
  signals = createWorkSignals(),
  storage = createLocalStorage(join(config.dataDir ?? join(tmpdir(), `formloom-${process.pid}`), 'uploads')),
}: AppDeps): Express {
  // Deny by default: a route whose kind of credential nobody checks is not served at all.
  assertAuthKindsHandled(contractRoutes);
  assertPermissionsNamed(contractRoutes);
  const bodyLimit = config.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  // One sealed-secrets box for everything the server seals (webhook and signing secrets, connections, replays).
  const box = createSecretBox(secretKey);
  const keys = createKeysService(db, clock);
  const accounts = createAccountsService(db, clock);
  const uploads = createUploadsService({ db, clock, storage, logger });
  const captcha = createCaptchaVerifier(config.captcha ?? {}, {
    allowPrivateTargets: config.allowPrivateTargets ?? false,
  });
  // Partials are made after the forms service, whose deletes must reach them: hence the late binding.
  let partials: PartialsService | undefined;
  const forms = createFormsService({
    db,
    clock,
    publicUrl: config.publicUrl,
    captchaProviders: captcha.providers,
    onDeleted: async (formId) => {
      await uploads.deleteForForm(formId);
      await partials?.deleteForForm(formId);
    },
    onNotificationsSaved: async (formId) => {
      if (await enableMailTarget(db, formId, clock().toISOString())) signals.outbox.notify();
    },
    outbox: signals.outbox,
  });
  const responses = createResponsesService({
    db,
    clock,
    forms,
    files: fileAnswers,
    outbox: signals.outbox,
    mails: createResponseMails({ dashboardOrigin: config.publicUrl }),
    deleteFiles: (keys) => uploads.deleteStored(keys),
    captcha,
  });
  partials = createPartialsService({ db, clock, forms, responses });
  const credits = createCreditsService({ db, clock, accounts });
  const ai = createAiService({ db, clock, forms, credits, aiJobs: signals.aiJobs });
  const chatRunner = createChatRunner({ credits, provider: aiProvider });
  const analyticsChat = createAnalyticsChatService({ db, clock, forms, runner: chatRunner });
  const signingSecrets = createSigningSecrets(db, box, clock);
  const smartAnalytics = createSmartAnalytics({
    db,
    clock,
    forms,
    credits,
    secrets: signingSecrets,
    policy: { allowPrivateTargets: config.allowPrivateTargets ?? false },
    aiJobs: signals.aiJobs,
  });
  const webhooks = createWebhooksService({
    db,
    clock,
    secrets: box,
    policy: { allowPrivateTargets: config.allowPrivateTargets ?? false },
    publicUrl: config.publicUrl,
    outbox: signals.outbox,
  });
  const sessionTokens = createSessionTokens(secretKey, clock);
  const sessionCheck = createSessionCheck(db, sessionTokens);
  const connections = createConnectionsService({ db, box, clock });
  // One check for both sign-in paths (dashboard cookie, integrations token): one throttle.
  const checkCredentials = createCredentialCheck(db, clock, loginLimits);
  const login = createLogin(checkCredentials, sessionTokens);
  const slackSettings = config.slack && {
    clientId: config.slack.clientId,
    clientSecret: config.slack.clientSecret,
    apiBaseUrl: config.slack.apiBaseUrl ?? DEFAULT_SLACK_API_BASE_URL,
    authorizeUrl: config.slack.authorizeUrl ?? DEFAULT_SLACK_AUTHORIZE_URL,
  };
  const slackRedirectUri = `${config.publicUrl.replace(/\/+$/, '')}/integrations/slack/callback`;
  const slackStates = createOAuthState(secretKey, clock);
  const cookieSessions = createCookieSessions(db, clock);
  /** The dashboard's cookie to its member and account: for the auth middleware and Slack's callback. */
  const dashboardSession: CookieSessionVerifier = async (token) => {
    const found = await cookieSessions.resolve(token);
    if (found === undefined) return undefined;
    const { session, account } = found;
    const member = {
      userId: session.userId,
      email: session.email,
      role: session.role,
      sessionId: session.sessionId,
      expiresAt: session.expiresAt,
    };
    return { caller: { accountId: account.id, plan: account.plan, member }, account };
  };
  const members = createMembersService({ db, clock, publicUrl: config.publicUrl, mailer, logger });
  const smartForms = createSmartFormsService({ db, clock, publicUrl: config.publicUrl });
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
  const limiter =
    rateLimits === false
      ? undefined
      : createRateLimiter({ db, clock, ...(rateLimits === true ? {} : rateLimits) });

  const router: RouterImplementation<typeof contract> = {
    forms: createFormsRouter(forms),
    fields: createFieldsRouter(forms),
    responses: createResponsesRouter(responses, clock, createFiguresService(db, forms)),
    account: createAccountRouter(accounts, credits, clock, limiter),
    public: createPublicRouter(responses, uploads, interviews, otp, captcha),
    partials: createPartialsRouter(partials, responses.publicForm),
    audit: createAuditRouter(createAuditService(db, { clock }), clock),
    smartForms: createSmartFormsRouter(
      smartForms,
      createInsightsService({ db, clock, credits, provider: aiProvider, runner: chatRunner }),
      clock,
      logger,
    ),
    ai: createAiRouter(ai),
    analytics: createAnalyticsRouter(
      { chat: analyticsChat, smartAnalytics, secrets: signingSecrets },
      logger,
    ),
    webhooks: createWebhooksRouter(webhooks),
    integrations: createIntegrationsRouter({
      login,
      connections,
      policy: { allowPrivateTargets: config.allowPrivateTargets ?? false },
      slack: slackSettings,
      slackRedirectUri,
      issueSlackState: slackStates.issue,
      discordBases: config.discordWebhookBases,
    }),
    apiKeys: createApiKeysRouter(keys, clock),
    members: createMembersRouter(members),
    auth: createDashboardAuthRouter({
      checkCredentials,
      sessions: cookieSessions,
      setupTokens: createSetupTokens(db, clock),
      members,
      secureCookie: config.publicUrl.startsWith('https:'),
    }),
  };

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // Plain `a=1&b=2` parsing: no nested objects from `a[b]=1`, which the contract never takes.
  app.set('query parser', 'simple');
  // Off unless configured: then a client's own X-Forwarded-For changes nothing.
  app.set('trust proxy', expressTrustProxy(config.trustProxy ?? false));
  app.use(requestId());
  app.use(securityHeaders({ httpsOrigin: config.publicUrl.startsWith('https:') }));
  // Before the log, auth and limits: probes are never refused, counted or logged.
  app.use(createHealthRouter({ readiness: createReadiness({ db, logger }) }));
  app.use(requestLog(logger));
  // Before anything acts on a request: the dashboard session's CSRF rule.
  app.use(sameOriginSessions(config.publicUrl));

  // Auth first, so an unauthenticated caller never gets its body parsed or validated.
  // Then the rate limits, so a refused request is not parsed either (and 401s count nowhere).
  const apiKeyGuards = [
    caller === undefined
      ? authenticate(keys, limiter && { onForbidden: writeHeadersOnForbidden(limiter) }, {
          session: sessionVerifier(sessionCheck),
          cookie: dashboardSession,
          cookieOrigin: new URL(config.publicUrl).origin,
          interviewToken: (token, req) =>
            interviews.verifyToken(String(req.params.code), String(req.params.sessionId), token, req),
        })
      : fixedCaller(caller),
    ...(limiter === undefined ? [] : [rateLimit(limiter)]),
  ];
  // On PostgreSQL (several instances, one database) the per-address counts live in the database.
  const publicLimiter =
    publicRateLimit === false
      ? undefined
      : createPublicRateLimiter(
          {
            ...DEFAULT_PUBLIC_RATE_LIMIT,
            store: sqlDialectOf(db).sharedByInstances ? 'database' : 'memory',
            ...(publicRateLimit === true ? {} : publicRateLimit),
          },
          { db, clock },
        );
  // Before the limit, so a page on another origin can read a 429 (and a preflight is not counted).
  app.use(
    '/v1/public',
    publicCors({ ownOrigin: new URL(config.publicUrl).origin, allowedOriginsOf: responses.allowedOrigins }),
  );
  if (publicLimiter !== undefined) app.use('/v1/public', limitPublicApi(publicLimiter));
  app.use(
    createPublicPageRouter({
      publicForm: responses.publicForm,
      publicSmartForm: interviews.publicSmartForm,
      captcha,
      limiter: publicLimiter,
      logger,
      plainPost: {
        tokens: createFormPostTokens(deriveKey(secretKey, 'public form post'), clock),
        uploads,
        submit: responses.submit,
        recall: responses.recallOf,
        maxTextBytes: bodyLimit,
        ownOrigin: new URL(config.publicUrl).origin,
      },
    }),
  );
  app.use(createDashboardRouter({ dir: config.dashboardDir }));
  app.use(createFileDownloadRouter({ uploads, forms, guards: apiKeyGuards, logger }));
  // Slack's OAuth callback, and the old /integrations page's addresses sent to the dashboard.
  app.use(
    createBrowserRoutes({
      connections,
      slack: slackSettings,
      slackRedirectUri,
      states: slackStates,
      dashboardSession,
      logger,
    }),
  );

  // The contract's API-key routes as MCP tools; each call is a REST request back to this server.
  app.use(
    createMcpRouter({
      authenticate: apiKeyGuards[0] as RequestHandler,
      bodyLimitBytes: bodyLimit,
      bodyTimeoutMs: config.bodyTimeoutMs,
    }),
  );

  createExpressEndpoints(contract, router, app, {
    logInitialization: false,
    responseValidation: true,
    jsonQuery: false,
    globalMiddleware: [
      normaliseRequest(),
      ...apiKeyGuards,
      requireJson(),
      ...jsonBody(bodyLimit, config.bodyTimeoutMs),
      // After auth and parsing: the services record who changed what in their transactions.
      auditCallers(),
      // Last: a replayed answer is sent only to a caller that passed auth, limits and parsing.
      idempotency({ db, clock, box, logger }),
    ],
    requestValidationErrorHandler: tsRestValidationHandler,
  });

  app.use(notFoundHandler());
  app.use(errorHandler(logger, { bodyLimitDescription: describeBytes(bodyLimit) }));
  return app;
}
