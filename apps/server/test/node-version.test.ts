import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const bin = fileURLToPath(new URL('../bin/formloom.js', import.meta.url));

/** The machine's own Node (first on the PATH outside our Node 24 cache), when older than 22.14. */
async function oldNode(): Promise<string | undefined> {
  for (const node of ['/usr/bin/node', '/usr/local/bin/node']) {
    try {
      const { stdout } = await run(node, ['-p', 'process.versions.node']);
      const [major, minor] = stdout.trim().split('.').map(Number) as [number, number];
      if (major < 22 || (major === 22 && minor < 14)) return node;
    } catch {
      // not there
    }
  }
  return undefined;
}

const old = await oldNode();

describe('formloom on a Node older than it supports', () => {
  // The machines here come with Node 20: better-sqlite3 13 would segfault on it without a word.
  it.runIf(old !== undefined)('says which Node it needs and exits 1, instead of crashing', async () => {
    const failure = await run(old!, [bin, 'serve'], { env: { ...process.env, PORT: '0' } }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(
      /^formloom: needs Node\.js 22\.14 or newer \(24 LTS recommended\); this is Node v\d+/,
    );
  });
});
