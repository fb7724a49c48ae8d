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
import { createUsersService } from '../users/index.js';
import { INTEGRATIONS_CSP, SESSION_COOKIE } from './integrations-page.js';

const PASSWORD = 'page password 1';

describeDialects('the /integrations page', (dialect) => {
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

  async function signedIn(plan = 'PRO') {
    const { accountId } = await t.account(plan);
    const email = `p-${randomUUID().slice(0, 8)}@example.com`;
    const user = await createUsersService(t.db).create({ account: accountId, email, password: PASSWORD });
    const res = await fetch(`${t.url}/integrations/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password: PASSWORD }),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const cookie = setCookie.split(';')[0]!;
    expect(cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
    return { accountId, email, userId: user.id, cookie };
  }

  const get = (path: string, cookie?: string) =>
    fetch(`${t.url}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  const post = (path: string, cookie: string, fields: Record<string, string | string[]>) => {
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
    return fetch(`${t.url}${path}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body,
      redirect: 'manual',
    });
  };
  const csrfOf = (page: string) => /name="csrf" value="([^"]+)"/.exec(page)![1]!;

  it('asks to sign in, with a strict CSP; a wrong password is refused on the page', async () => {
    const res = await get('/integrations');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(INTEGRATIONS_CSP);
    expect(await res.text()).toContain('action="/integrations/login"');
    const wrong = await fetch(`${t.url}/integrations/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'nobody@example.com', password: 'nope nope nope' }),
      redirect: 'manual',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    expect(await wrong.text()).toContain('Wrong email or password');
  });

  it('Slack OAuth v2: a signed state bound to the user, the code exchanged, the channel connected with the default event', async () => {
    const me = await signedIn();
    const start = await get('/integrations/slack/start', me.cookie);
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.origin + authorize.pathname).toBe('https://slack.example.test/oauth/v2/authorize');
    expect(authorize.searchParams.get('client_id')).toBe(slack.clientId);
    expect(authorize.searchParams.get('scope')).toBe('chat:write,incoming-webhook');
    const redirect = authorize.searchParams.get('redirect_uri')!;
    expect(redirect).toBe('https://forms.example.test/integrations/slack/callback');
    const state = authorize.searchParams.get('state')!;

    // The user picks #support on Slack's screen; Slack sends the browser back with a code.
    const code = slack.issueCode({ channel: 'support', teamName: 'Acme <b>Corp</b>' });
    const back = await get(
      `/integrations/slack/callback?code=${code}&state=${encodeURIComponent(state)}`,
      me.cookie,
    );
    expect(back.status).toBe(303);
    expect(slack.exchanges.at(-1)).toEqual({ code, redirectUri: redirect });

    const list = await t.request('/integrations/v1/connections', {
      headers: { authorization: `Bearer ${me.cookie.split('=')[1]}` },
    });
    expect(list.body.data.connections).toMatchObject([
      {
        provider: 'slack',
        status: 'CONNECTED',
        target: '#support · Acme <b>Corp</b>',
        events: ['FORM_RESPONSE_CREATED'],
      },
    ]);
    // The token is sealed at rest.
    const row = await t.db
      .selectFrom('outbox_targets')
      .selectAll()
      .where('account_id', '=', me.accountId)
      .executeTakeFirstOrThrow();
    expect(row.config_sealed).toMatch(/^v1\./);
    expect(row.config_sealed).not.toContain('xoxb-');
    // Escaped on the page.
    const page = await (await get('/integrations', me.cookie)).text();
    expect(page).toContain('Acme &lt;b&gt;Corp&lt;/b&gt;');
    expect(page).not.toContain('<b>Corp</b>');
  });

  it('refuses a forged, tampered, expired or someone else’s state, and exchanges no code', async () => {
    const me = await signedIn();
    const other = await signedIn();
    const exchanges = slack.exchanges.length;
    const callback = (state: string, cookie = me.cookie) =>
      get(
        `/integrations/slack/callback?code=${slack.issueCode()}&state=${encodeURIComponent(state)}`,
        cookie,
      );

    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(me.userId)
      .setAudience('formloom:slack-oauth')
      .setExpirationTime('10m')
      .sign(new Uint8Array(32).fill(3));
    const stateOf = async (cookie: string) =>
      new URL((await get('/integrations/slack/start', cookie)).headers.get('location')!).searchParams.get(
        'state',
      )!;
    const mine = await stateOf(me.cookie);
    const [h, p, s] = mine.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), sub: other.userId })).toString('base64url')}.${s}`;
    // A session JWT is not a state either (another key, another audience).
    const sessionToken = me.cookie.split('=')[1]!;

    for (const state of [forged, tampered, sessionToken, '', 'garbage']) {
      const res = await callback(state);
      expect(res.status).toBe(400);
      expect(await res.text()).toMatch(/could not be verified|started by someone else/);
    }
    // Another signed-in user cannot finish my flow.
    const stolen = await callback(mine, other.cookie);
    expect(stolen.status).toBe(400);
    expect(await stolen.text()).toContain('started by someone else');
    // Expired after 10 minutes.
    t.clock.advance(11 * 60_000);
    const late = await callback(mine);
    expect(late.status).toBe(400);
    expect(await late.text()).toContain('took too long');
    t.clock.reset();
    expect(slack.exchanges.length).toBe(exchanges);
    expect(
      (
        await t.request('/integrations/v1/connections', {
          headers: { authorization: `Bearer ${sessionToken}` },
        })
      ).body.data.connections,
    ).toEqual([]);
  });

  it('Discord: the URL shape is checked, CSRF is required, events are chosen, the connection removed', async () => {
    const me = await signedIn();
    const csrf = csrfOf(await (await get('/integrations', me.cookie)).text());
    for (const url of [
      'not a url',
      'https://evil.example/api/webhooks/123456789012345678/abcdefghijklmnopqrstuv',
      `${discord.base}/api/other/1/2`,
    ]) {
      const res = await post('/integrations/discord', me.cookie, { csrf, url });
      expect(res.status).toBe(400);
      expect(await res.text()).toMatch(/Discord webhook URL|not a URL/);
    }
    const webhookUrl = discord.webhookUrl();
    expect((await post('/integrations/discord', me.cookie, { url: webhookUrl })).status).toBe(403);
    expect(
      (await post('/integrations/discord', me.cookie, { csrf: 'x'.repeat(43), url: webhookUrl })).status,
    ).toBe(403);
    expect((await post('/integrations/discord', me.cookie, { csrf, url: webhookUrl })).status).toBe(303);

    const page = await (await get('/integrations', me.cookie)).text();
    const id = /data-connection="([^"]+)"/.exec(page)![1]!;
    expect(page).not.toContain(webhookUrl.split('/').at(-1)!);
    expect(
      (
        await post(`/integrations/connections/${id}/events`, me.cookie, {
          csrf,
          events: ['FORM_DELETED', 'FORM_PUBLISHED'],
        })
      ).status,
    ).toBe(303);
    const auth = { authorization: `Bearer ${me.cookie.split('=')[1]}` };
    expect(
      (await t.request('/integrations/v1/connections', { headers: auth })).body.data.connections[0].events,
    ).toEqual(['FORM_PUBLISHED', 'FORM_DELETED']);
    // Another user's page cannot touch it.
    const other = await signedIn();
    const otherCsrf = csrfOf(await (await get('/integrations', other.cookie)).text());
    expect(
      (await post(`/integrations/connections/${id}/remove`, other.cookie, { csrf: otherCsrf })).status,
    ).toBe(404);
    expect((await post(`/integrations/connections/${id}/remove`, me.cookie, { csrf })).status).toBe(303);
    expect(
      (await t.request('/integrations/v1/connections', { headers: auth })).body.data.connections,
    ).toEqual([]);
  });

  it('below Pro the page offers nothing to connect', async () => {
    const me = await signedIn('STARTER');
    const page = await (await get('/integrations', me.cookie)).text();
    expect(page).toContain('need the Pro plan');
    expect((await get('/integrations/slack/start', me.cookie)).status).toBe(403);
  });
});
