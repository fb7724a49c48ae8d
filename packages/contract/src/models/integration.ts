import { z } from 'zod';
import { Timestamp, Uuid } from './common.js';
import { TwoFactorCode } from './dashboard-auth.js';
import { WEBHOOK_EVENT_TYPES, WebhookEventTypeSchema } from './webhook.js';

export const INTEGRATION_PROVIDERS = ['slack', 'discord'] as const;
export type IntegrationProvider = (typeof INTEGRATION_PROVIDERS)[number];

/**
 * connected, or ERROR after 5 consecutive failures reported by the chat platform (docs/integrations.md
 * "Delivery, rate limits and ERROR").
 */
export const CONNECTION_STATUSES = ['CONNECTED', 'ERROR'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** A chat-app notification connection. Tokens and webhook URLs never leave the server. */
const integrationConnectionSchema = z
  .object({
    id: Uuid,
    provider: z.enum(INTEGRATION_PROVIDERS),
    status: z.enum(CONNECTION_STATUSES),
    target: z.string().describe('Where messages go, e.g. the Slack channel or Discord webhook name'),
    events: z.array(WebhookEventTypeSchema).describe('Events that post a notification'),
    consecutiveFailures: z.number().int().nonnegative(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .describe('Notification connection');
type IntegrationConnectionObject = typeof integrationConnectionSchema;
export interface IntegrationConnectionZod extends IntegrationConnectionObject {}
export const IntegrationConnection: IntegrationConnectionZod = integrationConnectionSchema;
export type IntegrationConnection = z.infer<typeof IntegrationConnection>;

export const ConnectionList = z
  .object({ connections: z.array(IntegrationConnection) })
  .describe('Notification connections');
export type ConnectionList = z.infer<typeof ConnectionList>;

/** Replaces the set of events that post a notification; empty mutes the connection. */
export const UpdateConnectionEventsBody = z
  .object({
    events: z.array(WebhookEventTypeSchema).max(WEBHOOK_EVENT_TYPES.length),
  })
  .strict()
  .describe('Set the notified events');
export type UpdateConnectionEventsBody = z.infer<typeof UpdateConnectionEventsBody>;

/** Events enabled on a new connection. */
export const DEFAULT_CONNECTION_EVENTS = ['FORM_RESPONSE_CREATED'] as const;

/** POST /integrations/v1/auth/login: a user the CLI created. */
export const LoginBody = z
  .object({
    email: z.string().email().max(320),
    password: z.string().min(1).max(1024),
    code: TwoFactorCode.optional().describe(
      'With two-factor on: a current code of the authenticator app, or an unused recovery code',
    ),
  })
  .strict()
  .describe('Log in');
export type LoginBody = z.infer<typeof LoginBody>;

export const LoginResult = z
  .object({
    token: z.string().describe('Session JWT; send it as `Authorization: Bearer <token>`'),
    tokenType: z.literal('Bearer'),
    expiresAt: Timestamp,
    user: z.object({ id: Uuid, email: z.string(), accountId: Uuid }),
  })
  .describe('Session token');
export type LoginResult = z.infer<typeof LoginResult>;

/** GET /v1/integrations: the dashboard's view, and whether this server can install Slack. */
export const DashboardConnections = ConnectionList.extend({
  slack: z
    .object({ configured: z.boolean().describe('False when the server has no FORMLOOM_SLACK_CLIENT_ID') })
    .describe('Slack on this server'),
}).describe('Notification connections, for the dashboard');
export type DashboardConnections = z.infer<typeof DashboardConnections>;

/** POST /v1/integrations/discord: an incoming-webhook URL, as Discord's Copy Webhook URL gives it. */
export const ConnectDiscordBody = z
  .object({
    url: z.string().min(1).max(2048).describe('https://discord.com/api/webhooks/<id>/<token>'),
    events: z
      .array(WebhookEventTypeSchema)
      .max(WEBHOOK_EVENT_TYPES.length)
      .optional()
      .describe('Events that post a notification; FORM_RESPONSE_CREATED by default'),
  })
  .strict()
  .describe('Connect a Discord webhook');
export type ConnectDiscordBody = z.infer<typeof ConnectDiscordBody>;

/** POST /v1/integrations/slack/start: where to send the browser to install the Slack app. */
export const SlackInstallStart = z
  .object({
    authorizeUrl: z
      .string()
      .url()
      .describe("Slack's install page, with a state good for 10 minutes and for this member only"),
  })
  .describe('Slack install link');
export type SlackInstallStart = z.infer<typeof SlackInstallStart>;
