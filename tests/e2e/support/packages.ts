import { execFile } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));

/** What each packed package is built from, and how (paths from the repository root). */
const builds = {
  contract: {
    dir: 'packages/contract',
    output: 'packages/contract/dist/index.d.cts',
    sources: ['packages/contract/src'],
  },
  sdk: { dir: 'packages/sdk', output: 'packages/sdk/dist/index.d.cts', sources: ['packages/sdk/src'] },
  // formloom bundles the contract and the server: JavaScript only, as scripts/serve.sh builds it.
  formloom: {
    dir: 'apps/server',
    output: 'apps/server/dist/formloom.js',
    sources: ['packages/contract/src', 'packages/server/src', 'apps/server/src'],
  },
} as const;
export type PackageName = keyof typeof builds;

/** Newest modification time of the files below `dir`. */
function newest(dir: string): number {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .reduce((max, e) => Math.max(max, statSync(join(e.parentPath, e.name)).mtimeMs), 0);
}

/** Builds a package unless its build is newer than its sources (CI builds before testing). */
export async function ensureBuilt(name: PackageName): Promise<void> {
  const { output, sources } = builds[name];
  const out = join(root, output);
  if (existsSync(out) && newest(dirname(out)) > Math.max(...sources.map((s) => newest(join(root, s)))))
    return;
  if (name === 'formloom') {
    await run('pnpm', ['--filter', 'formloom...', 'build'], {
      cwd: root,
      env: { ...process.env, FORMLOOM_BUILD_DTS: '0' },
      timeout: 300_000,
    });
  } else {
    await run('pnpm', ['build'], { cwd: join(root, builds[name].dir), timeout: 300_000 });
  }
}

/** `pnpm pack` of a package into `into` (publishConfig applied, as published); the tarball's path. */
export async function pack(name: PackageName, into: string): Promise<string> {
  const { stdout } = await run('pnpm', ['pack', '--pack-destination', into], {
    cwd: join(root, builds[name].dir),
  });
  return stdout.trim().split('\n').at(-1)!;
}
