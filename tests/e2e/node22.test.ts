import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { transform } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureBuilt, pack } from './support/packages.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
/** The zod the workspace runs (a peer dependency of the SDK). */
const ZOD = createRequire(join(root, 'packages/sdk/package.json'))('zod/package.json').version as string;
let work = '';
let server: ChildProcess | undefined;

afterAll(() => {
  server?.kill('SIGKILL');
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Starts `formloom serve` with `node` on a free port; resolves with its port and printed key. */
function serve(node: string, bin: string, dataDir: string, env: NodeJS.ProcessEnv) {
  const child = spawn(node, [bin, 'serve'], {
    cwd: dataDir,
    env: {
      ...env,
      PORT: '0',
      HOST: '127.0.0.1',
      FORMLOOM_DATA_DIR: dataDir,
      FORMLOOM_PUBLIC_URL: 'https://f.example',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  let stderr = '';
  child.stderr!.on('data', (d) => {
    stderr += String(d);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const ready = new Promise<{ port: number; key: string }>((resolve, reject) => {
    let buffer = '';
    let key = '';
    child.stdout!.on('data', (chunk) => {
      buffer += String(chunk);
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) {
        if (line.startsWith('API key: ')) key = line.slice('API key: '.length);
        if (line.includes('"msg":"listening"')) resolve({ port: JSON.parse(line).port, key });
      }
    });
    exited.then((code) => reject(new Error(`formloom serve exited with ${code}: ${stderr}`)));
  });
  return { child, exited, ready };
}

/**
 * Node 22.14+ stays supported beside Node 24: Node 22 from the npm registry (the way
 * scripts/ensure-node.sh installs Node 24, cached outside the checkout) runs the built `formloom`
 * from its packed tarball (better-sqlite3's Node-API binary) and the packed SDK (ESM and CJS)
 * against it, in one fresh project.
 */
describe('on Node 22', () => {
  it('the packed formloom serves and the packed SDK runs the quickstart', { timeout: 900_000 }, async () => {
    const nodeDir = (
      await run('bash', [join(root, 'scripts/install-node.sh'), '22'], { timeout: 600_000 })
    ).stdout.trim();
    const node = join(nodeDir, 'bin/node');
    expect((await run(node, ['--version'])).stdout).toMatch(/^v22\.(1[2-9]|[2-9]\d)\./);
    // pnpm, npm and node-gyp run on Node 22 too, so better-sqlite3 is built for it against its headers
    // (once: pnpm keeps that build in its store for the next run).
    const env = { ...process.env, PATH: `${nodeDir}/bin:${process.env.PATH}`, npm_config_nodedir: nodeDir };

    await ensureBuilt('formloom');
    await ensureBuilt('contract');
    await ensureBuilt('sdk');
    work = mkdtempSync(join(tmpdir(), 'formloom-node22-'));
    const [formloomTgz, contractTgz, sdkTgz] = await Promise.all([
      pack('formloom', work),
      pack('contract', work),
      pack('sdk', work),
    ]);
    const app = join(work, 'app');
    mkdirSync(app);
    const quickstart = readFileSync(join(root, 'examples/quickstart/src/quickstart.ts'), 'utf8');
    const files: Record<string, string> = {
      'package.json': JSON.stringify({
        name: 'fresh-app',
        private: true,
        type: 'module',
        dependencies: { formloom: `file:${formloomTgz}`, '@formloom/sdk': `file:${sdkTgz}`, zod: ZOD },
      }),
      // pnpm 11 reads its settings from pnpm-workspace.yaml only (no longer package.json's `pnpm`).
      'pnpm-workspace.yaml': [
        'overrides:',
        `  '@formloom/contract': 'file:${contractTgz}'`,
        'allowBuilds:',
        '  better-sqlite3: true',
        '',
      ].join('\n'),
      'quickstart.js': (await transform(quickstart, { loader: 'ts', format: 'esm' })).code,
      'esm.js': [
        "import Formloom from '@formloom/sdk';",
        "import { quickstart } from './quickstart.js';",
        'const result = await quickstart(new Formloom());',
        "console.log('esm ok', result.responses[0].id.length);",
      ].join('\n'),
      'cjs.cjs': [
        "const sdk = require('@formloom/sdk');",
        "new sdk.Formloom().me.retrieve().then((me) => console.log('cjs ok', me.plan, sdk.NotFoundError.name));",
      ].join('\n'),
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(app, name), text);
    await run('pnpm', ['install', '--prefer-offline'], {
      cwd: app,
      env,
      timeout: 840_000,
    });

    const data = join(work, 'data');
    mkdirSync(data);
    const formloom = serve(node, join(app, 'node_modules/formloom/bin/formloom.js'), data, env);
    const { port, key } = await formloom.ready;
    expect(key).toMatch(/^formloom_/);
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    const me = await fetch(`${base}/v1/me`);
    expect(me.status).toBe(401);
    expect((await me.json()).error).toBe('UNAUTHORIZED');

    const sdkEnv = { ...env, FORMLOOM_API_KEY: key, FORMLOOM_BASE_URL: `${base}/v1` };
    const esm = await run(node, ['esm.js'], { cwd: app, env: sdkEnv });
    expect(esm.stdout).toMatch(/Published at https:\/\/f\.example\/f\//);
    expect(esm.stdout).toMatch(/As expected: 404 NOT_FOUND/);
    expect(esm.stdout).toMatch(/esm ok 36/);
    const cjs = await run(node, ['cjs.cjs'], { cwd: app, env: sdkEnv });
    expect(cjs.stdout.trim()).toBe('cjs ok MAX NotFoundError');

    formloom.child.kill('SIGTERM');
    expect(await formloom.exited).toBe(0);
  });
});
