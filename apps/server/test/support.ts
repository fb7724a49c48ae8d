import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { ensureBuilt } from '../../../scripts/ensure-built.js';
import { runCli } from '../src/cli.js';

/**
 * The built binary, what the package and scripts/serve.sh run: the tests start this one, so what
 * they pass is what ships (a ReDoS guard once worked from the sources and not in the bundle).
 * `startServe` and `builtBin` rebuild it first when its sources changed (scripts/ensure-built.ts).
 */
export const BUILT_BIN = fileURLToPath(new URL('../bin/formloom.js', import.meta.url));

/** BUILT_BIN, built from the current sources first (one build at a time across test files). */
export async function builtBin(): Promise<string> {
  await ensureBuilt('formloom');
  return BUILT_BIN;
}

export interface Serve {
  child: ChildProcess;
  /** stdout, line by line, as it arrives. */
  lines: string[];
  port: number;
  exited: Promise<number | null>;
  /** What it wrote to stderr so far. */
  stderr: () => string;
}

/**
 * Runs `formloom serve` as a child process on a free port and waits until it listens: the built
 * binary as README starts it (`node bin/formloom.js serve`, what scripts/serve.sh execs) unless
 * `command` names another `formloom` (an installed one).
 */
export async function startServe(
  dataDir: string,
  env: Record<string, string> = {},
  command?: readonly string[],
): Promise<Serve> {
  command ??= [process.execPath, await builtBin()];
  // Run from the data folder's parent: nothing may depend on the repository as working directory.
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(command[0]!, [...command.slice(1), 'serve'], {
    cwd: dirname(dataDir),
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      FORMLOOM_DATA_DIR: dataDir,
      FORMLOOM_PUBLIC_URL: 'https://f.example',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let stderr = '';
  child.stderr!.on('data', (d) => {
    stderr += String(d);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const failed = new Promise<never>((_, reject) => child.on('error', reject));
  const port = await new Promise<number>((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk) => {
      buffer += String(chunk);
      const parts = buffer.split('\n');
      buffer = parts.pop()!;
      for (const line of parts) {
        lines.push(line);
        if (line.includes('"msg":"listening"')) resolve(JSON.parse(line).port);
      }
    });
    exited.then((code) => reject(new Error(`formloom serve exited with ${code}: ${stderr}`)));
    failed.catch(reject);
  });
  return { child, lines, port, exited, stderr: () => stderr };
}

/** The key `formloom serve` printed on its first start. */
export function printedKey(serve: Serve): string | undefined {
  return serve.lines.find((l) => l.startsWith('API key: '))?.slice('API key: '.length);
}

/**
 * The CLI, run in-process on `dataDir` (and `env`, e.g. FORMLOOM_DATABASE_URL): `cli` gives exit
 * code and output, `json` adds `--json` and expects success.
 */
export function cliIn(dataDir: string, env: Record<string, string> = {}) {
  async function cli(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(argv, {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      env: { FORMLOOM_DATA_DIR: dataDir, ...env },
      cwd: dirname(dataDir),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }
  async function json(...argv: string[]) {
    const r = await cli(...argv, '--json');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    return JSON.parse(r.out);
  }
  return { cli, json };
}

/** The bash block right after the `<!-- walkthrough` marker in README.md. */
function walkthroughScript(): string {
  const text = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const match = /<!-- walkthrough[^\n]*-->\n```bash\n([\s\S]*?)\n```/.exec(text);
  if (!match) throw new Error('README.md has no walkthrough block');
  return match[1]!;
}

/** Runs README's walkthrough, as printed, against the server on `port`, checks each answer, gives the form's share code. */
export async function expectWalkthroughWorks(port: number, key: string): Promise<{ shareCode: string }> {
  const { stdout, stderr } = await promisify(execFile)(
    'bash',
    ['--noprofile', '--norc', '-euo', 'pipefail', '-c', walkthroughScript()],
    { env: { ...process.env, BASH_ENV: '', FORMLOOM_URL: `http://127.0.0.1:${port}`, KEY: key } },
  );
  expect(stderr).toBe('');
  const lines = stdout.trim().split('\n');
  expect(lines[0]).toMatch(/^form: [0-9a-f-]{36}$/);
  expect(lines[1]).toMatch(/^share code: [A-Za-z0-9_-]{16}$/);
  expect(JSON.parse(lines[2]!)).toMatchObject({ error: null, data: { responseId: expect.any(String) } });
  expect(JSON.parse(lines[3]!).data).toMatchObject({
    total: 1,
    hasMore: false,
    responses: [{ answers: { name: 'Ada Lovelace', email: 'ada@example.com' } }],
  });
  return { shareCode: lines[1]!.slice('share code: '.length) };
}

/** A small JSON client for a `formloom serve` child: `call(path, { method, json })` with the key. */
export function apiClient(port: number, key: string) {
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    async call(path: string, init: { method?: string; json?: unknown; key?: string | null } = {}) {
      const headers: Record<string, string> = {};
      if (init.key !== null) headers.authorization = `Bearer ${init.key ?? key}`;
      if (init.json !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${base}${path}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
    },
  };
}

/** Creates and publishes a form through a served API; answers its id and share code. */
export async function publishedForm(api: ReturnType<typeof apiClient>, schema: unknown, title = 'Form') {
  const created = await api.call('/v1/forms', { method: 'POST', json: { title, schema } });
  if (created.status !== 201) throw new Error(`creating the form failed: ${created.text}`);
  const id = created.body.data.id as string;
  const published = await api.call(`/v1/forms/${id}/publish`, { method: 'POST' });
  if (published.status !== 200) throw new Error(`publishing the form failed: ${published.text}`);
  return { id, code: published.body.data.shareUrl as string };
}

/** Every response of a form, through the API, page by page. */
export async function allResponses(
  api: ReturnType<typeof apiClient>,
  formId: string,
): Promise<{ id: string }[]> {
  const all: { id: string }[] = [];
  for (let page = 1; ; page++) {
    const res = await api.call(`/v1/forms/${formId}/responses?limit=100&page=${page}`);
    if (res.status !== 200) throw new Error(`listing responses failed: ${res.text}`);
    all.push(...res.body.data.responses);
    if (!res.body.data.hasMore) return all;
  }
}
