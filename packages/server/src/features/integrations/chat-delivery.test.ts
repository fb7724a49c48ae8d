import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  type DiscordStandIn,
  type SlackStandIn,
  startDiscordStandIn,
  startSlackStandIn,
} from '../../../test/support/chat-stand-ins.js';
import { contactSchema } from '../../../test/support/fixtures.js';
import { guestsSchema } from '../../../test/support/page-fixtures.js';
import { describeDialects } from '../../../test/support/test-database.js';
import {
  startReceiver,
  startWebhookTestServer,
  type WebhookTestServer,
} from '../../../test/support/webhook-test-kit.js';
import { createSecretBox } from '../../crypto/secret-box.js';
import { createChatSenders } from './chat-senders.js';
import { createConnectionsService } from './connections-service.js';

/** The webhook test kit's server key: connections sealed with it open in the worker. */
const SECRET_KEY = new Uint8Array(32).fill(7);
const ORIGIN = 'https://forms.example.test';

describeDialects('chat notifications through the outbox', (dialect) => {
  let t: WebhookTestServer;
  let slack: SlackStandIn;
  let discord: DiscordStandIn;
  beforeAll(async () => {
    slack = await startSlackStandIn();
    discord = await startDiscordStandIn();
    t = await startWebhookTestServer({
      dialect,
      worker: {
        retryBaseMs: 20,
        pollIntervalMs: 10,
        senders: createChatSenders({
          box: createSecretBox(SECRET_KEY),
          publicUrl: ORIGIN,
          slackApiBaseUrl: slack.apiBaseUrl,
          // As the app's senders: the form's schema, so answers read as display text.
          schemaOf: async (accountId, formId) => (await t.services.forms.get(accountId, formId)).schema,
        }),
      },
    });
  });
  afterEach(() => {
    slack.behave(() => 'ok');
    discord.behave(() => 'ok');
  });
  afterAll(async () => {
    await t.close();
    await slack.close();
    await discord.close();
  });

  const connections = () =>
    createConnectionsService({ db: t.db, box: createSecretBox(SECRET_KEY), clock: () => new Date() });

  /** A Slack connection as the OAuth callback stores it: the token from a real oauth.v2.access exchange. */
  async function connectSlack(accountId: string, channel = 'general') {
    const code = slack.issueCode({ channel });
    const res = await fetch(`${slack.apiBaseUrl}/oauth.v2.access`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: slack.clientId, client_secret: slack.clientSecret, code }),
    });
    const grant = (await res.json()) as {
      access_token: string;
      incoming_webhook: { channel_id: string };
      team: { id: string };
    };
    return connections().connect({
      accountId,
      userId: randomUUID(),
      label: `#${channel} · Acme`,
      config: {
        provider: 'slack',
        botToken: grant.access_token,
        channelId: grant.incoming_webhook.channel_id,
        teamId: grant.team.id,
      },
    });
  }

  async function connectDiscord(accountId: string, webhookUrl = discord.webhookUrl()) {
    const connection = await connections().connect({
      accountId,
      userId: randomUUID(),
      label: `Discord webhook ${/webhooks\/(\d+)/.exec(webhookUrl)![1]}`,
      config: { provider: 'discord', webhookUrl },
    });
    return { connection, webhookUrl };
  }

  async function form(key: string, title = 'Contact', schema = contactSchema()) {
    const created = await t.request('/v1/forms', {
      method: 'POST',
      key,
      json: { title, schema },
    });
    const published = await t.request(`/v1/forms/${created.body.data.id}/publish`, { method: 'POST', key });
    return { id: created.body.data.id as string, code: published.body.data.shareUrl as string };
  }

  async function submit(code: string, answers: Record<string, unknown>) {
    const res = await t.request(`/v1/public/forms/${code}/responses`, { method: 'POST', json: { answers } });
    expect(res.status).toBe(201);
    return res.body.data.responseId as string;
  }

  const row = (id: string) =>
    t.db.selectFrom('outbox_targets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  async function until(check: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('condition not met');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it("a repeating section's entries reach Slack and Discord one labelled line each", async () => {
    const { accountId, key } = await t.account('PRO');
    await connectSlack(accountId, 'bookings');
    const { webhookUrl } = await connectDiscord(accountId);
    const webhookId = /webhooks\/(\d+)/.exec(webhookUrl)![1];
    const f = await form(key, 'Booking', guestsSchema());
    await submit(f.code, {
      host: 'Ada',
      guests: [
        { name: 'Bo', age: 40, meal: 'fish' },
        { name: 'Cy', age: 7 },
      ],
    });
    const slackOf = () =>
      slack.messages.filter(
        (m) => m.body.channel === `C${Buffer.from('bookings').toString('hex').toUpperCase().slice(0, 10)}`,
      );
    const discordOf = () => discord.posts.filter((p) => p.webhookId === webhookId);
    await until(() => slackOf().length === 1 && discordOf().length === 1);

    const lines = 'Guests 1: Guest name: Bo; Age: 40; Meal for Bo: Fish\nGuests 2: Guest name: Cy; Age: 7';
    const section = slackOf()[0]!.body.blocks[2] as { fields: { text: string }[] };
    expect(section.fields.map((x) => x.text)).toEqual([
      '*Your name*\nAda',
      `*Guests*\n${lines}`,
      '*count*\n2',
      '*years*\n47',
    ]);
    const embed = discordOf()[0]!.body.embeds[0] as { fields: { name: string; value: string }[] };
    expect(embed.fields).toContainEqual({ name: 'Guests', value: lines, inline: false });
    expect(JSON.stringify([slackOf()[0]!.body, embed])).not.toContain('[object Object]');
  });

  it('a response fans out to a webhook, a Slack channel and a Discord webhook at once, in order, with Block Kit and an embed', async () => {
    const { accountId, key } = await t.account('PRO');
    const hook = await startReceiver();
    await t.request('/v1/webhooks', {
      method: 'POST',
      key,
      json: { url: hook.url, events: ['FORM_RESPONSE_CREATED'] },
    });
    const slackConnection = await connectSlack(accountId, 'sales');
    const { webhookUrl } = await connectDiscord(accountId);
    const webhookId = /webhooks\/(\d+)/.exec(webhookUrl)![1];
    const f = await form(key, 'Sales leads');
    const ids = [
      await submit(f.code, { name: 'Ada', email: 'ada@example.com', contact: 'email' }),
      await submit(f.code, { name: 'Bo' }),
      await submit(f.code, { name: '<!channel> @everyone' }),
    ];
    const slackOf = () =>
      slack.messages.filter(
        (m) => m.body.channel === `C${Buffer.from('sales').toString('hex').toUpperCase().slice(0, 10)}`,
      );
    const discordOf = () => discord.posts.filter((p) => p.webhookId === webhookId);
    await hook.waitFor((q) => q.length === 3);
    await until(() => slackOf().length === 3 && discordOf().length === 3);
    await hook.close();

    // Slack: header = form title, the event, answers as fields, a "View response" button to this server.
    const first = slackOf()[0]!.body;
    expect(first.blocks[0]).toMatchObject({ type: 'header', text: { text: 'Sales leads' } });
    expect(JSON.stringify(first.blocks[1])).toContain('New response');
    expect(JSON.stringify(first.blocks[2])).toContain('Ada');
    const buttons = slackOf().map(
      (m) => (m.body.blocks.at(-1) as { elements: { url: string; text: { text: string } }[] }).elements[0]!,
    );
    expect(buttons.map((b) => b.text.text)).toEqual(['View response', 'View response', 'View response']);
    // In order: each button names its response.
    expect(buttons.map((b) => b.url)).toEqual(ids.map((id) => `${ORIGIN}/v1/forms/${f.id}/responses/${id}`));
    // Markup in answers is escaped (long answers: notification.test.ts).
    expect(JSON.stringify(slackOf()[2]!.body.blocks)).toContain('&lt;!channel&gt;');

    // Discord: the same content as an embed, mentions disabled, inside the embed limits.
    const embed = discordOf()[0]!.body.embeds[0] as {
      title: string;
      description: string;
      fields: { name: string; value: string }[];
    };
    expect(embed.title).toBe('Sales leads');
    expect(embed.description).toContain('New response');
    expect(embed.description).toContain(`[View response](${ORIGIN}/v1/forms/${f.id}/responses/${ids[0]})`);
    expect(embed.fields.map((x) => x.value)).toContain('Ada');
    expect(discordOf()[0]!.body.allowed_mentions).toEqual({ parse: [] });
    expect(
      discordOf().map((p) => (p.body.embeds[0] as { description: string }).description.includes(ids[2]!)),
    ).toEqual([false, false, true]);
    expect((await row(slackConnection.id)).consecutive_failures).toBe(0);
  });

  it('only the events a connection chose', async () => {
    const { accountId, key } = await t.account('PRO');
    const { connection, webhookUrl } = await connectDiscord(accountId);
    const webhookId = /webhooks\/(\d+)/.exec(webhookUrl)![1];
    await connections().setEvents(accountId, connection.id, ['FORM_UNPUBLISHED']);
    const f = await form(key);
    await submit(f.code, { name: 'not notified' });
    await t.request(`/v1/forms/${f.id}/unpublish`, { method: 'POST', key });
    await until(() => discord.posts.some((p) => p.webhookId === webhookId));
    await new Promise((r) => setTimeout(r, 150));
    const mine = discord.posts.filter((p) => p.webhookId === webhookId);
    expect(mine).toHaveLength(1);
    expect((mine[0]!.body.embeds[0] as { description: string }).description).toContain('Form unpublished');
  });

  it("honours the platforms' waits: Slack's 429 Retry-After, Discord's headers before its body", async () => {
    const { accountId, key } = await t.account('PRO');
    await connectSlack(accountId, 'waits');
    const { webhookUrl } = await connectDiscord(accountId);
    const webhookId = /webhooks\/(\d+)/.exec(webhookUrl)![1];
    const slackTries: number[] = [];
    slack.retryAfterSeconds = 1;
    slack.behave((m) => {
      if (m.body.channel !== `C${Buffer.from('waits').toString('hex').toUpperCase().slice(0, 10)}`)
        return 'ok';
      slackTries.push(m.at);
      return slackTries.length === 1 ? 'ratelimit' : 'ok';
    });
    const discordTries: number[] = [];
    discord.behave((p) => {
      if (p.webhookId !== webhookId) return 'ok';
      discordTries.push(p.at);
      // The body says 5 s, the header 0.4 s: the header wins.
      return discordTries.length === 1
        ? { status: 429, retryAfter: 5, header: 'x-ratelimit-reset-after', headerSeconds: 0.4 }
        : 'ok';
    });
    const f = await form(key);
    await submit(f.code, { name: 'wait for it' });
    await until(() => slackTries.length === 2 && discordTries.length === 2, 10_000);
    expect(slackTries[1]! - slackTries[0]!).toBeGreaterThanOrEqual(950);
    expect(discordTries[1]! - discordTries[0]!).toBeGreaterThanOrEqual(380);
    expect(discordTries[1]! - discordTries[0]!).toBeLessThan(4000);
  });

  it('5 failures reported by the platform put a connection in ERROR; nothing more is sent; reconnecting clears it', async () => {
    const { accountId, key } = await t.account('PRO');
    const slackConnection = await connectSlack(accountId, 'doomed');
    const channel = `C${Buffer.from('doomed').toString('hex').toUpperCase().slice(0, 10)}`;
    const refusals: string[] = [];
    slack.behave((m) => {
      if (m.body.channel !== channel) return 'ok';
      refusals.push(m.body.text);
      return { error: 'channel_not_found' };
    });
    const { connection: discordConnection, webhookUrl } = await connectDiscord(accountId);
    discord.remove(webhookUrl);
    const f = await form(key);
    for (let i = 0; i < 5; i++) await submit(f.code, { name: `n${i}` });
    await until(
      async () =>
        (await row(slackConnection.id)).is_active === 0 && (await row(discordConnection.id)).is_active === 0,
    );
    expect(refusals).toHaveLength(5);
    const listed = await connections().list(accountId);
    expect(listed.map((c) => [c.provider, c.status, c.consecutiveFailures]).sort()).toEqual([
      ['discord', 'ERROR', 5],
      ['slack', 'ERROR', 5],
    ]);
    const attempts = await t.db
      .selectFrom('outbox_delivery_attempts as a')
      .innerJoin('outbox_deliveries as d', 'd.id', 'a.delivery_id')
      .select(['a.error', 'd.endpoint_id'])
      .where('d.account_id', '=', accountId)
      .execute();
    expect(new Set(attempts.filter((a) => a.endpoint_id === slackConnection.id).map((a) => a.error))).toEqual(
      new Set(['slack: channel_not_found']),
    );
    expect(
      new Set(attempts.filter((a) => a.endpoint_id === discordConnection.id).map((a) => a.error)),
    ).toEqual(new Set(['discord: the webhook was deleted']));

    // In ERROR: no more notifications.
    await submit(f.code, { name: 'while broken' });
    await new Promise((r) => setTimeout(r, 200));
    expect(refusals).toHaveLength(5);

    // Fixed on the platform side and reconnected: CONNECTED, count cleared, the next response goes out.
    slack.behave(() => 'ok');
    const again = await connectSlack(accountId, 'doomed');
    expect(again).toMatchObject({ id: slackConnection.id, status: 'CONNECTED', consecutiveFailures: 0 });
    const before = slack.messages.length;
    const id = await submit(f.code, { name: 'after the fix' });
    await until(() => slack.messages.slice(before).some((m) => JSON.stringify(m.body.blocks).includes(id)));
  });
});
