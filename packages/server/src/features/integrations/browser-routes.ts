import { contract, SESSION_COOKIE } from '@formloom/contract';
import { type Request, Router } from 'express';
import { readCookie } from '../../http/cookies.js';
import type { Logger } from '../../logger.js';
import { runAsAuditCaller } from '../../platform/audit/index.js';
import { memberRefusal } from '../../platform/member-refusal.js';
import type { CookieSessionVerifier } from '../auth/index.js';
import { ConnectError, exchangeSlackCode, type OAuthStates, type SlackOAuthSettings } from './connect.js';
import type { ConnectionsService } from './connections-service.js';
import { userAuditCaller } from './integrations-router.js';

/** Where a person manages chat connections: the dashboard's page. */
export const DASHBOARD_INTEGRATIONS = '/app/integrations';

/**
 * The addresses of the old server-rendered `/integrations` page that a bookmark or a browser's history may
 * hold; the page folded into the dashboard (docs/integrations.md "The dashboard page"), so each sends the
 * browser there.
 */
export const OLD_PAGE_PATHS = [
  '/integrations',
  '/integrations/login',
  '/integrations/logout',
  '/integrations/discord',
  '/integrations/slack/start',
  '/integrations/connections/:id/events',
  '/integrations/connections/:id/remove',
] as const;

/** The callback finishes the install `startSlackInstall` began, so it asks the same of the member. */
const SLACK_INSTALL = contract.integrations.startSlackInstall.metadata;

export interface BrowserRoutesDeps {
  connections: ConnectionsService;
  /** Absent: Slack is not configured, and a callback connects nothing. */
  slack?: SlackOAuthSettings;
  /** `<origin>/integrations/slack/callback`, as the install link named it (Slack compares the two). */
  slackRedirectUri: string;
  /** The OAuth states `startSlackInstall` issues. */
  states: OAuthStates;
  /** The dashboard's session cookie, resolved as the auth middleware resolves it. */
  dashboardSession: CookieSessionVerifier;
  logger: Logger;
}

/**
 * What is left of `/integrations` for a browser: Slack's OAuth callback, which connects the channel
 * chosen for the dashboard member who started the install and returns to the dashboard's page with
 * the outcome (`?slack=connected|cancelled|failed`), and the old page's addresses, which answer 303
 * to that page. The integrations API (`/integrations/v1`) is the contract's.
 */
export function createBrowserRoutes(deps: BrowserRoutesDeps): Router {
  const router = Router();

  for (const path of OLD_PAGE_PATHS) {
    router.get(path, (_req, res) => res.redirect(303, DASHBOARD_INTEGRATIONS));
  }

  /** The signed-in dashboard member, if their role and plan allow installing Slack. */
  async function memberOf(req: Request) {
    const token = readCookie(req, SESSION_COOKIE);
    const found = token === undefined || token === '' ? undefined : await deps.dashboardSession(token);
    if (found === undefined) return undefined;
    const { caller, account } = found;
    if (memberRefusal({ role: caller.member.role, plan: account.plan }, SLACK_INSTALL) !== undefined) {
      return undefined;
    }
    return { accountId: account.id, userId: caller.member.userId, email: caller.member.email };
  }

  router.get('/integrations/slack/callback', async (req, res, next) => {
    const back = (outcome: 'connected' | 'cancelled' | 'failed') =>
      res.redirect(303, `${DASHBOARD_INTEGRATIONS}?slack=${outcome}`);
    try {
      const member = await memberOf(req);
      if (member === undefined || deps.slack === undefined) return back('failed');
      const query = req.query as Record<string, unknown>;
      await deps.states.check(typeof query.state === 'string' ? query.state : '', member.userId);
      if (typeof query.error === 'string') return back('cancelled');
      const code = typeof query.code === 'string' ? query.code : '';
      if (code === '') throw new ConnectError('Slack sent no code: start again with Add to Slack');
      const install = await exchangeSlackCode(deps.slack, code, deps.slackRedirectUri);
      await runAsAuditCaller(userAuditCaller(member, req.ip), () =>
        deps.connections.connect({
          accountId: member.accountId,
          userId: member.userId,
          label: `#${install.channelName} · ${install.teamName}`,
          config: {
            provider: 'slack',
            botToken: install.botToken,
            channelId: install.channelId,
            teamId: install.teamId,
          },
        }),
      );
      deps.logger.info({ accountId: member.accountId, team: install.teamId }, 'slack connected');
      back('connected');
    } catch (error) {
      if (!(error instanceof ConnectError)) return next(error);
      // The dashboard says only that it failed; the reason (no secret in it) is for the operator.
      deps.logger.info({ reason: error.message }, 'slack not connected');
      back('failed');
    }
  });

  return router;
}
