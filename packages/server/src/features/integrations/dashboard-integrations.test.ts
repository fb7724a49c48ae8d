import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { beforeAll, expect, it } from 'vitest';
import {
  type DiscordStandIn,
  type SlackStandIn,
  startDiscordStandIn,
  startSlackStandIn,
} from '../../../test/support/chat-stand-ins.js';
import { describeDialects } from '../../../test/support/test-database.js';
import { type TestServer, useTestServer } from '../../../test/support/test-server.js';
import { createServices } from '../../services.js';

const PASSWORD = 'dashboard password 1';
const ORIGIN = 'https://forms.example.test';

describeDialects('chat connections from the dashboard', (dialect) => {
  let slack: SlackStandIn;
  let discord: DiscordStandIn;
  beforeAll(async () => {
    slack = await startSlackStandIn();
    discord = await startDiscordStandIn();
    return async () => {
      await slack.close();
      await discord.close();
    };
  });
  const t: TestServer = useTestServer(dialect, {
    allowPrivateTargets: true,
    appConfig: () => ({
      slack: {
        clientId: slack.clientId,
        clientSecret: slack.clientSecret,
        apiBaseUrl: slack.apiBaseUrl,
        authorizeUrl: 'https://slack.example.test/oauth/v2/authorize',
      },
      discordWebhookBases: [discord.base],
    }),
  });

  /** A member of a new account, signed in to the dashboard: their cookie. */
  async function member(role: 'owner' | 'admin' | 'editor' | 'viewer' = 'owner', plan = 'PRO') {
    const { accountId, key } = await t.account(plan);
    const email = `d-${randomUUID().slice(0, 8)}@example.com`;
    const user = await createServices({ db: t.db }).users.create({
      account: accountId,
      email,
      password: PASSWORD,
      role,
    });
    const res = await t.request('/v1/auth/login', { method: 'POST', json: { email, password: PASSWORD } });
    expect(res.status, res.text).toBe(200);
    return {
      accountId,
      key,
      userId: user.id,
      email,
      cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]!,
    };
  }
  const call = (cookie: string, path: string, init: { method?: string; json?: unknown } = {}) =>
    t.request(path, { ...init, headers: { cookie, origin: ORIGIN } });
  /** Slack's install page for the member, as `POST /v1/integrations/slack/start` names it. */
  async function authorizeUrl(cookie: string): Promise<URL> {
    const start = await call(cookie, '/v1/integrations/slack/start', { method: 'POST' });
    expect(start.status, start.text).toBe(200);
    return new URL(start.body.data.authorizeUrl);
  }
  /** The browser coming back from Slack to the callback. */
  const callback = (query: string, cookie?: string) =>
    fetch(`${t.url}/integrations/slack/callback?${query}`, {
      headers: cookie === undefined ? {} : { cookie },
      redirect: 'manual',
    });

  it('connects Discord, sets its events, lists and removes it; each change is in the audit log as the member', async () => {
    const me = await member();
    const webhook = `${discord.base}/api/webhooks/123456789012345678/${'t'.repeat(40)}`;
    const created = await call(me.cookie, '/v1/integrations/discord', {
      method: 'POST',
      json: { url: webhook, events: ['FORM_PUBLISHED', 'FORM_RESPONSE_CREATED'] },
    });
    expect(created.status, created.text).toBe(201);
    const connection = created.body.data;
    expect(connection).toMatchObject({
      provider: 'discord',
      status: 'CONNECTED',
      target: 'Discord webhook …345678',
      events: ['FORM_RESPONSE_CREATED', 'FORM_PUBLISHED'],
    });
    // The token never comes back.
    expect(created.text).not.toContain('t'.repeat(40));

    const list = await call(me.cookie, '/v1/integrations');
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({
      slack: { configured: true },
      connections: [{ id: connection.id }],
    });

    const events = await call(me.cookie, `/v1/integrations/${connection.id}/events`, {
      method: 'PATCH',
      json: { events: ['FORM_CREATED'] },
    });
    expect(events.body.data.events).toEqual(['FORM_CREATED']);

    // The outbox now queues FORM_CREATED for the connection, and not FORM_PUBLISHED.
    const form = await t.request('/v1/forms', { method: 'POST', key: me.key, json: { title: 'Ping' } });
    expect(form.status).toBe(201);
    const published = await t.request(`/v1/forms/${form.body.data.id}/publish`, {
      method: 'POST',
      key: me.key,
    });
    expect(published.status).toBeLessThan(300);
    const queued = await t.db
      .selectFrom('outbox_deliveries')
      .select('event_type')
      .where('endpoint_id', '=', connection.id)
      .execute();
    expect(queued.map((row) => row.event_type)).toEqual(['FORM_CREATED']);

    expect((await call(me.cookie, `/v1/integrations/${connection.id}`, { method: 'DELETE' })).status).toBe(
      200,
    );
    expect((await call(me.cookie, '/v1/integrations')).body.data.connections).toEqual([]);

    const log = await call(me.cookie, `/v1/audit-log?targetId=${connection.id}`);
    expect(log.body.data.entries.map((e: { action: string }) => e.action)).toEqual([
      'integration.removed',
      'integration.updated',
      'integration.updated',
      'integration.connected',
    ]);
    expect(log.body.data.entries[0].actor).toMatchObject({ type: 'user', id: me.userId, email: me.email });
  });

  it("refuses a URL that is not a Discord webhook, another account's connection, an API key, an editor and a Starter plan", async () => {
    const me = await member();
    for (const url of [
      'not a url',
      'https://example.com/hook',
      'https://evil.example/api/webhooks/123456789012345678/abcdefghijklmnopqrstuv',
      `${discord.base}/api/other/1/2`,
    ]) {
      const bad = await call(me.cookie, '/v1/integrations/discord', { method: 'POST', json: { url } });
      expect(bad.status, url).toBe(400);
      expect(bad.text, url).toMatch(/Discord webhook URL|not a URL/);
    }
    expect((await call(me.cookie, '/v1/integrations')).body.data.connections).toEqual([]);

    const other = await member();
    const theirs = await call(other.cookie, '/v1/integrations/discord', {
      method: 'POST',
      json: { url: `${discord.base}/api/webhooks/223456789012345678/${'u'.repeat(40)}` },
    });
    expect(theirs.status).toBe(201);
    const id = theirs.body.data.id as string;
    expect((await call(me.cookie, `/v1/integrations/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect(
      (await call(me.cookie, `/v1/integrations/${id}/events`, { method: 'PATCH', json: { events: [] } }))
        .status,
    ).toBe(404);

    // A key never manages chat connections; an editor may not; a Starter account may not.
    expect((await t.request('/v1/integrations', { key: me.key })).status).toBe(401);
    const editor = await member('editor');
    expect((await call(editor.cookie, '/v1/integrations')).status).toBe(403);
    const starter = await member('owner', 'STARTER');
    const refused = await call(starter.cookie, '/v1/integrations');
    expect(refused.status).toBe(403);
    expect(refused.text).toMatch(/Pro plan/);
    const noSlack = await call(starter.cookie, '/v1/integrations/slack/start', { method: 'POST' });
    expect(noSlack.status).toBe(403);
    expect(noSlack.text).toMatch(/Pro plan/);
    // A write from another origin is refused before anything else.
    const cross = await t.request('/v1/integrations/discord', {
      method: 'POST',
      json: { url: 'x' },
      headers: { cookie: me.cookie, origin: 'https://evil.example' },
    });
    expect(cross.status).toBe(403);
    expect(cross.body.error).toBe('CROSS_ORIGIN_REFUSED');
  });

  it("Slack from the dashboard: the install link's state is the member's; the callback connects and returns to /app/integrations", async () => {
    const me = await member('admin');
    const authorize = await authorizeUrl(me.cookie);
    expect(authorize.origin + authorize.pathname).toBe('https://slack.example.test/oauth/v2/authorize');
    expect(authorize.searchParams.get('client_id')).toBe(slack.clientId);
    expect(authorize.searchParams.get('scope')).toBe('chat:write,incoming-webhook');
    const redirectUri = `${ORIGIN}/integrations/slack/callback`;
    expect(authorize.searchParams.get('redirect_uri')).toBe(redirectUri);
    const state = authorize.searchParams.get('state')!;

    // The member picks #sales on Slack's screen; Slack sends the browser back with a code.
    const code = slack.issueCode({ channel: 'sales', teamName: 'Acme <b>Corp</b>' });
    const back = await callback(`code=${code}&state=${encodeURIComponent(state)}`, me.cookie);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/app/integrations?slack=connected');
    expect(slack.exchanges.at(-1)).toEqual({ code, redirectUri });
    const list = await call(me.cookie, '/v1/integrations');
    expect(list.body.data.connections).toMatchObject([
      {
        provider: 'slack',
        status: 'CONNECTED',
        target: '#sales · Acme <b>Corp</b>',
        events: ['FORM_RESPONSE_CREATED'],
      },
    ]);
    // The bot token is sealed at rest.
    const row = await t.db
      .selectFrom('outbox_targets')
      .select('config_sealed')
      .where('account_id', '=', me.accountId)
      .executeTakeFirstOrThrow();
    expect(row.config_sealed).toMatch(/^v1\./);
    expect(row.config_sealed).not.toContain('xoxb-');
    const log = await call(me.cookie, '/v1/audit-log?action=integration.connected');
    expect(log.body.data.entries[0]).toMatchObject({
      actor: { type: 'user', id: me.userId, email: me.email },
    });

    // Another member's state, or a cancelled install, connects nothing.
    const other = await member('owner');
    const stolen = await fetch(
      `${t.url}/integrations/slack/callback?code=${slack.issueCode({ channel: 'x', teamName: 'y' })}&state=${encodeURIComponent(state)}`,
      { headers: { cookie: other.cookie }, redirect: 'manual' },
    );
    expect(stolen.headers.get('location')).toBe('/app/integrations?slack=failed');
    expect((await call(other.cookie, '/v1/integrations')).body.data.connections).toEqual([]);
    const otherStart = await call(other.cookie, '/v1/integrations/slack/start', { method: 'POST' });
    const otherState = new URL(otherStart.body.data.authorizeUrl).searchParams.get('state')!;
    const cancelled = await fetch(
      `${t.url}/integrations/slack/callback?error=access_denied&state=${encodeURIComponent(otherState)}`,
      { headers: { cookie: other.cookie }, redirect: 'manual' },
    );
    expect(cancelled.headers.get('location')).toBe('/app/integrations?slack=cancelled');
  });

  it("Slack's callback connects nothing for a forged, tampered, expired or session-token state, a signed-out browser or a member no longer allowed", async () => {
    const me = await member('admin');
    const other = await member('owner');
    const exchanges = slack.exchanges.length;
    const failed = async (state: string, cookie: string | undefined) => {
      const res = await callback(`code=${slack.issueCode()}&state=${encodeURIComponent(state)}`, cookie);
      expect(res.status).toBe(303);
      return res.headers.get('location');
    };

    const mine = (await authorizeUrl(me.cookie)).searchParams.get('state')!;
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(me.userId)
      .setAudience('formloom:slack-oauth')
      .setExpirationTime('10m')
      .sign(new Uint8Array(32).fill(3));
    const [h, p, s] = mine.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: other.userId })).toString('base64url')}.${s}`;
    // The integrations API's session token is not a state either (another key, another audience).
    const login = await t.request('/integrations/v1/auth/login', {
      method: 'POST',
      json: { email: me.email, password: PASSWORD },
    });
    expect(login.status).toBe(200);
    for (const state of [forged, tampered, login.body.data.token as string, '', 'garbage']) {
      expect(await failed(state, me.cookie), state).toBe('/app/integrations?slack=failed');
    }
    // Signed out of the dashboard: the state alone connects nothing.
    expect(await failed(mine, undefined)).toBe('/app/integrations?slack=failed');
    // Expired after 10 minutes.
    t.clock.advance(11 * 60_000);
    expect(await failed(mine, me.cookie)).toBe('/app/integrations?slack=failed');
    t.clock.reset();
    // Made an editor while on Slack's screen: the callback asks what the install route asked.
    const fresh = (await authorizeUrl(me.cookie)).searchParams.get('state')!;
    await t.db.updateTable('users').set({ role: 'editor' }).where('id', '=', me.userId).execute();
    expect(await failed(fresh, me.cookie)).toBe('/app/integrations?slack=failed');

    expect(slack.exchanges.length).toBe(exchanges);
    const connections = await t.db
      .selectFrom('outbox_targets')
      .select('id')
      .where('account_id', 'in', [me.accountId, other.accountId])
      .execute();
    expect(connections).toEqual([]);
  });

  it("the old /integrations page's addresses send the browser to the dashboard's page; its sign-in and forms are gone", async () => {
    for (const path of [
      '/integrations',
      '/integrations/',
      '/integrations/login',
      '/integrations/slack/start',
      `/integrations/connections/${randomUUID()}/events`,
    ]) {
      const res = await fetch(`${t.url}${path}`, { redirect: 'manual' });
      expect(res.status, path).toBe(303);
      expect(res.headers.get('location'), path).toBe('/app/integrations');
    }
    const me = await member('owner');
    for (const path of ['/integrations/login', '/integrations/discord', '/integrations/logout']) {
      const res = await fetch(`${t.url}${path}`, {
        method: 'POST',
        headers: {
          cookie: me.cookie,
          origin: ORIGIN,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ email: me.email, password: PASSWORD, url: discord.webhookUrl() }),
        redirect: 'manual',
      });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('set-cookie'), path).toBeNull();
    }
    expect((await call(me.cookie, '/v1/integrations')).body.data.connections).toEqual([]);
  });
});
