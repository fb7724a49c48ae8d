import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createTestDatabase,
  type DiscordStandIn,
  describeDialects,
  startDiscordStandIn,
  type TestDatabase,
} from '@formloom/server/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from '../src/cli.js';
import { printedKey, type Serve, startServe } from './support.js';

/**
 * A chat notification survives a crash like a webhook does. `formloom serve` is
 * SIGKILLed while a Discord post is in flight (the stand-in never answers it); after a restart
 * every response is posted, in order.
 */
describeDialects('chat notifications survive SIGKILL (child process)', (dialect) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'formloom-chat-crash-'));
  const children: Serve[] = [];
  let database: TestDatabase | undefined;
  let discord: DiscordStandIn;
  beforeAll(async () => {
    if (dialect === 'postgres') database = await createTestDatabase(dialect, 'chat-crash');
    discord = await startDiscordStandIn();
  });
  afterAll(async () => {
    for (const c of children) c.child.kill('SIGKILL');
    await Promise.all(children.map((c) => c.exited));
    await discord.close();
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  });

  const env = () => ({
    FORMLOOM_ALLOW_PRIVATE_TARGETS: '1',
    FORMLOOM_WEBHOOK_RETRY_BASE_MS: '300',
    FORMLOOM_WEBHOOK_TIMEOUT_MS: '1000',
    FORMLOOM_DISCORD_WEBHOOK_BASES: discord.base,
    ...(database?.url === undefined ? {} : { FORMLOOM_DATABASE_URL: database.url }),
  });

  async function serve() {
    const s = await startServe(dataDir, env());
    children.push(s);
    return { s, origin: `http://127.0.0.1:${s.port}` };
  }

  it('nothing is lost: every response reaches Discord after a kill mid-post', async () => {
    let { s, origin } = await serve();
    const key = printedKey(s)!;
    const cli = await runCli(['users', 'create', '--account', 'default', '--email', 'op@example.com'], {
      out: () => {},
      err: () => {},
      env: { FORMLOOM_DATA_DIR: dataDir, ...env() },
      cwd: dataDir,
      readSecret: async () => 'crash test password',
    });
    expect(cli).toBe(0);

    // Connected as a person does, from the dashboard: signed in, then its Discord route.
    const login = await fetch(`${origin}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'op@example.com', password: 'crash test password' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const webhookUrl = discord.webhookUrl();
    const webhookId = /webhooks\/(\d+)/.exec(webhookUrl)![1]!;
    const connected = await fetch(`${origin}/v1/integrations/discord`, {
      method: 'POST',
      headers: { cookie, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      body: JSON.stringify({ url: webhookUrl }),
    });
    expect(connected.status).toBe(201);

    const api = async (path: string, json?: unknown) => {
      const res = await fetch(`${origin}/v1${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(json ?? {}),
      });
      return (await res.json()) as { data: Record<string, string> };
    };
    const form = await api('/forms', { title: 'Crash' });
    await api(`/forms/${form.data.id}/fields`, {
      id: 'n',
      sectionId: 'section-1',
      type: 'number',
      label: 'N',
      order: 0,
    });
    const code = (await api(`/forms/${form.data.id}/publish`)).data.shareUrl!;

    const attempts: string[] = [];
    discord.behave((p) => {
      if (p.webhookId !== webhookId) return 'ok';
      attempts.push(JSON.stringify(p.body));
      return 'hang';
    });
    const submitted: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${origin}/v1/public/forms/${code}/responses`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ answers: { n: i } }),
      });
      submitted.push(((await res.json()) as { data: { responseId: string } }).data.responseId);
    }
    const deadline = Date.now() + 15_000;
    while (attempts.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(attempts.length).toBeGreaterThan(0);
    s.child.kill('SIGKILL');
    await s.exited;

    discord.behave(() => 'ok');
    ({ s, origin } = await serve());
    const mine = () =>
      discord.posts
        .filter((p) => p.webhookId === webhookId)
        .map((p) => submitted.findIndex((id) => JSON.stringify(p.body).includes(id)));
    const until = Date.now() + 30_000;
    while (new Set(mine()).size < submitted.length && Date.now() < until)
      await new Promise((r) => setTimeout(r, 50));
    // Every response arrived, in order (a repeat of the one in flight at the kill is allowed).
    const seen = mine().filter((n, i, all) => all.indexOf(n) === i);
    expect(seen).toEqual([0, 1, 2, 3, 4]);
  }, 90_000);
});
