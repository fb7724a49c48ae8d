import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Formloom } from '@formloom/sdk';
import { createOpenAiProvider } from '@formloom/server';
import { type OpenAiStandIn, seedSessions, startOpenAiStandIn } from '@formloom/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EServer, useServer } from './support/server.js';

/** A published smart form of a fresh Pro account with `count` seeded sessions; returns the client and id. */
async function smartFormWithSessions(server: E2EServer, count: number) {
  const apiKey = await server.key('PRO', ['all'], 100);
  const client = new Formloom({ apiKey, baseUrl: server.baseUrl });
  const form = await client.smartForms.create({
    purpose: 'Understand why customers cancel and what would have kept them.',
    title: 'Churn interviews',
    maxQuestions: 5,
  });
  const row = await server.db
    .selectFrom('smart_forms')
    .select('account_id')
    .where('id', '=', form.id)
    .executeTakeFirstOrThrow();
  await seedSessions(server.db, { smartFormId: form.id, accountId: row.account_id, count });
  return { client, id: form.id, apiKey };
}

describe('smart-form insights through the SDK (offline provider)', () => {
  const server = useServer();

  it('chats, gets analytics and streams every export format', async () => {
    const { client, id } = await smartFormWithSessions(server, 40);
    const chat = await client.smartForms.chat(id, { message: 'What do people complain about?' });
    expect(chat.sessionsAnalyzed).toBeGreaterThan(0);
    expect(chat.answer).toMatch(/\[#[0-9a-f]{8}\]/);
    const analytics = await client.smartForms.analytics(id);
    expect(analytics.statistics.totalSessions).toBe(40);
    expect(analytics.themes.length).toBeGreaterThan(0);

    const csv = await client.smartForms.export(id);
    expect(csv.fileName).toMatch(/^churn-interviews-sessions-\d{4}-\d{2}-\d{2}\.csv$/);
    let text = '';
    for await (const chunk of Readable.fromWeb(csv.body as never)) text += String(chunk);
    expect(text.split('\n')[0]).toMatch(/^session_id,status,started_at/);
    const json = await client.smartForms.export(id, { format: 'json' });
    expect(JSON.parse(await new Response(json.body).text())).toHaveLength(40);
    const xlsx = await client.smartForms.export(id, { format: 'xlsx' });
    const bytes = Buffer.from(await new Response(xlsx.body).arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
  });

  it('examples/smart-form-insights writes the three files', async () => {
    const { id, apiKey } = await smartFormWithSessions(server, 10);
    const out = mkdtempSync(join(tmpdir(), 'formloom-export-example-'));
    try {
      const root = fileURLToPath(new URL('../../', import.meta.url));
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--conditions=source', '--import', 'tsx', 'examples/smart-form-insights/src/index.ts'],
        {
          cwd: root,
          env: {
            ...process.env,
            FORMLOOM_API_KEY: apiKey,
            FORMLOOM_BASE_URL: server.baseUrl,
            SMART_FORM_ID: id,
            OUT_DIR: out,
          },
          timeout: 60_000,
        },
      );
      expect(stdout).toMatch(/Chat \(\d+ sessions, \d+ credits\)/);
      expect(stdout).toMatch(/Analytics: \d+ sessions/);
      const files = readdirSync(out).sort();
      expect(files.map((f) => f.split('.').pop())).toEqual(['csv', 'json', 'xlsx']);
      const json = JSON.parse(readFileSync(join(out, files[1]!), 'utf8'));
      expect(json).toHaveLength(10);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

describe('smart-form insights through the SDK and the OpenAI stand-in', () => {
  let standIn: OpenAiStandIn;
  beforeAll(async () => {
    standIn = await startOpenAiStandIn();
  });
  afterAll(() => standIn.close());
  const server = useServer({
    appAiProvider: () =>
      createOpenAiProvider({
        baseURL: standIn.baseURL,
        apiKey: 'sk-e2e',
        model: 'gpt-4o-mini',
        maxRetries: 0,
      }),
  });

  it("answers with the model's words and the database's figures", async () => {
    const { client, id } = await smartFormWithSessions(server, 20);
    standIn.script(
      { content: 'Pricing, mostly [#00000000].', usage: { prompt_tokens: 2_500, completion_tokens: 40 } },
      {
        content: JSON.stringify({
          trends: ['Steady.'],
          keyInsights: ['Pricing leads.'],
          summary: 'People leave over pricing.',
        }),
      },
    );
    const chat = await client.smartForms.chat(id, { message: 'Why do they leave?' });
    expect(chat).toMatchObject({ answer: 'Pricing, mostly [#00000000].', creditsUsed: 3 });
    expect(chat.ai).toMatchObject({ provider: 'openai', model: 'gpt-4o-mini', offline: false });
    const analytics = await client.smartForms.analytics(id);
    expect(analytics).toMatchObject({
      summary: 'People leave over pricing.',
      keyInsights: ['Pricing leads.'],
    });
    expect(analytics.statistics.totalSessions).toBe(20);
    const xlsx = await client.smartForms.export(id, { format: 'xlsx' });
    expect(xlsx.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    await xlsx.body.cancel();
  });
});
