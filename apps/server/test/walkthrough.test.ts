import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { expectWalkthroughWorks, printedKey, startServe } from './support.js';

describe('the README walkthrough, as printed, against formloom serve', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'formloom-walkthrough-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates, publishes, submits and lists', async () => {
    const serve = await startServe(dataDir);
    try {
      await expectWalkthroughWorks(serve.port, printedKey(serve)!);
    } finally {
      serve.child.kill('SIGTERM');
      await serve.exited;
    }
  });
});
