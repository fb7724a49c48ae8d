import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import {
  type DiscordStandIn,
  type SlackStandIn,
  startDiscordStandIn,
  startSlackStandIn,
} from '../../../test/support/chat-stand-ins.js';
import { describeDialects } from '../../../test/support/test-database.js';
import { type TestServer, useTestServer } from '../../../test/support/test-server.js';
import { createUsersService } from '../users/index.js';

const PASSWORD = 'dashboard password 1';
const ORIGIN = 'https://forms.example.test';

describeDialects('chat connections from the dashboard (issue 32, part 3)', (dialect) => {
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
  async function member(role: 'owner' | 'admin' | 'editor' = 'owner', plan = 'PRO') {
    const { accountId, key } = await t.account(plan);
    const email = `d-${randomUUID().slice(0, 8)}@example.com`;
    const user = await createUsersService(t.db).create({
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
    const bad = await call(me.cookie, '/v1/integrations/discord', {
      method: 'POST',
      json: { url: 'https://example.com/hook' },
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/discord\.com\/api\/webhooks/);

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
    const start = await call(me.cookie, '/v1/integrations/slack/start', { method: 'POST' });
    expect(start.status, start.text).toBe(200);
    const authorize = new URL(start.body.data.authorizeUrl);
    expect(authorize.origin + authorize.pathname).toBe('https://slack.example.test/oauth/v2/authorize');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/integrations/slack/callback`);
    const state = authorize.searchParams.get('state')!;

    const code = slack.issueCode({ channel: 'sales', teamName: 'Acme' });
    const back = await fetch(
      `${t.url}/integrations/slack/callback?code=${code}&state=${encodeURIComponent(state)}`,
      {
        headers: { cookie: me.cookie },
        redirect: 'manual',
      },
    );
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/app/integrations?slack=connected');
    const list = await call(me.cookie, '/v1/integrations');
    expect(list.body.data.connections).toMatchObject([{ provider: 'slack', target: '#sales · Acme' }]);
    const log = await call(me.cookie, '/v1/audit-log?action=integration.connected');
    expect(log.body.data.entries[0]).toMatchObject({ actor: { type: 'user', id: me.userId } });

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
});
