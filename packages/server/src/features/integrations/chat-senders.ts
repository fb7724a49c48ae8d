import type { FormSchema, WebhookEvent } from '@formloom/contract';
import type { SecretBox } from '../../crypto/secret-box.js';
import type { OutboxSender, SendContext, SenderResult } from '../../outbox/channel.js';
import { postDelivery, type SendResult } from '../../outbox/send.js';
import type { ConnectionConfig } from './connections-service.js';
import { describeEvent, discordMessage, type Notification, slackMessage } from './notification.js';

export const DEFAULT_SLACK_API_BASE_URL = 'https://slack.com/api';
/** Retries after the first attempt before a chat delivery fails (30 s doubling: about 15 minutes). */
export const CHAT_MAX_RETRIES = 5;
/** A platform's wait is honoured up to this; beyond it the ordinary backoff applies. */
const MAX_PLATFORM_WAIT_MS = 60 * 60_000;

/**
 * Slack errors that no retry fixes: the app lost its access or the channel is gone. Each counts towards the
 * connection's ERROR state (docs/integrations.md "Delivery, rate limits and ERROR"), which reconnecting
 * clears.
 */
const SLACK_PERMANENT = new Set([
  'channel_not_found',
  'not_in_channel',
  'is_archived',
  'invalid_auth',
  'not_authed',
  'account_inactive',
  'token_revoked',
  'token_expired',
  'no_permission',
  'missing_scope',
  'restricted_action',
  'invalid_blocks',
  'msg_too_long',
]);

/** Seconds in a header or body (Slack: whole seconds; Discord: seconds with a fraction). */
function seconds(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(n) && n >= 0 ? Math.min(Math.ceil(n * 1000), MAX_PLATFORM_WAIT_MS) : undefined;
}

function json(body: string | null): Record<string, unknown> | undefined {
  try {
    const parsed = JSON.parse(body ?? '');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Slack Web API answers: HTTP 200 with `ok: false` and an error code, 429 with Retry-After. */
export function judgeSlack(result: SendResult): SenderResult {
  const code = result.statusCode;
  if (code === null || code >= 500) return { ...result, verdict: 'retry' };
  if (code === 429) {
    return { ...result, verdict: 'retry', retryAfterMs: seconds(result.headers?.['retry-after']) ?? 30_000 };
  }
  const body = json(result.responseBody);
  if (code === 200 && body?.ok === true) return { ...result, verdict: 'ok' };
  const error = typeof body?.error === 'string' ? body.error : `HTTP ${code}`;
  const described = { ...result, error: `slack: ${error}` };
  if (error === 'ratelimited') return { ...described, verdict: 'retry', retryAfterMs: 30_000 };
  if (SLACK_PERMANENT.has(error) || (code >= 400 && code < 500))
    return { ...described, verdict: 'permanent' };
  return { ...described, verdict: 'retry' };
}

/**
 * Discord webhook answers: 204 (or 200) delivered; 429 with the wait in `Retry-After` /
 * `X-RateLimit-Reset-After` headers (preferred) or `retry_after` in the body, in seconds; 404 a
 * deleted webhook and other 4xx no retry fixes.
 */
export function judgeDiscord(result: SendResult): SenderResult {
  const code = result.statusCode;
  if (code === null || code >= 500) return { ...result, verdict: 'retry' };
  if (code >= 200 && code < 300) return { ...result, verdict: 'ok' };
  if (code === 429) {
    const wait =
      seconds(result.headers?.['retry-after']) ??
      seconds(result.headers?.['x-ratelimit-reset-after']) ??
      seconds(json(result.responseBody)?.retry_after) ??
      5_000;
    return { ...result, verdict: 'retry', retryAfterMs: wait };
  }
  return {
    ...result,
    error: code === 404 ? 'discord: the webhook was deleted' : `discord: HTTP ${code}`,
    verdict: 'permanent',
  };
}

export interface ChatSenderOptions {
  /** The server's sealed-secrets box: opens the connections' settings. */
  box: SecretBox;
  /** Where "View response" and the other buttons point: the server's public origin. */
  publicUrl: string;
  /** FORMLOOM_SLACK_API_BASE_URL: the Slack Web API (a local stand-in in tests). */
  slackApiBaseUrl?: string;
  /**
   * A form's schema (undefined when it is gone), so a response's answers read as display text and
   * a repeating section's entries with their labels; without it they are shown as stored.
   */
  schemaOf?: (accountId: string, formId: string) => Promise<FormSchema | undefined>;
}

/** The Slack and Discord senders of the outbox (docs/integrations.md). */
export function createChatSenders(options: ChatSenderOptions): OutboxSender[] {
  const { box } = options;
  const slackBase = (options.slackApiBaseUrl ?? DEFAULT_SLACK_API_BASE_URL).replace(/\/+$/, '');
  const failed = (error: unknown): SenderResult => ({
    statusCode: null,
    durationMs: 0,
    error: `cannot open the connection's settings: ${(error as Error).message}`,
    responseBody: null,
    verdict: 'permanent',
  });

  /** A chat sender: opens the connection's sealed settings and describes the event, then `post`s. */
  function chatSender<P extends ConnectionConfig['provider']>(
    provider: P,
    post: (
      config: Extract<ConnectionConfig, { provider: P }>,
      note: Notification,
      context: SendContext,
    ) => Promise<SenderResult>,
  ): OutboxSender {
    return {
      channel: provider,
      maxRetries: CHAT_MAX_RETRIES,
      async send(delivery, context) {
        let config: ConnectionConfig;
        try {
          config = JSON.parse(
            box.open(String(delivery.target.config_sealed), delivery.endpointId),
          ) as ConnectionConfig;
        } catch (error) {
          return failed(error);
        }
        if (config.provider !== provider) return failed(new Error(`not a ${provider} connection`));
        const event = JSON.parse(delivery.payload) as WebhookEvent;
        const schema =
          event.type === 'FORM_RESPONSE_CREATED' && options.schemaOf !== undefined
            ? await options
                .schemaOf(String(delivery.target.account_id), event.data.formId)
                .catch(() => undefined)
            : undefined;
        const note = describeEvent(event, options.publicUrl, schema);
        return post(config as Extract<ConnectionConfig, { provider: P }>, note, context);
      },
    };
  }

  const slack = chatSender('slack', async (config, note, { timeoutMs, policy }) =>
    judgeSlack(
      await postDelivery(
        `${slackBase}/chat.postMessage`,
        JSON.stringify(slackMessage(note, config.channelId)),
        { authorization: `Bearer ${config.botToken}` },
        { timeoutMs, policy, userAgent: 'Formloom-Notifications/1', keepHeaders: ['retry-after'] },
      ),
    ),
  );

  const discord = chatSender('discord', async (config, note, { timeoutMs, policy }) => {
    // `wait=false`: Discord answers 204 without echoing the message back.
    const url = new URL(config.webhookUrl);
    url.searchParams.set('wait', 'false');
    return judgeDiscord(
      await postDelivery(
        url.href,
        JSON.stringify(discordMessage(note)),
        {},
        {
          timeoutMs,
          policy,
          userAgent: 'Formloom-Notifications/1',
          keepHeaders: ['retry-after', 'x-ratelimit-reset-after'],
        },
      ),
    );
  });

  return [slack, discord];
}
