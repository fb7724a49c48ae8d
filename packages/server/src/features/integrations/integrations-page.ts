import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type IntegrationConnection,
  planAtLeast,
  type Role,
  roleAllows,
  SESSION_COOKIE,
  WEBHOOK_EVENT_TYPES,
} from '@formloom/contract';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import { asAppError } from '../../http/app-error.js';
import { readCookie } from '../../http/cookies.js';
import type { SessionContext } from '../../http/request-context.js';
import type { Logger } from '../../logger.js';
import type { TargetPolicy } from '../../net/ssrf-guard.js';
import { runAsAuditCaller } from '../audit/index.js';
import { clientKey, html, type SafeHtml } from '../public/index.js';
import type { Login, SessionCheck } from '../users/index.js';
import { deriveKey, SESSION_TTL_SECONDS } from '../users/index.js';
import {
  ConnectError,
  createOAuthState,
  exchangeSlackCode,
  parseDiscordWebhookUrl,
  type SlackOAuthSettings,
  slackAuthorizeUrl,
} from './connect.js';
import type { ConnectionsService } from './connections-service.js';
import { EVENT_HEADLINES } from './notification.js';

/** No script, no style: plain forms. Nothing but this origin, and forms only post here. */
export const INTEGRATIONS_CSP = [
  "default-src 'none'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');
/** The dashboard's cookie name, scoped here to `Path=/integrations` and holding the session JWT. */
export { SESSION_COOKIE };

export interface IntegrationsPageDeps {
  publicUrl: string;
  secretKey: Uint8Array;
  clock: () => Date;
  login: Login;
  sessionCheck: SessionCheck;
  connections: ConnectionsService;
  policy: TargetPolicy;
  /** Absent: the page says Slack is not configured on this server. */
  slack?: SlackOAuthSettings;
  /** Origins besides discord.com that webhook URLs may use (a stand-in in tests). */
  discordBases?: readonly string[];
  /**
   * The dashboard's session (`formloom_session` at Path=/, an opaque token): a Slack install
   * started from the dashboard comes back to the callback with it, and returns to `/app/integrations`.
   */
  dashboardSession?: (
    token: string,
  ) => Promise<(Omit<SessionContext, 'tokenId'> & { role: Role }) | undefined>;
  logger: Logger;
}

function page(res: Response, status: number, title: string, body: SafeHtml): void {
  res.status(status);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Security-Policy', INTEGRATIONS_CSP);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.end(
    html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Formloom</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`
      .value,
  );
}

/**
 * `/integrations`: the page where a signed-in user connects Slack (OAuth v2) and Discord
 * (incoming webhook), picks events and removes connections (issue 18 item 3). Server-rendered
 * forms, no script; the session is the login route's JWT in an HttpOnly, SameSite=Lax cookie, and
 * every form carries a CSRF token derived from the session's id.
 */
export function createIntegrationsPage(deps: IntegrationsPageDeps): Router {
  const router = Router();
  const secure = deps.publicUrl.startsWith('https:');
  const origin = deps.publicUrl.replace(/\/+$/, '');
  const redirectUri = `${origin}/integrations/slack/callback`;
  const states = createOAuthState(deps.secretKey, deps.clock);
  const csrfKey = deriveKey(deps.secretKey, 'page csrf');
  const csrfOf = (s: SessionContext) => createHmac('sha256', csrfKey).update(s.tokenId).digest('base64url');
  const form = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 50 });

  const setSession = (res: Response, token: string) =>
    res.setHeader(
      'Set-Cookie',
      `${SESSION_COOKIE}=${token}; Path=/integrations; HttpOnly; SameSite=Lax; Max-Age=${SESSION_TTL_SECONDS}${secure ? '; Secure' : ''}`,
    );

  const auditCallerOf = (session: Omit<SessionContext, 'tokenId'>, req: Request) => ({
    accountId: session.accountId,
    actor: { type: 'user' as const, id: session.userId, email: session.email },
    ip: req.ip ?? null,
  });

  /** The dashboard member of a Slack install started in the dashboard, if they may manage integrations. */
  async function dashboardMemberOf(req: Request) {
    const token = readCookie(req, SESSION_COOKIE);
    if (token === undefined || token === '' || deps.dashboardSession === undefined) return undefined;
    const member = await deps.dashboardSession(token).catch(() => undefined);
    return member !== undefined &&
      roleAllows(member.role, 'integrations.manage') &&
      planAtLeast(member.plan, 'PRO')
      ? member
      : undefined;
  }

  async function sessionOf(req: Request): Promise<SessionContext | undefined> {
    const token = readCookie(req, SESSION_COOKIE);
    if (token === undefined || token === '') return undefined;
    return deps.sessionCheck(token).catch(() => undefined);
  }

  function signIn(res: Response, status: number, message?: string) {
    page(
      res,
      status,
      'Sign in',
      html`${message ? html`<p role="alert">${message}</p>` : ''}
<form method="post" action="/integrations/login">
<p><label>Email <input type="email" name="email" autocomplete="username" required></label></p>
<p><label>Password <input type="password" name="password" autocomplete="current-password" required></label></p>
<p><button type="submit">Sign in</button></p>
</form>`,
    );
  }

  function connectionItem(c: IntegrationConnection, csrf: string): SafeHtml {
    const boxes = WEBHOOK_EVENT_TYPES.map(
      (e) =>
        html`<label><input type="checkbox" name="events" value="${e}"${c.events.includes(e) ? html` checked` : ''}> ${EVENT_HEADLINES[e]}</label><br>`,
    );
    return html`<li data-connection="${c.id}"><h3>${c.provider === 'slack' ? 'Slack' : 'Discord'}: ${c.target}</h3>
<p>Status: <strong>${c.status === 'ERROR' ? 'ERROR (5 failures in a row: fix it on the platform, then connect it again)' : 'Connected'}</strong></p>
<form method="post" action="/integrations/connections/${c.id}/events"><input type="hidden" name="csrf" value="${csrf}"><fieldset><legend>Notify on</legend>${boxes}</fieldset><button type="submit">Save events</button></form>
<form method="post" action="/integrations/connections/${c.id}/remove"><input type="hidden" name="csrf" value="${csrf}"><button type="submit">Remove</button></form></li>`;
  }

  async function dashboard(res: Response, session: SessionContext, status = 200, message?: string) {
    const csrf = csrfOf(session);
    const allowed = planAtLeast(session.plan, 'PRO');
    const list = allowed ? await deps.connections.list(session.accountId) : [];
    page(
      res,
      status,
      'Notifications',
      html`<p>Signed in as ${session.email}.</p>
<form method="post" action="/integrations/logout"><input type="hidden" name="csrf" value="${csrf}"><button type="submit">Sign out</button></form>
${message ? html`<p role="alert">${message}</p>` : ''}
${
  allowed
    ? html`<h2>Connections</h2>${list.length === 0 ? html`<p>No connections yet.</p>` : html`<ul>${list.map((c) => connectionItem(c, csrf))}</ul>`}
<h2>Add Slack</h2>${
        deps.slack
          ? html`<p><a href="/integrations/slack/start">Add to Slack</a></p>`
          : html`<p>Slack is not configured on this server (FORMLOOM_SLACK_CLIENT_ID).</p>`
      }
<h2>Add Discord</h2>
<form method="post" action="/integrations/discord"><input type="hidden" name="csrf" value="${csrf}">
<p><label>Webhook URL <input type="url" name="url" required placeholder="https://discord.com/api/webhooks/…"></label></p>
<p><button type="submit">Connect Discord</button></p></form>`
    : html`<p>Chat notifications need the Pro plan or higher.</p>`
}`,
    );
  }

  /** Runs a signed-in, CSRF-checked POST; answers the page again with the outcome. */
  function action(run: (req: Request, session: SessionContext) => Promise<string | undefined>) {
    return async (req: Request, res: Response, next: NextFunction) => {
      try {
        const session = await sessionOf(req);
        if (session === undefined) return signIn(res, 401, 'Sign in to continue.');
        const sent = Buffer.from(String(req.body?.csrf ?? ''));
        const expected = Buffer.from(csrfOf(session));
        if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
          return dashboard(res, session, 403, 'This form expired: try again.');
        }
        if (!planAtLeast(session.plan, 'PRO')) return dashboard(res, session, 403);
        const failure = await runAsAuditCaller(auditCallerOf(session, req), () => run(req, session));
        if (failure !== undefined) return dashboard(res, session, 400, failure);
        res.redirect(303, '/integrations');
      } catch (error) {
        if (error instanceof ConnectError) {
          const session = await sessionOf(req);
          return session ? dashboard(res, session, 400, error.message) : signIn(res, 401);
        }
        if (asAppError(error)?.status === 404) {
          const session = await sessionOf(req);
          return session ? dashboard(res, session, 404, 'That connection does not exist.') : signIn(res, 401);
        }
        next(error);
      }
    };
  }

  router.get('/integrations', async (req, res, next) => {
    try {
      const session = await sessionOf(req);
      if (session === undefined) return signIn(res, 200);
      await dashboard(res, session);
    } catch (error) {
      next(error);
    }
  });

  router.post('/integrations/login', form, async (req, res, next) => {
    try {
      const email = String(req.body?.email ?? '');
      const password = String(req.body?.password ?? '');
      if (email === '' || password === '') return signIn(res, 400, 'Give your email and password.');
      const result = await deps.login({ email, password }, clientKey(req));
      setSession(res, result.token);
      res.redirect(303, '/integrations');
    } catch (error) {
      const refusal = asAppError(error);
      if (refusal !== undefined && (refusal.status === 401 || refusal.status === 429)) {
        if (refusal.rateLimit) res.setHeader('Retry-After', String(refusal.rateLimit.retry_after));
        return signIn(res, refusal.status, refusal.message);
      }
      next(error);
    }
  });

  // Signing out needs no CSRF token: a forged sign-out harms nothing, and SameSite=Lax keeps
  // other sites' posts from carrying the cookie anyway.
  router.post('/integrations/logout', (_req, res) => {
    res.setHeader('Set-Cookie', `${SESSION_COOKIE}=; Path=/integrations; HttpOnly; SameSite=Lax; Max-Age=0`);
    res.redirect(303, '/integrations');
  });

  router.post(
    '/integrations/discord',
    form,
    action(async (req, session) => {
      const { url, label } = parseDiscordWebhookUrl(String(req.body?.url ?? ''), {
        bases: deps.discordBases,
        policy: deps.policy,
      });
      await deps.connections.connect({
        accountId: session.accountId,
        userId: session.userId,
        label,
        config: { provider: 'discord', webhookUrl: url },
      });
      return undefined;
    }),
  );

  router.post(
    '/integrations/connections/:id/events',
    form,
    action(async (req, session) => {
      const raw = req.body?.events;
      const events = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map(String);
      await deps.connections.setEvents(session.accountId, String(req.params.id), events);
      return undefined;
    }),
  );

  router.post(
    '/integrations/connections/:id/remove',
    form,
    action(async (req, session) => {
      await deps.connections.remove(session.accountId, String(req.params.id));
      return undefined;
    }),
  );

  router.get('/integrations/slack/start', async (req, res, next) => {
    try {
      const session = await sessionOf(req);
      if (session === undefined) return signIn(res, 401, 'Sign in to continue.');
      if (!deps.slack) return dashboard(res, session, 404, 'Slack is not configured on this server.');
      if (!planAtLeast(session.plan, 'PRO')) return dashboard(res, session, 403);
      res.redirect(302, slackAuthorizeUrl(deps.slack, redirectUri, await states.issue(session.userId)));
    } catch (error) {
      next(error);
    }
  });

  router.get('/integrations/slack/callback', async (req, res, next) => {
    // Started in the dashboard: its session, and back to its page with the outcome.
    const pageSession = await sessionOf(req);
    const member = pageSession === undefined ? await dashboardMemberOf(req) : undefined;
    const back = (outcome: 'connected' | 'cancelled' | 'failed') =>
      res.redirect(303, `/app/integrations?slack=${outcome}`);
    try {
      const session = pageSession ?? member;
      if (session === undefined) return signIn(res, 401, 'Sign in, then start again with Add to Slack.');
      if (!deps.slack) {
        return member
          ? back('failed')
          : dashboard(res, pageSession!, 404, 'Slack is not configured on this server.');
      }
      if (!planAtLeast(session.plan, 'PRO'))
        return member ? back('failed') : dashboard(res, pageSession!, 403);
      const query = req.query as Record<string, unknown>;
      const state = typeof query.state === 'string' ? query.state : '';
      await states.check(state, session.userId);
      if (typeof query.error === 'string') {
        if (member) return back('cancelled');
        return dashboard(res, pageSession!, 400, 'Slack was not connected (the install was cancelled).');
      }
      const code = typeof query.code === 'string' ? query.code : '';
      if (code === '') throw new ConnectError('Slack sent no code: start again with Add to Slack');
      const install = await exchangeSlackCode(deps.slack, code, redirectUri);
      await runAsAuditCaller(auditCallerOf(session, req), () =>
        deps.connections.connect({
          accountId: session.accountId,
          userId: session.userId,
          label: `#${install.channelName} · ${install.teamName}`,
          config: {
            provider: 'slack',
            botToken: install.botToken,
            channelId: install.channelId,
            teamId: install.teamId,
          },
        }),
      );
      deps.logger.info({ accountId: session.accountId, team: install.teamId }, 'slack connected');
      if (member) return back('connected');
      res.redirect(303, '/integrations');
    } catch (error) {
      if (error instanceof ConnectError) {
        if (member) return back('failed');
        const session = await sessionOf(req);
        return session ? dashboard(res, session, 400, error.message) : signIn(res, 401);
      }
      next(error);
    }
  });

  return router;
}
