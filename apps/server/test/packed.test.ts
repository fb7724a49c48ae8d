import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../../scripts/ensure-built.js';
import { expectWalkthroughWorks, printedKey, startServe } from './support.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const app = join(root, 'apps/server');

/**
 * The "done" check for the product: the packed `formloom` tarball installs with
 * `npm install -g` in a clean folder from the registry alone (the workspace packages are bundled
 * into it), and the installed `formloom serve` runs README's walkthrough and serves the public page.
 */
describe('the packed formloom in a clean folder', () => {
  const work = mkdtempSync(join(tmpdir(), 'formloom-product-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  // npm install -g of the packed tarball resolves and installs everything from the registry (slow under load).
  it('installs with npm install -g and serves the walkthrough', { timeout: 900_000 }, async () => {
    await ensureBuilt('formloom');
    const { stdout } = await run('pnpm', ['pack', '--pack-destination', work], { cwd: app });
    const tarball = stdout.trim().split('\n').at(-1)!;
    const { stdout: listing } = await run('tar', ['-tzf', tarball]);
    // The bundle, and the chunks of what it loads only on use (pg, nodemailer, archiver, tar, the
    // S3 client and its credential providers): JavaScript and source maps; the licence, the binary
    // and the manifest.
    const files = listing.trim().split('\n').sort();
    expect(files.filter((f) => !/^package\/dist\/[\w.-]+\.js(\.map)?$/.test(f))).toEqual([
      'package/LICENSE',
      'package/bin/formloom.js',
      'package/package.json',
    ]);
    expect(files).toContain('package/dist/formloom.js');

    const prefix = join(work, 'global');
    // Headers for better-sqlite3's build: those of the Node running this (ensure-node.sh exports
    // them for the Node it installs), else the machine's.
    const nodedir = process.env.npm_config_nodedir ?? (existsSync('/usr/include/node') ? '/usr' : undefined);
    const env = { ...process.env, npm_config_nodedir: nodedir };
    await run('npm', ['install', '--global', '--prefix', prefix, '--no-audit', '--no-fund', tarball], {
      cwd: work,
      env,
      timeout: 840_000,
    });
    const installed = join(prefix, 'lib/node_modules/formloom');
    // Only registry packages came in, and none of the development tools.
    const modules = readdirSync(join(installed, 'node_modules'));
    expect(modules).toContain('better-sqlite3');
    for (const dev of ['tsx', 'esbuild', 'tsup', '@formloom']) expect(modules).not.toContain(dev);

    const clean = join(work, 'clean');
    mkdirSync(clean);
    const serve = await startServe(join(clean, '.formloom'), {}, [join(prefix, 'bin/formloom')]);
    try {
      const key = printedKey(serve);
      expect(key).toMatch(/^formloom_/);
      const { shareCode } = await expectWalkthroughWorks(serve.port, key!);
      // The public page's script was bundled at build time and is served by the installed binary.
      const base = `http://127.0.0.1:${serve.port}`;
      const page = await (await fetch(`${base}/f/${shareCode}`)).text();
      const script = /src="assets\/(page\.[\w-]+\.js)"/.exec(page)?.[1];
      expect(script).toBeDefined();
      const asset = await fetch(`${base}/f/assets/${script}`);
      expect(asset.status).toBe(200);
      expect((await asset.text()).length).toBeGreaterThan(1000);
    } finally {
      serve.child.kill('SIGTERM');
      expect(await serve.exited).toBe(0);
    }
  });

  it('is what the Dockerfile installs and runs', () => {
    // No container runtime here: the image is checked to run the command this test runs.
    const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
    expect(dockerfile).toContain('pnpm pack --pack-destination /tmp/pack');
    expect(dockerfile).toContain(
      'npm install --global --prefix /opt/formloom --no-audit --no-fund /tmp/pack/formloom-*.tgz',
    );
    expect(dockerfile).toMatch(/^ENTRYPOINT \["\/opt\/formloom\/bin\/formloom"\]\nCMD \["serve"\]$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/v1\/me/m);
  });
});
