import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliIn, type Serve, startServe } from './support.js';

const dataDir = mkdtempSync(join(tmpdir(), 'formloom-limits-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const { cli, json } = cliIn(dataDir);

async function stop(serve: Serve) {
  serve.child.kill('SIGTERM');
  await serve.exited;
}

describe('plans and credits from the CLI; limits shared by two server processes', () => {
  it('accounts set-plan and credits grant / show', async () => {
    const account = await json('accounts', 'create', '--name', 'credits-co', '--plan', 'starter');
    expect(await json('accounts', 'set-plan', '--account', account.id, '--plan', 'PRO')).toMatchObject({
      plan: 'PRO',
    });
    expect(await json('credits', 'grant', '--account', account.id, '--amount', '50')).toMatchObject({
      id: account.id,
      creditBalance: 50,
    });
    const human = await cli(
      'credits',
      'grant',
      '--account',
      'credits-co',
      '--amount',
      '7',
      '--reason',
      'promo',
    );
    expect(human.out).toBe(`Granted 7 credits to ${account.id} "credits-co"; balance 57`);
    const shown = await json('credits', 'show', '--account', 'credits-co');
    expect(shown.balance).toBe(57);
    expect(shown.ledger.map((e: { delta: number; reason: string }) => [e.delta, e.reason])).toEqual(
      expect.arrayContaining([
        [50, 'granted by operator'],
        [7, 'promo'],
      ]),
    );
    for (const bad of ['0', '-3', '1.5', 'ten']) {
      const r = await cli('credits', 'grant', '--account', 'credits-co', `--amount=${bad}`);
      expect(r.code, bad).toBe(2);
      expect(r.err).toContain('--amount must be a whole number');
    }
    const unknown = await cli('credits', 'grant', '--account', 'nobody', '--amount', '5');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('no account with id or name "nobody"');
  });

  it('100 concurrent requests spread over two processes: exactly 20 pass a Starter minute', async () => {
    const first = await startServe(dataDir);
    const second = await startServe(dataDir);
    try {
      await json('accounts', 'create', '--name', 'shared', '--plan', 'starter');
      const { apiKey } = await json('keys', 'create', '--account', 'shared', '--scopes', 'all');
      // Fixed minute windows on the real clock: keep clear of a minute's end.
      const intoMinute = Date.now() % 60_000;
      if (intoMinute > 50_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
      const ports = [first.port, second.port];
      const statuses = await Promise.all(
        Array.from({ length: 100 }, async (_, i) => {
          const res = await fetch(`http://127.0.0.1:${ports[i % 2]}/v1/forms`, {
            headers: { authorization: `Bearer ${apiKey}` },
          });
          await res.arrayBuffer();
          return res.status;
        }),
      );
      expect(statuses.filter((s) => s === 200)).toHaveLength(20);
      expect(statuses.filter((s) => s === 429)).toHaveLength(80);
    } finally {
      await Promise.all([stop(first), stop(second)]);
    }
  }, 90_000);
});
