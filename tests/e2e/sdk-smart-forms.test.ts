import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Formloom, NotFoundError } from '@formloom/sdk';
import { createOfflineProvider, createOpenAiProvider } from '@formloom/server';
import { type OpenAiStandIn, startOpenAiStandIn } from '@formloom/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EServer, useServer } from './support/server.js';

const PURPOSE = 'Learn what new users find hardest in their first week with the product.';

/** Runs one interview with the SDK's public methods, as a respondent's app would. */
async function interview(client: Formloom, code: string, answers: string[]) {
  const started = await client.public.startInterview(code, { language: 'en' });
  // The start carries the session token; each later step is the same shape without it.
  let step: { done: boolean; question: { id: string } | null } = started;
  for (let i = 0; !step.done; i++) {
    step = await client.public.answer(code, started, {
      questionId: step.question!.id,
      answer: answers[Math.min(i, answers.length - 1)]!,
    });
  }
  const finished = await client.public.finishInterview(code, started);
  return { sessionId: started.sessionId, finished };
}

async function analysed(client: Formloom, id: string, sessionId: string) {
  for (let i = 0; i < 300; i++) {
    const session = await client.smartForms.sessions.retrieve(id, sessionId);
    if (session.analysis !== null) return session;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('not analysed');
}

async function smartFormFlow(server: E2EServer) {
  const client = new Formloom({ apiKey: await server.key('PRO'), baseUrl: server.baseUrl });
  const created = await client.smartForms.create({ purpose: PURPOSE, maxQuestions: 5 });
  const published = await client.smartForms.publish(created.id);
  const code = published.shareUrl;
  expect(published.publicUrl).toBe(`https://forms.example.test/s/${code}`);
  expect(await client.public.retrieveSmartForm(code)).toMatchObject({
    title: created.title,
    maxQuestions: 5,
  });
  const runs = [];
  for (let i = 0; i < 3; i++)
    runs.push(await interview(client, code, [`Setting up invoices took hours (${i}).`, 'No.']));
  expect(runs[0]!.finished.status).toBe('completed');
  return { client, id: created.id, runs, code };
}

describe('smart forms through the SDK against the reference server (offline provider)', () => {
  const server = useServer({ aiProvider: createOfflineProvider });

  it('creates, publishes, runs interviews, and reads sessions with transcript and an offline analysis', async () => {
    const { client, id, runs } = await smartFormFlow(server);
    const session = await analysed(client, id, runs[0]!.sessionId);
    expect(session.transcript[0]!.answer).toBe('Setting up invoices took hours (0).');
    expect(session.analysis!.ai).toMatchObject({ provider: 'offline', offline: true });
    // Iterating sessions walks every page.
    const seen: string[] = [];
    for await (const s of client.smartForms.sessions.list(id, { limit: 1 })) seen.push(s.id);
    expect(seen.sort()).toEqual(runs.map((r) => r.sessionId).sort());
    const detail = await client.smartForms.retrieve(id);
    expect(detail.stats).toMatchObject({ totalSessions: 3, completedSessions: 3, completionRate: 1 });
    await client.smartForms.unpublish(id, { mode: 'hard' });
    await expect(
      client.public.startInterview((await client.smartForms.retrieve(id)).shareUrl!),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('smart forms through the SDK against the reference server (OpenAI stand-in)', () => {
  let standIn: OpenAiStandIn;
  beforeAll(async () => {
    standIn = await startOpenAiStandIn();
    let n = 0;
    standIn.respond = (body) =>
      body.response_format?.json_schema?.name === 'smart_form_session_analysis'
        ? {
            content: JSON.stringify({
              summary: 'Invoices are hard to set up.',
              sentimentLabel: 'negative',
              sentimentScore: -0.4,
              keyThemes: ['invoices'],
              mappedAnswersJson: null,
            }),
          }
        : { content: JSON.stringify({ done: false, question: `Tell me more, please (${++n}).` }) };
  });
  afterAll(() => standIn.close());
  const server = useServer({
    aiProvider: () =>
      createOpenAiProvider({
        baseURL: standIn.baseURL,
        apiKey: 'sk-e2e',
        model: 'e2e-model',
        backoffMs: () => 5,
      }),
  });

  it("asks the model's questions and stores its analysis", async () => {
    const { client, id, runs } = await smartFormFlow(server);
    const session = await analysed(client, id, runs[0]!.sessionId);
    expect(session.transcript[0]!.question).toMatch(/^Tell me more, please \(\d+\)\.$/);
    expect(session.analysis).toMatchObject({
      summary: 'Invoices are hard to set up.',
      ai: { model: 'e2e-model', offline: false },
    });
  });
});

describe('examples/smart-interview', () => {
  const server = useServer({ aiProvider: createOfflineProvider });

  it('runs a whole interview and prints the analysis', async () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'examples/smart-interview/src/index.ts'],
      {
        cwd: root,
        env: { ...process.env, FORMLOOM_API_KEY: await server.key('PRO'), FORMLOOM_BASE_URL: server.baseUrl },
        timeout: 60_000,
      },
    );
    expect(stdout).toMatch(/Published ".+": respondents open https:\/\/forms\.example\.test\/s\//);
    expect(stdout).toMatch(/Q1: .+\nA1: Connecting my bank account/);
    expect(stdout).toMatch(/Finished: Thank you for your answers!/);
    expect(stdout).toMatch(/Analysis by offline\/formloom-offline-1 \(offline, for development\):/);
    expect(stdout).toMatch(/ {2}themes: \S+/);
  });
});
