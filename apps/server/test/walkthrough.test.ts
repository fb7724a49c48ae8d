import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { printedKey, startServe } from './support.js';

const DOC = new URL('../../../README.md', import.meta.url);

/** The bash block right after the `<!-- walkthrough` marker in README.md. */
function walkthroughScript(): string {
  const text = readFileSync(DOC, 'utf8');
  const match = /<!-- walkthrough[^\n]*-->\n```bash\n([\s\S]*?)\n```/.exec(text);
  if (!match) throw new Error('README.md has no walkthrough block');
  return match[1]!;
}

describe('the README walkthrough, as printed, against formloom serve', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'formloom-walkthrough-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates, publishes, submits and lists', async () => {
    const serve = await startServe(dataDir);
    try {
      const key = printedKey(serve)!;
      const { stdout, stderr } = await promisify(execFile)(
        'bash',
        ['--noprofile', '--norc', '-euo', 'pipefail', '-c', walkthroughScript()],
        {
          env: { ...process.env, BASH_ENV: '', FORMLOOM_URL: `http://127.0.0.1:${serve.port}`, KEY: key },
        },
      );
      expect(stderr).toBe('');
      const lines = stdout.trim().split('\n');
      expect(lines[0]).toMatch(/^form: [0-9a-f-]{36}$/);
      expect(lines[1]).toMatch(/^share code: [A-Za-z0-9_-]{16}$/);
      expect(JSON.parse(lines[2]!)).toMatchObject({ error: null, data: { responseId: expect.any(String) } });
      const list = JSON.parse(lines[3]!);
      expect(list.data).toMatchObject({
        total: 1,
        hasMore: false,
        responses: [{ answers: { name: 'Ada Lovelace', email: 'ada@example.com' } }],
      });
    } finally {
      serve.child.kill('SIGTERM');
      await serve.exited;
    }
  });
});
