import { execFile, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { withBuildLock } from '../../scripts/ensure-built.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'formloom-ensure-built-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A pid that no process has any more. */
async function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

describe('ensureBuilt', () => {
  it('builds once when two processes find the build stale at the same time', {
    timeout: 600_000,
  }, async () => {
    // A copy of the contract (its build tools linked from the workspace), so that building it
    // cannot disturb a test that packs the workspace's contract meanwhile.
    const copy = join(work, 'repo');
    const contract = join(copy, 'packages/contract');
    mkdirSync(contract, { recursive: true });
    cpSync(join(root, 'tsconfig.base.json'), join(copy, 'tsconfig.base.json'));
    for (const f of ['src', 'package.json', 'tsconfig.json', 'tsup.config.ts']) {
      cpSync(join(root, 'packages/contract', f), join(contract, f), { recursive: true });
    }
    symlinkSync(join(root, 'packages/contract/node_modules'), join(contract, 'node_modules'));
    const output = join(contract, 'dist/index.d.cts');

    const ensure = () =>
      run(
        process.execPath,
        [
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          `import { ensureBuilt } from ${JSON.stringify(join(root, 'scripts/ensure-built.ts'))};
           console.log(await ensureBuilt('contract', { root: ${JSON.stringify(copy)} }));`,
        ],
        { cwd: root, timeout: 590_000 },
      ).then(({ stdout }) => stdout.trim());

    // Never built: both processes find the build stale, one builds while the other waits for the
    // lock and then finds the build fresh.
    const answers = await Promise.all([ensure(), ensure()]);
    expect(answers.sort()).toEqual(['false', 'true']);
    expect(statSync(output).mtimeMs).toBeGreaterThan(statSync(join(contract, 'src/index.ts')).mtimeMs);
    expect(readFileSync(output, 'utf8')).toContain('ERROR_CODES');
    expect(existsSync(join(copy, 'node_modules/.cache/formloom/build.lock'))).toBe(false);
    // Fresh until a source is newer than the build.
    expect(await ensure()).toBe('false');
  });

  it('takes over a lock its process left behind', async () => {
    const lock = join(work, 'left-over.lock');
    writeFileSync(lock, JSON.stringify({ pid: await endedPid(), since: Date.now() }));
    expect(await withBuildLock(lock, async () => 'ran', { timeoutMs: 5000 })).toBe('ran');
    expect(existsSync(lock)).toBe(false);
  });

  it('waits for a live holder, then gives up after its timeout', async () => {
    const lock = join(work, 'held.lock');
    const order: string[] = [];
    let release!: () => void;
    const held = withBuildLock(lock, async () => {
      order.push('first in');
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      order.push('first out');
    });
    await expect.poll(() => order).toEqual(['first in']);
    await expect(withBuildLock(lock, async () => 'never', { timeoutMs: 600 })).rejects.toThrow(
      /waited 600 ms for the build lock/,
    );
    const second = withBuildLock(lock, async () => order.push('second in'), { timeoutMs: 10_000 });
    setTimeout(() => release(), 500);
    await Promise.all([held, second]);
    expect(order).toEqual(['first in', 'first out', 'second in']);
  });
});
