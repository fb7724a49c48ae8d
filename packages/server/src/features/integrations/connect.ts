import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { deriveKey } from '../../crypto/derive-key.js';
import { checkLiteralHost, checkPort, type TargetPolicy } from '../../net/ssrf-guard.js';

export const DEFAULT_SLACK_AUTHORIZE_URL = 'https://slack.com/oauth/v2/authorize';
/** chat:write to post; incoming-webhook makes Slack's install screen ask which channel. */
export const SLACK_SCOPES = ['chat:write', 'incoming-webhook'] as const;
/** An OAuth state is good for this long: one trip through Slack's install screen. */
export const STATE_TTL_SECONDS = 10 * 60;
const DISCORD_HOSTS = new Set(['discord.com', 'discordapp.com', 'ptb.discord.com', 'canary.discord.com']);
const DISCORD_PATH = /^\/api(?:\/v\d{1,2})?\/webhooks\/(\d{15,21})\/([A-Za-z0-9_-]{20,100})\/?$/;

export class ConnectError extends Error {
  override name = 'ConnectError';
}

/**
 * A Discord incoming-webhook URL, checked for shape: `https://discord.com/api/webhooks/<id>/<token>`
 * (or discordapp.com, ptb., canary.), or the same path under one of `bases` (operator-configured,
 * for a local stand-in), whose host and port then pass the SSRF guard's literal checks (the
 * sender's guarded lookup checks the resolved address too). Returns the URL and a label naming
 * the webhook by its id, never its token.
 */
export function parseDiscordWebhookUrl(
  text: string,
  options: { bases?: readonly string[]; policy: TargetPolicy },
): { url: string; label: string } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new ConnectError('That is not a URL: paste the webhook URL Discord shows (Copy Webhook URL)');
  }
  const custom = (options.bases ?? []).some((b) => new URL(b).origin === url.origin);
  if (!custom && !(url.protocol === 'https:' && DISCORD_HOSTS.has(url.hostname) && url.port === '')) {
    throw new ConnectError('A Discord webhook URL starts with https://discord.com/api/webhooks/');
  }
  const match = DISCORD_PATH.exec(url.pathname);
  if (match === null || url.username !== '' || url.password !== '') {
    throw new ConnectError('A Discord webhook URL looks like https://discord.com/api/webhooks/<id>/<token>');
  }
  if (custom) {
    try {
      checkLiteralHost(url, options.policy);
      checkPort(url, options.policy);
    } catch (error) {
      throw new ConnectError(`That webhook address is not allowed: ${(error as Error).message}`);
    }
  }
  url.search = '';
  url.hash = '';
  return { url: url.href, label: `Discord webhook …${match[1]!.slice(-6)}` };
}

/**
 * The `state` of the Slack OAuth flow: a JWT signed with a key of its own (not the session key),
 * naming the user who started the flow and expiring after 10 minutes. The callback accepts it
 * only for that same signed-in user, so a link from someone else's flow connects nothing.
 */
export interface OAuthStateDeps {
  /** The server's secret key; the state's signing key is derived from it. */
  serverKey: Uint8Array;
  clock: () => Date;
}

export function createOAuthState({ serverKey, clock }: OAuthStateDeps) {
  const key = deriveKey(serverKey, 'slack oauth state');
  const audience = 'formloom:slack-oauth';
  return {
    async issue(userId: string): Promise<string> {
      const now = Math.floor(clock().getTime() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setAudience(audience)
        .setJti(randomUUID())
        .setIssuedAt(now)
        .setExpirationTime(now + STATE_TTL_SECONDS)
        .sign(key);
    },
    /** Throws ConnectError unless the state is ours, unexpired, and was issued to `userId`. */
    async check(state: string, userId: string): Promise<void> {
      try {
        const { payload } = await jwtVerify(state, key, {
          algorithms: ['HS256'],
          audience,
          currentDate: clock(),
          requiredClaims: ['sub', 'exp'],
        });
        if (payload.sub !== userId)
          throw new ConnectError('This Slack connection was started by someone else');
      } catch (error) {
        if (error instanceof ConnectError) throw error;
        if (error instanceof errors.JWTExpired) {
          throw new ConnectError('The Slack connection took too long: start again with Add to Slack');
        }
        throw new ConnectError('The Slack connection could not be verified: start again with Add to Slack');
      }
    },
  };
}

export type OAuthStates = ReturnType<typeof createOAuthState>;

export interface SlackOAuthSettings {
  clientId: string;
  clientSecret: string;
  /** FORMLOOM_SLACK_API_BASE_URL (default https://slack.com/api). */
  apiBaseUrl: string;
  /** FORMLOOM_SLACK_AUTHORIZE_URL (default https://slack.com/oauth/v2/authorize). */
  authorizeUrl: string;
}

export interface SlackInstall {
  botToken: string;
  teamId: string;
  teamName: string;
  channelId: string;
  channelName: string;
}

/** Exchanges the callback's code with oauth.v2.access (client id and secret in the form body). */
export async function exchangeSlackCode(
  settings: SlackOAuthSettings,
  code: string,
  redirectUri: string,
  timeoutMs = 10_000,
): Promise<SlackInstall> {
  let answer: Record<string, unknown>;
  try {
    const res = await fetch(`${settings.apiBaseUrl.replace(/\/+$/, '')}/oauth.v2.access`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        code,
        redirect_uri: redirectUri,
      }),
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    answer = (await res.json()) as Record<string, unknown>;
  } catch {
    throw new ConnectError('Slack could not be reached: try again in a moment');
  }
  if (answer.ok !== true) {
    throw new ConnectError(
      `Slack refused the connection (${String(answer.error ?? 'unknown error')}): start again`,
    );
  }
  const hook = answer.incoming_webhook as { channel?: string; channel_id?: string } | undefined;
  const team = answer.team as { id?: string; name?: string } | undefined;
  if (typeof answer.access_token !== 'string' || !hook?.channel_id || !team?.id) {
    throw new ConnectError('Slack did not name a channel: pick one on the install screen');
  }
  return {
    botToken: answer.access_token,
    teamId: team.id,
    teamName: team.name ?? team.id,
    channelId: hook.channel_id,
    channelName: (hook.channel ?? hook.channel_id).replace(/^#/, ''),
  };
}

/** Slack's install page for `state`, asking for the scopes Formloom needs; Slack returns to `redirectUri`. */
export function slackAuthorizeUrl(slack: SlackOAuthSettings, redirectUri: string, state: string): string {
  const authorize = new URL(slack.authorizeUrl);
  authorize.searchParams.set('client_id', slack.clientId);
  authorize.searchParams.set('scope', SLACK_SCOPES.join(','));
  authorize.searchParams.set('redirect_uri', redirectUri);
  authorize.searchParams.set('state', state);
  return authorize.href;
}
