import { contract, successBody } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import { badRequest, notFound, unauthorized } from '../../domain-errors.js';
import { clientKey } from '../../http/client-key.js';
import type { SessionContext } from '../../http/request-context.js';
import { authOf } from '../../http/request-context.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import type { TargetPolicy } from '../../net/ssrf-guard.js';
import { type AuditCaller, runAsAuditCaller } from '../../platform/audit/index.js';
import type { Login } from '../users/index.js';
import {
  ConnectError,
  parseDiscordWebhookUrl,
  type SlackOAuthSettings,
  slackAuthorizeUrl,
} from './connect.js';
import type { ConnectionsService } from './connections-service.js';

const s = initServer();

/** The signed-in caller of a `session` route; the auth middleware guarantees it is set. */
export function sessionOf(req: { session?: SessionContext | undefined }): SessionContext {
  if (req.session === undefined) throw unauthorized('Missing session token');
  return req.session;
}

/**
 * A signed-in user as the audit log names them, for the changes made outside the key and cookie
 * routes' own audit context: the JWT API's, and Slack's callback.
 */
export function userAuditCaller(
  user: Pick<SessionContext, 'accountId' | 'userId' | 'email'>,
  ip: string | undefined,
): AuditCaller {
  return {
    accountId: user.accountId,
    actor: { type: 'user', id: user.userId, email: user.email },
    ip: ip ?? null,
  };
}

export interface IntegrationsRouterDeps {
  login: Login;
  connections: ConnectionsService;
  policy: TargetPolicy;
  /** Absent: Slack is not configured on this server. */
  slack?: SlackOAuthSettings;
  /** Where Slack sends the browser back: `<origin>/integrations/slack/callback`. */
  slackRedirectUri: string;
  /** Issues the OAuth state for a user (the same issuer the callback checks). */
  issueSlackState: (userId: string) => Promise<string>;
  discordBases?: readonly string[];
}

export function createIntegrationsRouter(
  deps: IntegrationsRouterDeps,
): RouterImplementation<typeof contract.integrations> {
  const { login, connections } = deps;
  /** The signed-in dashboard member (cookie routes). */
  const memberOf = (req: Parameters<typeof authOf>[0]) => {
    const auth = authOf(req);
    if (auth.member === undefined) throw unauthorized('Not signed in: sign in with POST /v1/auth/login');
    return { accountId: auth.accountId, userId: auth.member.userId };
  };
  return s.router(contract.integrations, {
    login: async ({ body, req }) => ({
      status: 200,
      body: successBody(await login(body, clientKey(req)), 'Signed in'),
    }),
    listConnections: async ({ req }) => ({
      status: 200,
      body: successBody({ connections: await connections.list(sessionOf(req).accountId) }, 'Connections'),
    }),
    updateConnectionEvents: async ({ params, body, req }) => ({
      status: 200,
      body: successBody(
        await runAsAuditCaller(userAuditCaller(sessionOf(req), req.ip), () =>
          connections.setEvents(sessionOf(req).accountId, params.connectionId, body.events),
        ),
        'Events updated',
      ),
    }),
    deleteConnection: async ({ params, req }) => ({
      status: 200,
      body: successBody(
        await runAsAuditCaller(userAuditCaller(sessionOf(req), req.ip), () =>
          connections.remove(sessionOf(req).accountId, params.connectionId),
        ),
        'Connection removed',
      ),
    }),

    // The dashboard's routes (the session cookie; the audit caller is the member).
    listDashboardConnections: async ({ req }) => ({
      status: 200,
      body: successBody(
        {
          connections: await connections.list(memberOf(req).accountId),
          slack: { configured: deps.slack !== undefined },
        },
        'Connections',
      ),
    }),
    connectDiscord: async ({ body, req }) => {
      const member = memberOf(req);
      let parsed: { url: string; label: string };
      try {
        parsed = parseDiscordWebhookUrl(body.url, { bases: deps.discordBases, policy: deps.policy });
      } catch (error) {
        if (error instanceof ConnectError) throw badRequest(error.message);
        throw error;
      }
      let connection = await connections.connect({
        accountId: member.accountId,
        userId: member.userId,
        label: parsed.label,
        config: { provider: 'discord', webhookUrl: parsed.url },
      });
      const same = (a: readonly string[], b: readonly string[]) =>
        a.length === b.length && a.every((event) => b.includes(event));
      if (body.events !== undefined && !same(body.events, connection.events)) {
        connection = await connections.setEvents(member.accountId, connection.id, body.events);
      }
      return { status: 201, body: successBody(connection, 'Discord connected') };
    },
    startSlackInstall: async ({ req }) => {
      const member = memberOf(req);
      if (deps.slack === undefined)
        throw notFound('Slack is not configured on this server (FORMLOOM_SLACK_CLIENT_ID)');
      const state = await deps.issueSlackState(member.userId);
      return {
        status: 200,
        body: successBody(
          { authorizeUrl: slackAuthorizeUrl(deps.slack, deps.slackRedirectUri, state) },
          'Slack install link',
        ),
      };
    },
    setDashboardConnectionEvents: async ({ params, body, req }) => ({
      status: 200,
      body: successBody(
        await connections.setEvents(memberOf(req).accountId, params.connectionId, body.events),
        'Events updated',
      ),
    }),
    removeDashboardConnection: async ({ params, req }) => ({
      status: 200,
      body: successBody(
        await connections.remove(memberOf(req).accountId, params.connectionId),
        'Connection removed',
      ),
    }),
  });
}
