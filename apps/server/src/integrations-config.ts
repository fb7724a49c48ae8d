import { type Env, read } from './env.js';

/** The chat-app and destination settings of `formloom serve` (docs/integrations.md lists them). */
export interface IntegrationsConfig {
  /** Absent unless both FORMLOOM_SLACK_CLIENT_ID and FORMLOOM_SLACK_CLIENT_SECRET are set. */
  slack?: { clientId: string; clientSecret: string; apiBaseUrl?: string; authorizeUrl?: string };
  /** FORMLOOM_SLACK_API_BASE_URL: where chat.postMessage and oauth.v2.access are called. */
  slackApiBaseUrl?: string;
  /** FORMLOOM_DISCORD_WEBHOOK_BASES: comma-separated origins accepted besides discord.com. */
  discordWebhookBases: string[];
  /** FORMLOOM_AIRTABLE_API_BASE: where destinations call Airtable's REST API (a stand-in in tests). */
  airtableApiBase?: string;
  /** FORMLOOM_NOTION_API_BASE: where destinations call Notion's API (a stand-in in tests). */
  notionApiBase?: string;
  /**
   * Google Sheets destinations: absent unless both FORMLOOM_GOOGLE_CLIENT_ID and
   * FORMLOOM_GOOGLE_CLIENT_SECRET are set; FORMLOOM_GOOGLE_OAUTH_BASE, _TOKEN_BASE and _SHEETS_BASE
   * point it at stand-ins.
   */
  google?: {
    clientId: string;
    clientSecret: string;
    oauthBase?: string;
    tokenBase?: string;
    sheetsBase?: string;
  };
}

function url(env: Env, name: string, fail: (message: string) => Error): string | undefined {
  const value = read(env, name);
  if (value === undefined) return undefined;
  try {
    const parsed = new URL(value);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error();
    return value;
  } catch {
    throw fail(`${name} must be an http(s) URL (got "${value}")`);
  }
}

export function loadIntegrationsConfig(env: Env, fail: (message: string) => Error): IntegrationsConfig {
  const clientId = read(env, 'FORMLOOM_SLACK_CLIENT_ID');
  const clientSecret = read(env, 'FORMLOOM_SLACK_CLIENT_SECRET');
  if ((clientId === undefined) !== (clientSecret === undefined)) {
    throw fail('set both FORMLOOM_SLACK_CLIENT_ID and FORMLOOM_SLACK_CLIENT_SECRET, or neither');
  }
  const apiBaseUrl = url(env, 'FORMLOOM_SLACK_API_BASE_URL', fail);
  const authorizeUrl = url(env, 'FORMLOOM_SLACK_AUTHORIZE_URL', fail);
  const bases = (read(env, 'FORMLOOM_DISCORD_WEBHOOK_BASES') ?? '')
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean);
  for (const base of bases) {
    try {
      new URL(base);
    } catch {
      throw fail(`FORMLOOM_DISCORD_WEBHOOK_BASES holds "${base}", which is not a URL`);
    }
  }
  const googleId = read(env, 'FORMLOOM_GOOGLE_CLIENT_ID');
  const googleSecret = read(env, 'FORMLOOM_GOOGLE_CLIENT_SECRET');
  if ((googleId === undefined) !== (googleSecret === undefined)) {
    throw fail('set both FORMLOOM_GOOGLE_CLIENT_ID and FORMLOOM_GOOGLE_CLIENT_SECRET, or neither');
  }
  const googleBases = {
    oauthBase: url(env, 'FORMLOOM_GOOGLE_OAUTH_BASE', fail),
    tokenBase: url(env, 'FORMLOOM_GOOGLE_TOKEN_BASE', fail),
    sheetsBase: url(env, 'FORMLOOM_GOOGLE_SHEETS_BASE', fail),
  };
  const google =
    googleId && googleSecret
      ? {
          clientId: googleId,
          clientSecret: googleSecret,
          ...Object.fromEntries(Object.entries(googleBases).filter(([, v]) => v !== undefined)),
        }
      : undefined;
  return {
    ...(google === undefined ? {} : { google }),
    ...(clientId && clientSecret ? { slack: { clientId, clientSecret, apiBaseUrl, authorizeUrl } } : {}),
    slackApiBaseUrl: apiBaseUrl,
    discordWebhookBases: bases,
    airtableApiBase: url(env, 'FORMLOOM_AIRTABLE_API_BASE', fail),
    notionApiBase: url(env, 'FORMLOOM_NOTION_API_BASE', fail),
  };
}
