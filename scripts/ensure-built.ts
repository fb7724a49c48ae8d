/**
 * Builds the workspace packages that tests run or pack, when their sources changed: one build at a
 * time across the test processes (apps/server/test and tests/e2e use it alike).
 */
import { execFile } from 'node:child_process';
import {
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../', import.meta.url));

/**
 * What each package is built from and what it needs built first (paths from the repository root).
 * Each is built on its own, always the same way, so that a build one test makes is never undone by
 * another's: the contract and the SDK with their type declarations (they are packed as published),
 * the server without (formloom bundles its JavaScript only, as scripts/serve.sh builds it).
 */
const builds = {
  contract: {
    dir: 'packages/contract',
    output: 'packages/contract/dist/index.d.cts',
    // Its build config too: which files the dist splits out (`#engine/*`) is decided there.
    sources: ['packages/contract/src', 'packages/contract/tsup.config.ts', 'packages/contract/package.json'],
    needs: [],
    env: {},
  },
  sdk: {
    dir: 'packages/sdk',
    output: 'packages/sdk/dist/index.d.cts',
    sources: ['packages/sdk/src'],
    needs: ['contract'],
    env: {},
  },
  // The runtime and the element, packed as published for the element's fresh-project test.
  runtime: {
    dir: 'packages/runtime',
    output: 'packages/runtime/dist/index.d.ts',
    sources: ['packages/runtime/src'],
    needs: ['contract'],
    env: {},
  },
  elements: {
    dir: 'packages/elements',
    output: 'packages/elements/dist/index.d.ts',
    sources: ['packages/elements/src'],
    needs: ['contract', 'runtime'],
    env: {},
  },
  server: {
    dir: 'packages/server',
    output: 'packages/server/dist/index.js',
    // The public page's scripts (form, interview, /embed.js) are bundled into it from the runtime's
    // and the element's sources at build time.
    sources: ['packages/server/src', 'packages/runtime/src', 'packages/elements/src'],
    // Its pages' texts of who answers and of edits come from the runtime's build.
    needs: ['contract', 'runtime'],
    env: { FORMLOOM_BUILD_DTS: '0' },
  },
  // Packed as published by the React example's test (a fresh project installs it).
  react: {
    dir: 'packages/react',
    output: 'packages/react/dist/index.d.ts',
    sources: ['packages/react/src'],
    needs: ['contract', 'runtime'],
    env: {},
  },
  // The dashboard's static build (Vite reads the contract and SDK from their sources).
  dashboard: {
    dir: 'apps/dashboard',
    output: 'apps/dashboard/dist/index.html',
    sources: [
      'apps/dashboard/src',
      'apps/dashboard/index.html',
      'apps/dashboard/vite.config.ts',
      'packages/sdk/src',
      'packages/contract/src',
      // The builder's preview is @formloom/react on the runtime.
      'packages/react/src',
      'packages/runtime/src',
    ],
    needs: [],
    env: {},
  },
  // One file that bundles the contract and the server from their builds (and the element's markup,
  // which the server's pages import from @formloom/elements/markup, from the element's build).
  formloom: {
    dir: 'apps/server',
    output: 'apps/server/dist/formloom.js',
    sources: ['apps/server/src', 'apps/server/tsup.config.ts'],
    needs: ['contract', 'server', 'elements'],
    env: {},
  },
} as const satisfies Record<
  string,
  { dir: string; output: string; sources: readonly string[]; needs: readonly string[]; env: object }
>;
export type PackageName = keyof typeof builds;

/** A package's folder, from the repository root. */
export const packageDir = (name: PackageName): string => join(ROOT, builds[name].dir);

/** Newest modification time of the files below `dir` (or of `dir` itself when it is a file). */
function newest(dir: string): number {
  if (statSync(dir).isFile()) return statSync(dir).mtimeMs;
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .reduce((max, e) => Math.max(max, statSync(join(e.parentPath, e.name)).mtimeMs), 0);
}

/** Whether `name`'s build is older than its sources or than the builds it takes in. */
function isStale(root: string, name: PackageName): boolean {
  const { output, sources, needs } = builds[name];
  const out = join(root, output);
  if (!existsSync(out)) return true;
  const inputs = [
    ...sources.map((s) => newest(join(root, s))),
    ...needs.map((n) => newest(join(root, dirname(builds[n].output)))),
  ];
  return statSync(out).mtimeMs <= Math.max(...inputs);
}

/**
 * Builds a package, and the packages it bundles or needs first, unless each build is newer than its
 * sources (CI builds before testing). Test files run in parallel processes: builds happen one at a
 * time across them (see withBuildLock), and each staleness check is repeated once the lock is held,
 * so a build another process has just finished is not redone. Answers whether it built anything.
 */
export async function ensureBuilt(name: PackageName, { root = ROOT } = {}): Promise<boolean> {
  const order = buildOrder(name);
  if (!order.some((n) => isStale(root, n))) return false;
  const lock = join(root, 'node_modules/.cache/formloom/build.lock');
  return withBuildLock(lock, async () => {
    let built = false;
    for (const n of order) {
      if (!isStale(root, n)) continue;
      // Built as `pnpm build` builds them: vitest's NODE_ENV=test would make Vite bundle React's
      // development build into the dashboard (about twice its size), which no user runs.
      const { NODE_ENV: _test, ...parent } = process.env;
      await run('pnpm', ['build'], {
        cwd: join(root, builds[n].dir),
        env: { ...parent, ...builds[n].env },
        timeout: 300_000,
      });
      built = true;
    }
    return built;
  });
}

/** `name` after everything it needs, each once. */
function buildOrder(name: PackageName): PackageName[] {
  const order: PackageName[] = [];
  const visit = (n: PackageName) => {
    for (const need of builds[n].needs) visit(need);
    if (!order.includes(n)) order.push(n);
  };
  visit(name);
  return order;
}

interface LockOwner {
  pid: number;
  since: number;
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function readOwner(file: string): LockOwner | undefined {
  const text = readText(file);
  return text === undefined ? undefined : JSON.parse(text);
}

/** A lock whose process has ended (or that is older than any build may take) is left over. */
function isLeftOver(owner: LockOwner | undefined, maxAgeMs: number): boolean {
  if (!owner) return false;
  if (Date.now() - owner.since > maxAgeMs) return true;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Runs `fn` while holding the build lock, a file that names its process. It is created whole and
 * exclusively (written aside, then hard-linked into place: the link fails if the file exists), so a
 * reader never sees it half written. A waiter polls until the lock is free, or `timeoutMs` has
 * passed; a lock left by a process that has ended is moved aside and removed, and put back if it
 * turns out to be a newer, live one that took its place meanwhile.
 */
export async function withBuildLock<T>(
  lock: string,
  fn: () => Promise<T>,
  { timeoutMs = 900_000, maxAgeMs = 1_800_000 } = {},
): Promise<T> {
  mkdirSync(dirname(lock), { recursive: true });
  const mine = `${lock}.${process.pid}.${Date.now()}`;
  const me = JSON.stringify({ pid: process.pid, since: Date.now() } satisfies LockOwner);
  writeFileSync(mine, me);
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      try {
        linkSync(mine, lock);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const owner = readOwner(lock);
      if (isLeftOver(owner, maxAgeMs)) {
        removeLeftOver(lock, owner!);
        continue;
      }
      if (Date.now() > deadline) {
        throw new Error(
          `waited ${timeoutMs} ms for the build lock ${lock} (held by ${JSON.stringify(owner)})`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    unlinkSync(mine);
  }
  try {
    return await fn();
  } finally {
    // Removed only while it is still this call's (a left-over check elsewhere may have misjudged it).
    if (readText(lock) === me) rmSync(lock, { force: true });
  }
}

function removeLeftOver(lock: string, owner: LockOwner): void {
  const aside = `${lock}.left-over.${process.pid}`;
  try {
    renameSync(lock, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // another waiter removed it
    throw error;
  }
  const moved = readOwner(aside);
  if (moved?.pid !== owner.pid || moved.since !== owner.since) {
    // A live lock took the left-over one's place between reading and moving: put it back.
    try {
      linkSync(aside, lock);
    } catch {
      // Someone holds the lock again already; the two overlap this once.
    }
  }
  rmSync(aside, { force: true });
}
