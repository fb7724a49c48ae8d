import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins of the two chat platforms, speaking their HTTP protocols on 127.0.0.1 (test
 * support, not shipped). Every chat test runs against these, never against Slack or Discord.
 */

interface Listening {
  server: Server;
  url: string;
}

async function listen(
  handler: (req: IncomingMessage, res: ServerResponse, body: string) => void,
): Promise<Listening> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handler(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    ...(text ? { 'content-type': 'application/json; charset=utf-8' } : {}),
    ...headers,
  });
  res.end(text);
}

export interface SlackMessage {
  at: number;
  token: string;
  body: { channel: string; text: string; blocks: Record<string, unknown>[] };
}

/** What chat.postMessage does with the next call: answer normally, or a scripted failure. */
export type SlackBehaviour = (
  message: SlackMessage,
) => 'ok' | 'ratelimit' | { error: string } | { status: number };

export interface SlackStandIn {
  /** The Web API base, as FORMLOOM_SLACK_API_BASE_URL takes it: `http://127.0.0.1:<port>/api`. */
  readonly apiBaseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly messages: SlackMessage[];
  readonly exchanges: { code: string; redirectUri: string | undefined }[];
  /** An authorization code Slack would hand the callback after the user picked `channel`. */
  issueCode(install?: { teamName?: string; channel?: string }): string;
  /** Seconds a 429 asks for (Retry-After), default 1. */
  retryAfterSeconds: number;
  behave(behaviour: SlackBehaviour): void;
  /** Makes every token issued so far invalid (`invalid_auth`). */
  revokeTokens(): void;
  close(): Promise<void>;
}

/**
 * Slack's Web API as the server uses it: `oauth.v2.access` (form-encoded, client id and secret in
 * the body or HTTP Basic; codes are single-use) answering a bot token and the channel the user
 * chose for the `incoming-webhook` scope, and `chat.postMessage` (JSON, bot token as bearer)
 * answering HTTP 200 with `ok: false` and an error code on errors (`invalid_auth`,
 * `channel_not_found`), or HTTP 429 with Retry-After.
 */
export async function startSlackStandIn(): Promise<SlackStandIn> {
  const clientId = `${Date.now()}.${randomBytes(4).toString('hex')}`;
  const clientSecret = randomBytes(16).toString('hex');
  const codes = new Map<
    string,
    { team: { id: string; name: string }; channel: { id: string; name: string } }
  >();
  const tokens = new Map<string, { channels: Set<string> }>();
  const messages: SlackMessage[] = [];
  const exchanges: { code: string; redirectUri: string | undefined }[] = [];
  let behaviour: SlackBehaviour = () => 'ok';

  const { server, url } = await listen((req, res, raw) => {
    const path = new URL(req.url ?? '/', 'http://slack').pathname;
    if (req.method !== 'POST')
      return send(res, 405, { ok: false, error: 'method_not_supported_for_channel_type' });
    if (path === '/api/oauth.v2.access') {
      const form = new URLSearchParams(raw);
      const basic = req.headers.authorization?.startsWith('Basic ')
        ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString().split(':')
        : [];
      const id = form.get('client_id') ?? basic[0];
      const secret = form.get('client_secret') ?? basic[1];
      if (id !== clientId || secret !== clientSecret)
        return send(res, 200, { ok: false, error: 'invalid_client_id' });
      const code = form.get('code') ?? '';
      exchanges.push({ code, redirectUri: form.get('redirect_uri') ?? undefined });
      const install = codes.get(code);
      if (install === undefined) return send(res, 200, { ok: false, error: 'invalid_code' });
      codes.delete(code);
      const token = `xoxb-${randomBytes(12).toString('hex')}`;
      tokens.set(token, { channels: new Set([install.channel.id]) });
      return send(res, 200, {
        ok: true,
        access_token: token,
        token_type: 'bot',
        scope: 'chat:write,incoming-webhook',
        bot_user_id: 'U0BOT',
        app_id: 'A0APP',
        team: install.team,
        enterprise: null,
        authed_user: { id: 'U0USER' },
        incoming_webhook: {
          channel: `#${install.channel.name}`,
          channel_id: install.channel.id,
          configuration_url: `${url}/services/B0`,
          url: `${url}/services/T0/B0/x`,
        },
      });
    }
    if (path === '/api/chat.postMessage') {
      const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      let body: SlackMessage['body'];
      try {
        body = JSON.parse(raw);
      } catch {
        return send(res, 200, { ok: false, error: 'invalid_json' });
      }
      const message: SlackMessage = { at: Date.now(), token, body };
      const scripted = behaviour(message);
      if (scripted === 'ratelimit') {
        return send(
          res,
          429,
          { ok: false, error: 'ratelimited' },
          { 'retry-after': String(standIn.retryAfterSeconds) },
        );
      }
      if (typeof scripted === 'object' && 'status' in scripted) return send(res, scripted.status, undefined);
      if (typeof scripted === 'object') return send(res, 200, { ok: false, error: scripted.error });
      const grant = tokens.get(token);
      if (grant === undefined) return send(res, 200, { ok: false, error: 'invalid_auth' });
      if (!grant.channels.has(body.channel)) return send(res, 200, { ok: false, error: 'channel_not_found' });
      if (typeof body.text !== 'string' || body.text.length > 40_000) {
        return send(res, 200, { ok: false, error: 'msg_too_long' });
      }
      messages.push(message);
      return send(res, 200, { ok: true, channel: body.channel, ts: `${Date.now() / 1000}` });
    }
    return send(res, 404, { ok: false, error: 'unknown_method' });
  });

  const standIn: SlackStandIn = {
    apiBaseUrl: `${url}/api`,
    clientId,
    clientSecret,
    messages,
    exchanges,
    retryAfterSeconds: 1,
    issueCode(install = {}) {
      const code = randomBytes(10).toString('hex');
      const name = install.channel ?? 'general';
      codes.set(code, {
        team: { id: 'T0TEAM', name: install.teamName ?? 'Acme' },
        channel: { id: `C${Buffer.from(name).toString('hex').toUpperCase().slice(0, 10)}`, name },
      });
      return code;
    },
    behave(next) {
      behaviour = next;
    },
    revokeTokens() {
      tokens.clear();
    },
    close: () => close(server),
  };
  return standIn;
}

export interface DiscordPost {
  at: number;
  webhookId: string;
  body: { embeds: Record<string, unknown>[]; allowed_mentions?: unknown };
  headers: IncomingMessage['headers'];
}

/** What a webhook does with the next post: deliver (204), or a 429 with its wait given in one or more ways. */
export type DiscordBehaviour = (post: DiscordPost) =>
  | 'ok'
  | 'hang'
  | {
      status: 429;
      retryAfter: number;
      header?: 'retry-after' | 'x-ratelimit-reset-after' | 'none';
      headerSeconds?: number;
    }
  | { status: number };

export interface DiscordStandIn {
  /** A fresh webhook URL of this stand-in: `http://127.0.0.1:<port>/api/webhooks/<id>/<token>`. */
  webhookUrl(): string;
  readonly base: string;
  readonly posts: DiscordPost[];
  behave(behaviour: DiscordBehaviour): void;
  /** Deletes the webhook: it answers 404 Unknown Webhook from now on. */
  remove(webhookUrl: string): void;
  close(): Promise<void>;
}

/**
 * A Discord incoming webhook: `POST /api/webhooks/{id}/{token}` with JSON embeds answers 204
 * (`?wait=false`); a rate limit is 429 with `retry_after` (seconds, with a fraction) in the body
 * and Retry-After / X-RateLimit-Reset-After headers; a deleted webhook is 404 code 10015.
 */
export async function startDiscordStandIn(): Promise<DiscordStandIn> {
  const hooks = new Map<string, { token: string; deleted: boolean }>();
  const hanging = new Set<ServerResponse>();
  const posts: DiscordPost[] = [];
  let behaviour: DiscordBehaviour = () => 'ok';
  const { server, url } = await listen((req, res, raw) => {
    const match = /^\/api\/webhooks\/(\d+)\/([A-Za-z0-9_-]+)$/.exec(new URL(req.url ?? '/', url).pathname);
    const hook = match ? hooks.get(match[1]!) : undefined;
    if (req.method !== 'POST' || !match || !hook || hook.token !== match[2] || hook.deleted) {
      return send(res, 404, { message: 'Unknown Webhook', code: 10015 });
    }
    let body: DiscordPost['body'];
    try {
      body = JSON.parse(raw);
    } catch {
      return send(res, 400, { message: 'Cannot send an empty message', code: 50006 });
    }
    const post: DiscordPost = { at: Date.now(), webhookId: match[1]!, body, headers: req.headers };
    const scripted = behaviour(post);
    if (scripted === 'hang') {
      hanging.add(res);
      return;
    }
    if (scripted !== 'ok') {
      if (scripted.status === 429 && 'retryAfter' in scripted) {
        const headerSeconds = String(scripted.headerSeconds ?? scripted.retryAfter);
        const header = scripted.header ?? 'retry-after';
        return send(
          res,
          429,
          { message: 'You are being rate limited.', retry_after: scripted.retryAfter, global: false },
          header === 'none' ? {} : { [header]: headerSeconds },
        );
      }
      return send(res, scripted.status, { message: 'error', code: 0 });
    }
    const embed = body.embeds?.[0] as
      | { description?: string; title?: string; fields?: { name: string; value: string }[] }
      | undefined;
    const total =
      (embed?.title?.length ?? 0) +
      (embed?.description?.length ?? 0) +
      (embed?.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0);
    if (
      !embed ||
      (embed.description?.length ?? 0) > 4096 ||
      total > 6000 ||
      (embed.fields ?? []).some((f) => f.value.length > 1024)
    ) {
      return send(res, 400, { message: 'Invalid Form Body', code: 50035 });
    }
    posts.push(post);
    return send(res, 204, undefined);
  });
  let next = 100_000_000_000_000_000n;
  return {
    base: url,
    posts,
    webhookUrl() {
      next += 1n;
      const token = randomBytes(24).toString('base64url');
      hooks.set(String(next), { token, deleted: false });
      return `${url}/api/webhooks/${next}/${token}`;
    },
    behave(b) {
      behaviour = b;
    },
    async close() {
      for (const res of hanging) res.destroy();
      await close(server);
    },
    remove(webhookUrl) {
      const id = /\/api\/webhooks\/(\d+)\//.exec(webhookUrl)?.[1];
      const hook = id && hooks.get(id);
      if (hook) hook.deleted = true;
    },
  };
}
