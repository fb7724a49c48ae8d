import { z } from 'zod';
import { DeleteResult, Uuid } from '../models/common.js';
import { success } from '../models/envelope.js';
import {
  ConnectDiscordBody,
  ConnectionList,
  DashboardConnections,
  IntegrationConnection,
  LoginBody,
  LoginResult,
  SlackInstallStart,
  UpdateConnectionEventsBody,
} from '../models/integration.js';
import { meta } from './metadata.js';
import { API_KEY_ERRORS, BODY_ERRORS, c, errorResponses, OPEN_ERRORS, SESSION_ERRORS } from './shared.js';

const session = meta({ auth: 'session', permission: 'integrations.manage', minPlan: 'PRO' });
/** The dashboard's routes: its session cookie only (a key never manages chat connections). */
const dashboard = meta({ auth: 'cookie', permission: 'integrations.manage', minPlan: 'PRO' });
const ConnectionIdParams = z.object({ connectionId: Uuid.describe('Connection id') });
const notFound = { 404: 'Connection not found' };

/** The integration-management API: `/integrations/v1`, authenticated with a session JWT. */
export const integrationsRouter = c.router({
  login: {
    method: 'POST',
    path: '/integrations/v1/auth/login',
    body: LoginBody,
    summary: 'Log in',
    description:
      'Exchanges the email and password of a user (created with the CLI) for a session JWT; with two-factor on, `code` too (without it: 401 `TWO_FACTOR_REQUIRED`).',
    responses: {
      200: success(LoginResult, 'The session token'),
      ...errorResponses([...OPEN_ERRORS, ...BODY_ERRORS, 401, 'TWO_FACTOR_REQUIRED', 'SSO_REQUIRED'], {
        401: 'Wrong email or password, or a two-factor code needed (`TWO_FACTOR_REQUIRED`)',
        403: 'SSO_REQUIRED: the account signs this member in through single sign-on only',
      }),
    },
    metadata: meta({ auth: 'public' }),
  },
  listConnections: {
    method: 'GET',
    path: '/integrations/v1/connections',
    summary: 'List notification connections',
    responses: { 200: success(ConnectionList, 'The connections'), ...errorResponses(SESSION_ERRORS) },
    metadata: session,
  },
  updateConnectionEvents: {
    method: 'PATCH',
    path: '/integrations/v1/connections/:connectionId/events',
    pathParams: ConnectionIdParams,
    body: UpdateConnectionEventsBody,
    summary: 'Set the notified events',
    description: 'Replaces the set of events that post a notification on this connection.',
    responses: {
      200: success(IntegrationConnection, 'The updated connection'),
      ...errorResponses([...SESSION_ERRORS, ...BODY_ERRORS, 404], notFound),
    },
    metadata: session,
  },
  deleteConnection: {
    method: 'DELETE',
    path: '/integrations/v1/connections/:connectionId',
    pathParams: ConnectionIdParams,
    summary: 'Remove a connection',
    responses: {
      200: success(DeleteResult, 'Removed'),
      ...errorResponses([...SESSION_ERRORS, ...BODY_ERRORS, 404], notFound),
    },
    metadata: session,
  },
  listDashboardConnections: {
    method: 'GET',
    path: '/v1/integrations',
    summary: 'List chat connections (dashboard)',
    description:
      "The Slack and Discord connections of the signed-in member's account, and whether Slack can be installed on this server. Dashboard session only.",
    responses: { 200: success(DashboardConnections, 'The connections'), ...errorResponses(API_KEY_ERRORS) },
    metadata: dashboard,
  },
  connectDiscord: {
    method: 'POST',
    path: '/v1/integrations/discord',
    body: ConnectDiscordBody,
    summary: 'Connect Discord (dashboard)',
    description:
      'Connects a Discord incoming webhook. The URL is checked for shape and never shown again: the connection names the webhook by its id.',
    responses: {
      201: success(IntegrationConnection, 'The new connection'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS]),
    },
    metadata: dashboard,
  },
  startSlackInstall: {
    method: 'POST',
    path: '/v1/integrations/slack/start',
    body: c.noBody(),
    summary: 'Start installing Slack (dashboard)',
    description:
      "Slack's install page for this member; Slack sends the browser back to /integrations/slack/callback, which connects the channel chosen and returns to the dashboard. 404 when Slack is not configured.",
    responses: {
      200: success(SlackInstallStart, 'Where to send the browser'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404], {
        404: 'Slack is not configured on this server',
      }),
    },
    metadata: dashboard,
  },
  setDashboardConnectionEvents: {
    method: 'PATCH',
    path: '/v1/integrations/:connectionId/events',
    pathParams: ConnectionIdParams,
    body: UpdateConnectionEventsBody,
    summary: 'Set the notified events (dashboard)',
    responses: {
      200: success(IntegrationConnection, 'The updated connection'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404], notFound),
    },
    metadata: dashboard,
  },
  removeDashboardConnection: {
    method: 'DELETE',
    path: '/v1/integrations/:connectionId',
    pathParams: ConnectionIdParams,
    summary: 'Remove a chat connection (dashboard)',
    responses: {
      200: success(DeleteResult, 'Removed'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404], notFound),
    },
    metadata: dashboard,
  },
});
