import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkSchema } from '@formloom/contract/integrity';
import {
  createTestDatabase,
  describeDialects,
  emailFormDraft,
  type OpenAiStandIn,
  startOpenAiStandIn,
  type TestDatabase,
} from '@formloom/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAiConfig } from '../src/ai-config.js';
import { ConfigError } from '../src/config.js';
import { printedKey, type Serve, startServe } from './support.js';

const fail = (m: string) => new ConfigError(m);

describe('AI configuration (FORMLOOM_AI_*)', () => {
  it('nothing set: the offline provider, 100 starting credits', () => {
    expect(loadAiConfig({}, fail)).toEqual({
      settings: { provider: 'offline' },
      concurrency: 4,
      jobLeaseMs: 60_000,
      jobRetentionMs: 30 * 86_400_000,
      defaultCredits: 100,
    });
  });

  it('a key alone: OpenAI itself with the default model; a base URL needs a model', () => {
    expect(loadAiConfig({ FORMLOOM_AI_API_KEY: 'sk-x' }, fail).settings).toEqual({
      provider: 'openai',
      baseURL: undefined,
      apiKey: 'sk-x',
      model: 'gpt-4o-mini',
      timeoutMs: 60_000,
      maxRetries: 3,
      structuredOutputs: 'json_schema',
      maxTokens: undefined,
    });
    expect(() => loadAiConfig({ FORMLOOM_AI_BASE_URL: 'http://localhost:11434/v1' }, fail)).toThrow(
      /FORMLOOM_AI_MODEL must name the model/,
    );
    // Ollama: no key, JSON mode, a longer timeout.
    expect(
      loadAiConfig(
        {
          FORMLOOM_AI_BASE_URL: 'http://localhost:11434/v1/',
          FORMLOOM_AI_MODEL: 'llama3.1',
          FORMLOOM_AI_STRUCTURED_OUTPUTS: 'json_object',
          FORMLOOM_AI_TIMEOUT: '2m',
          FORMLOOM_AI_MAX_TOKENS: '4096',
        },
        fail,
      ).settings,
    ).toMatchObject({
      baseURL: 'http://localhost:11434/v1',
      apiKey: undefined,
      model: 'llama3.1',
      structuredOutputs: 'json_object',
      timeoutMs: 120_000,
      maxTokens: 4096,
    });
  });

  it('bad values say what to fix', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [
        { FORMLOOM_AI_BASE_URL: 'localhost:11434' },
        /FORMLOOM_AI_BASE_URL must (be an absolute URL|use http)/,
      ],
      [
        { FORMLOOM_AI_API_KEY: 'k', FORMLOOM_AI_STRUCTURED_OUTPUTS: 'xml' },
        /json_schema, json_object, prompt/,
      ],
      [
        { FORMLOOM_AI_BASE_URL: 'https://u:p@llm.example/v1', FORMLOOM_AI_MODEL: 'm' },
        /must not carry credentials/,
      ],
      [{ FORMLOOM_AI_CONCURRENCY: '0' }, /FORMLOOM_AI_CONCURRENCY must be an integer from 1 to 64/],
      [{ FORMLOOM_AI_API_KEY: 'k', FORMLOOM_AI_TIMEOUT: 'soon' }, /FORMLOOM_AI_TIMEOUT must be a duration/],
      [{ FORMLOOM_DEFAULT_CREDITS: '-5' }, /FORMLOOM_DEFAULT_CREDITS must be an integer/],
    ];
    for (const [env, message] of cases) expect(() => loadAiConfig(env, fail)).toThrow(message);
  });
});

async function generateAndWait(base: string, key: string, prompt: string, timeoutMs = 20_000) {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const accepted = await fetch(`${base}/v1/ai/generate-form`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ prompt, language: 'en' }),
  });
  expect(accepted.status).toBe(202);
  const { jobId } = (await accepted.json()).data;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${base}/v1/ai/jobs/${jobId}`, { headers });
    expect(res.status).toBe(200);
    const job = (await res.json()).data;
    if (job.status === 'DONE' || job.status === 'FAILED') return job;
    if (Date.now() > deadline) throw new Error(`job still ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('formloom serve with AI (child process)', () => {
  const dirs: string[] = [];
  const children: Serve[] = [];
  let standIn: OpenAiStandIn;
  beforeAll(async () => {
    standIn = await startOpenAiStandIn();
  });
  afterAll(async () => {
    for (const c of children) c.child.kill('SIGKILL');
    await Promise.all(children.map((c) => c.exited));
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    await standIn.close();
  });
  const serve = async (env: Record<string, string> = {}) => {
    const dir = mkdtempSync(join(tmpdir(), 'formloom-ai-serve-'));
    dirs.push(dir);
    const s = await startServe(dir, env);
    children.push(s);
    return s;
  };

  it('nothing configured: prints the offline provider; the default account can generate a form at once', async () => {
    const s = await serve();
    expect(s.lines).toContain(
      'AI provider: offline (deterministic, for development and tests; set FORMLOOM_AI_BASE_URL or FORMLOOM_AI_API_KEY for a model)',
    );
    const key = printedKey(s)!;
    const base = `http://127.0.0.1:${s.port}`;
    const me = (await (await fetch(`${base}/v1/me`, { headers: { authorization: `Bearer ${key}` } })).json())
      .data;
    expect(me.credits.balance).toBe(100);
    const job = await generateAndWait(base, key, 'A customer survey with a rating and an email');
    expect(job.status).toBe('DONE');
    expect(job.ai).toMatchObject({ provider: 'offline', offline: true });
    expect(checkSchema(job.form.schema)).toEqual([]);
  });

  it('configured for an OpenAI-compatible server: says so without the key, and uses it', async () => {
    standIn.respond = () => ({ status: 401 });
    const s = await serve({
      FORMLOOM_AI_BASE_URL: standIn.baseURL,
      FORMLOOM_AI_API_KEY: 'sk-serve-secret-key',
      FORMLOOM_AI_MODEL: 'served-model',
    });
    const line = s.lines.find((l) => l.startsWith('AI provider:'))!;
    expect(line).toBe(
      `AI provider: OpenAI-compatible at ${standIn.baseURL}, model served-model, structured outputs json_schema`,
    );
    const key = printedKey(s)!;
    const job = await generateAndWait(`http://127.0.0.1:${s.port}`, key, 'A form');
    expect(job).toMatchObject({ status: 'FAILED' });
    expect(standIn.requests.at(-1)!.body.model).toBe('served-model');
    expect(s.lines.join('\n')).not.toContain('sk-serve-secret-key');
  });
});

/** A server killed mid-job loses nothing: another instance takes the job over when its lease ends. */
describeDialects('AI jobs survive SIGKILL (child process)', (dialect) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'formloom-ai-crash-'));
  const children: Serve[] = [];
  let database: TestDatabase | undefined;
  let standIn: OpenAiStandIn;
  beforeAll(async () => {
    standIn = await startOpenAiStandIn();
    if (dialect === 'postgres') database = await createTestDatabase(dialect, 'ai-crash');
  });
  afterAll(async () => {
    for (const c of children) c.child.kill('SIGKILL');
    await Promise.all(children.map((c) => c.exited));
    await standIn.close();
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  });

  it('the job held by a killed instance is finished by the next one, once', async () => {
    const env = {
      FORMLOOM_AI_BASE_URL: standIn.baseURL,
      FORMLOOM_AI_MODEL: 'crash-model',
      FORMLOOM_AI_JOB_LEASE: '1500ms',
      ...(database?.url === undefined ? {} : { FORMLOOM_DATABASE_URL: database.url }),
    };
    const first = await startServe(dataDir, env);
    children.push(first);
    const key = printedKey(first)!;
    // The first call never answers: the instance is killed while it waits.
    standIn.script({ hang: true });
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const accepted = await fetch(`http://127.0.0.1:${first.port}/v1/ai/generate-form`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ prompt: 'A contact form with email', language: 'en' }),
    });
    const { jobId } = (await accepted.json()).data;
    const deadline = Date.now() + 10_000;
    while (standIn.requests.length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(standIn.requests).toHaveLength(1);
    first.child.kill('SIGKILL');
    await first.exited;

    standIn.respond = () => ({
      content: emailFormDraft('Contact'),
    });
    const second = await startServe(dataDir, env);
    children.push(second);
    const base = `http://127.0.0.1:${second.port}`;
    let job: { status: string; form?: { id: string } } | undefined;
    const until = Date.now() + 20_000;
    while (Date.now() < until) {
      job = (await (await fetch(`${base}/v1/ai/jobs/${jobId}`, { headers })).json()).data;
      if (job!.status === 'DONE' || job!.status === 'FAILED') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(job!.status).toBe('DONE');
    const forms = (await (await fetch(`${base}/v1/forms`, { headers })).json()).data.forms;
    expect(forms.map((f: { id: string }) => f.id)).toEqual([job!.form!.id]);
    expect(standIn.requests).toHaveLength(2);
  });
});
