import { contract, contractRoutes } from '@formloom/contract';
import { createExpressEndpoints } from '@ts-rest/express';
import express, { type Express, type RequestHandler } from 'express';
import { createAccessRouter } from './features/access/index.js';
import { createAccountRouter } from './features/accounts/index.js';
import { createAiRouter } from './features/ai/index.js';
import { createAnalyticsRouter } from './features/analytics/index.js';
import {
  assertAuthKindsHandled,
  assertPermissionsNamed,
  authenticate,
  type CookieSessionVerifier,
  createApiKeysRouter,
  fixedCaller,
} from './features/auth/index.js';
import { createDashboardRouter } from './features/dashboard/index.js';
import { createDestinationsRouter, createGoogleBrowserRoutes } from './features/destinations/index.js';
import { createDomainsRouter } from './features/domains/index.js';
import { createFieldsRouter, createFormsRouter, createTemplatesRouter } from './features/forms/index.js';
import { createHealthRouter } from './features/health/index.js';
import { createBrowserRoutes, createIntegrationsRouter } from './features/integrations/index.js';
import { createLinksRouter, emailVerificationRoutes } from './features/links/index.js';
import { createPartialsRouter } from './features/partials/index.js';
import { createPaymentPages, createPaymentsRouter } from './features/payments/index.js';
import {
  createPublicPageRouter,
  createPublicRouter,
  limitPublicApi,
  publicCors,
} from './features/public/index.js';
import { createResponsesRouter } from './features/responses/index.js';
import { createSmartFormsRouter } from './features/smart-forms/index.js';
import { createSsoBrowserRoutes, createSsoRouter } from './features/sso/index.js';
import { createThemesRouter } from './features/themes/index.js';
import { createTransferRouter } from './features/transfer/index.js';
import {
  createFileDownloadRouter,
  createImageRouter,
  ownerUploadRouter,
  uploadRoute,
} from './features/uploads/index.js';
import {
  createAccountSecurityRouter,
  createDashboardAuthRouter,
  createMembersRouter,
  createSessionSignIn,
  DASHBOARD_SESSION_TTL_MS,
  sessionVerifier,
} from './features/users/index.js';
import { createWebhooksRouter } from './features/webhooks/index.js';
import { describeBytes, jsonBody, requireJson } from './http/body-parsing.js';
import { createErrorAnswerCheck, type UndeclaredErrorAnswer } from './http/declared-errors.js';
import { errorHandler, notFoundHandler, tsRestValidationHandler } from './http/error-handler.js';
import {
  type AuthContext,
  normaliseRequest,
  requestId,
  requestLog,
  securityHeaders,
} from './http/request-context.js';
import { sameOriginSessions } from './http/same-origin.js';
import { expressTrustProxy } from './http/trust-proxy.js';
import type { RouterImplementation } from './http/ts-rest-types.js';
import { idempotency } from './idempotency/index.js';
import { createMcpRouter } from './mcp/index.js';
import { auditCallers, createAuditRouter } from './platform/audit/index.js';
import { formAccessTokens } from './platform/form-access/index.js';
import { schemaOf } from './platform/form-schema.js';
import { rateLimit, writeHeadersOnForbidden } from './platform/limits/index.js';
import type { FormTheme } from './platform/public-form.js';
import { createServices, type Services, type ServicesDeps } from './services.js';

export type { AppConfig } from './services.js';

/**
 * The app's own settings beside the services it is given. Give `services` (`createServices`) when
 * the workers, the chores or the first run use the same ones (`formloom serve` does); otherwise the
 * app asks the container for its own from the same settings (`ServicesDeps`).
 */
export type AppDeps = AppOptions & ({ services: Services } | ServicesDeps);

export interface AppOptions {
  /**
   * Benchmarks only: no API-key authentication; every API-key route runs as this caller.
   * `formloom serve` never sets it.
   */
  fixedCaller?: AuthContext;
  /**
   * Tests only: every error answer of a contract route is checked against the answers the route
   * declares; one it does not declare is reported here and answered as a 500 that names it.
   */
  onUndeclaredError?: (answer: UndeclaredErrorAnswer) => void;
}

export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The express app serving the contract: every route validated by ts-rest against the contract,
 * every answer in the envelope, every error through one handler. It does not listen.
 */
export function createApp(deps: AppDeps): Express {
  const services = 'services' in deps ? deps.services : createServices(deps);
  const { fixedCaller: caller } = deps;
  const { db, logger, config, clock, limiter, publicLimiter, responses, uploads, interviews, captcha } =
    services;
  // Deny by default: a route whose kind of credential nobody checks is not served at all.
  assertAuthKindsHandled(contractRoutes);
  assertPermissionsNamed(contractRoutes);
  const bodyLimit = config.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const slackRedirectUri = `${config.publicUrl.replace(/\/+$/, '')}/integrations/slack/callback`;
  /** Reached over https: its cookies are `Secure` and its pages ask for HSTS. */
  const overHttps = config.publicUrl.startsWith('https:');
  /** One session starter for the routes that sign a member in (an owner's recovery code, a passkey). */
  const sessionSignIn = createSessionSignIn(services.cookieSessions, overHttps);
  /** The dashboard's cookie to its member and account: for the auth middleware and Slack's callback. */
  const dashboardSession: CookieSessionVerifier = async (token) => {
    const found = await services.cookieSessions.resolve(token);
    if (found === undefined) return undefined;
    const { session, account } = found;
    const member = {
      userId: session.userId,
      email: session.email,
      role: session.role,
      sessionId: session.sessionId,
      expiresAt: session.expiresAt,
      mustEnrol: session.mustEnrol,
    };
    return { caller: { accountId: account.id, plan: account.plan, member }, account };
  };

  const themeOf: FormTheme = (row, base) =>
    services.themes.publicTheme(row.account_id, schemaOf(row).settings, base);
  const router: RouterImplementation<typeof contract> = {
    forms: createFormsRouter(services.forms),
    fields: createFieldsRouter(services.forms),
    responses: createResponsesRouter(responses, clock, services.figures, services.responsePdfs),
    uploads: ownerUploadRouter(services.ownerUploads),
    account: createAccountRouter(services.accounts, services.credits, clock, limiter),
    public: createPublicRouter(
      responses,
      uploadRoute(uploads, responses.publicForm),
      interviews,
      services.otp,
      config.publicUrl,
      captcha,
      themeOf,
    ),
    partials: createPartialsRouter(services.partials, responses.publicForm),
    audit: createAuditRouter(services.audit, clock),
    smartForms: createSmartFormsRouter(services.smartForms, services.insights, clock, logger),
    ai: createAiRouter(services.ai),
    analytics: createAnalyticsRouter(
      {
        chat: services.analyticsChat,
        smartAnalytics: services.smartAnalytics,
        secrets: services.signingSecrets,
      },
      logger,
    ),
    webhooks: createWebhooksRouter(services.webhooks),
    integrations: createIntegrationsRouter({
      login: services.login,
      connections: services.connections,
      policy: { allowPrivateTargets: config.allowPrivateTargets ?? false },
      slack: services.slack,
      slackRedirectUri,
      issueSlackState: services.slackStates.issue,
      discordBases: config.discordWebhookBases,
    }),
    apiKeys: createApiKeysRouter(services.keys, clock),
    members: createMembersRouter(services.members),
    domains: createDomainsRouter(services.domains),
    themes: createThemesRouter(services.themes),
    templates: createTemplatesRouter(),
    access: createAccessRouter(services.access, emailVerificationRoutes(services.emailVerification)),
    transfer: createTransferRouter(services.transfer),
    links: createLinksRouter(services.links),
    sso: createSsoRouter({
      sso: services.sso,
      recovery: services.ssoRecovery,
      signIn: sessionSignIn,
    }),
    destinations: createDestinationsRouter(services.destinations, services.googleConnect),
    payments: createPaymentsRouter(services.payments),
    security: createAccountSecurityRouter({
      twoFactor: services.twoFactor,
      sessions: services.cookieSessions,
      users: services.users,
      passwordResets: services.passwordResets,
      passkeys: services.passkeys,
      signIn: sessionSignIn,
    }),
    auth: createDashboardAuthRouter({
      checkCredentials: services.checkCredentials,
      sessions: services.cookieSessions,
      setupTokens: services.setupTokens,
      members: services.members,
      secureCookie: overHttps,
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
  app.use(securityHeaders({ httpsOrigin: overHttps }));
  // Before the log, auth and limits: probes are never refused, counted or logged.
  app.use(createHealthRouter({ readiness: services.readiness }));
  app.use(requestLog(logger));
  // Before anything acts on a request: the dashboard session's CSRF rule.
  app.use(sameOriginSessions(config.publicUrl));

  // Auth first, so an unauthenticated caller never gets its body parsed or validated.
  // Then the rate limits, so a refused request is not parsed either (and 401s count nowhere).
  const apiKeyGuards = [
    caller === undefined
      ? authenticate(services.keys, limiter && { onForbidden: writeHeadersOnForbidden(limiter) }, {
          session: sessionVerifier(services.sessionCheck),
          cookie: dashboardSession,
          cookieOrigin: new URL(config.publicUrl).origin,
          interviewToken: (token, req) =>
            interviews.verifyToken(String(req.params.code), String(req.params.sessionId), token, req),
        })
      : fixedCaller(caller),
    ...(limiter === undefined ? [] : [rateLimit(limiter)]),
  ];
  // Images of public forms: immutable bytes any page may embed, a dozen per form view; not
  // counted against the address's limit of public API calls.
  app.use(createImageRouter({ uploads: services.ownerUploads, logger }));
  // Before the limit, so a page on another origin can read a 429 (and a preflight is not counted).
  app.use(
    '/v1/public',
    publicCors({ ownOrigin: new URL(config.publicUrl).origin, allowedOriginsOf: responses.allowedOrigins }),
  );
  if (publicLimiter !== undefined) app.use('/v1/public', limitPublicApi(publicLimiter));
  // The unlock token of a form's page (its cookie): known to the check of every page route.
  app.use(formAccessTokens());
  app.use(
    createPublicPageRouter({
      publicForm: responses.publicForm,
      publicSmartForm: interviews.publicSmartForm,
      publicUrl: config.publicUrl,
      captcha,
      limiter: publicLimiter,
      logger,
      partial: services.partials.get,
      hostTarget: services.domains.target,
      themeOf,
      unlock: services.access.unlock,
      edits: { read: responses.readForEdit, edit: responses.edit },
      respondents: {
        link: services.links.linkFor,
        verified: services.emailVerification.verifiedFor,
        request: services.emailVerification.request,
        confirm: services.emailVerification.confirm,
      },
      payments: {
        start: (code, answers, who) => services.payments.start(code, { answers }, who),
        complete: services.payments.complete,
        checkoutOrigin:
          config.stripeApiBase === undefined
            ? 'https://checkout.stripe.com'
            : new URL(config.stripeApiBase).origin,
      },
      plainPost: {
        tokens: services.formPostTokens,
        uploads,
        submit: responses.submit,
        recall: responses.recallOf,
        maxTextBytes: bodyLimit,
        ownOrigin: new URL(config.publicUrl).origin,
      },
    }),
  );
  app.use(createDashboardRouter({ dir: config.dashboardDir }));
  app.use(createFileDownloadRouter({ uploads, forms: services.forms, guards: apiKeyGuards, logger }));
  // Slack's OAuth callback, and the old /integrations page's addresses sent to the dashboard.
  app.use(
    createBrowserRoutes({
      connections: services.connections,
      slack: services.slack,
      slackRedirectUri,
      states: services.slackStates,
      dashboardSession,
      logger,
    }),
  );

  // Single sign-on's round trip through the account's provider (a browser's, not the JSON API's).
  app.use(
    createSsoBrowserRoutes({
      sso: services.sso,
      sessions: services.cookieSessions,
      sessionMaxAgeSeconds: DASHBOARD_SESSION_TTL_MS / 1000,
      secureCookie: overHttps,
      logger,
    }),
  );

  // Google's OAuth callback of a Google Sheets destination (a browser's, not the JSON API's).
  app.use(createGoogleBrowserRoutes({ google: services.googleConnect, dashboardSession, logger }));

  // The contract's API-key routes as MCP tools; each call is a REST request back to this server.
  app.use(
    createMcpRouter({
      authenticate: apiKeyGuards[0] as RequestHandler,
      bodyLimitBytes: bodyLimit,
      bodyTimeoutMs: config.bodyTimeoutMs,
    }),
  );

  // Stripe's webhook reads its body raw (its signature is over the bytes): before the JSON routes.
  app.use(createPaymentPages({ payments: services.payments }));

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
      // After parsing too: a form's public routes check the unlock token the request carries.
      formAccessTokens(),
      // Last: a replayed answer is sent only to a caller that passed auth, limits and parsing.
      idempotency({ db, clock, box: services.box, logger }),
    ],
    requestValidationErrorHandler: tsRestValidationHandler,
  });

  app.use(notFoundHandler());
  app.use(
    errorHandler(logger, {
      bodyLimitDescription: describeBytes(bodyLimit),
      ...(deps.onUndeclaredError === undefined
        ? {}
        : { undeclared: { check: createErrorAnswerCheck(), report: deps.onUndeclaredError } }),
    }),
  );
  return app;
}
