import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { useBuiltServer } from './support/built-server.js';
import { ensureBuilt, pack } from './support/packages.js';

const run = promisify(execFile);
/** The oldest zod of the peer range the contract and the SDK declare. */
const ZOD_OLDEST = '3.24.0';
const root = fileURLToPath(new URL('../../', import.meta.url));
const server = useBuiltServer();
let work = '';

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/**
 * The "done" check: a TypeScript user installs the built SDK from its packed tarball in a
 * fresh folder, imports it from ESM and CJS with full types, and runs the quickstart against the
 * reference server.
 */
describe('the packed SDK in a fresh project', () => {
  it('installs, typechecks (ESM + CJS) and runs the quickstart', { timeout: 600_000 }, async () => {
    await ensureBuilt('contract');
    await ensureBuilt('sdk');
    work = mkdtempSync(join(tmpdir(), 'formloom-packed-'));
    const contractTgz = await pack('contract', work);
    const sdkTgz = await pack('sdk', work);
    const app = join(work, 'app');
    cpSync(join(root, 'examples/quickstart/src/quickstart.ts'), join(app, 'src/quickstart.ts'));
    const files: Record<string, string> = {
      // The contract is not published on its own yet: the tarball stands in for the registry.
      'package.json': JSON.stringify({
        name: 'fresh-app',
        private: true,
        type: 'module',
        // zod is a peer dependency of the SDK and the contract: the oldest version of the supported
        // range (^3.24.0) here, while the workspace runs the newest (3.25.76).
        dependencies: { '@formloom/sdk': `file:${sdkTgz}`, zod: ZOD_OLDEST },
      }),
      // pnpm 11 reads its settings from pnpm-workspace.yaml only (no longer package.json's `pnpm`).
      'pnpm-workspace.yaml': `overrides:\n  '@formloom/contract': 'file:${contractTgz}'\n`,
      'tsconfig.json': JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2022', 'DOM'],
          types: [],
          strict: true,
          outDir: 'dist',
          skipLibCheck: false,
        },
        include: ['src'],
      }),
      'src/esm.ts': [
        "import Formloom from '@formloom/sdk';",
        "import { quickstart } from './quickstart.js';",
        'const result = await quickstart(new Formloom());',
        'const check: string = result.responses[0]!.id;',
        "console.log('esm ok', check.length);",
      ].join('\n'),
      'src/cjs.cts': [
        "import sdk = require('@formloom/sdk');",
        'const client = new sdk.Formloom();',
        'client.me.retrieve().then((me) => {',
        '  const plan: string = me.plan;',
        "  console.log('cjs ok', plan, typeof sdk.verifyWebhook, sdk.NotFoundError.name);",
        '});',
      ].join('\n'),
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(app, name), text);
    await run('pnpm', ['install', '--prefer-offline'], { cwd: app, timeout: 300_000 });
    // The SDK installs no ReDoS checker (recheck is an optional peer of the contract's integrity entry).
    const installed = readdirSync(join(app, 'node_modules/.pnpm'));
    expect(installed.filter((name) => name.startsWith('recheck'))).toEqual([]);
    expect(installed.filter((name) => name.startsWith('zod@'))).toEqual([`zod@${ZOD_OLDEST}`]);

    // Full types: strict tsc over ESM and CJS entry points, declaration files included.
    await run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', app], { cwd: app });

    const env = { ...process.env, FORMLOOM_API_KEY: await server.key(), FORMLOOM_BASE_URL: server.baseUrl };
    const esm = await run(process.execPath, ['dist/esm.js'], { cwd: app, env });
    expect(esm.stdout).toMatch(/Published at https:\/\/forms\.example\.test\/f\//);
    expect(esm.stdout).toMatch(/As expected: 404 NOT_FOUND/);
    expect(esm.stdout).toMatch(/esm ok 36/);
    const cjs = await run(process.execPath, ['dist/cjs.cjs'], { cwd: app, env });
    expect(cjs.stdout.trim()).toBe('cjs ok MAX function NotFoundError');
  });
});
