import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { detached } from './background.js';
import { startLeasedWorker } from './leased-worker.js';
import { startScheduler } from './scheduler.js';
import { createWake } from './wake.js';

/**
 * A request's AsyncLocalStorage (as the audit log's callers are) must not reach work the request
 * only sets off: the wake-up's listeners, the worker's claims and runs, the chores. Made after the
 * server's modules loaded, like any store a request enters.
 */
const request = new AsyncLocalStorage<string>();
const asRequest = <T>(work: () => T) => request.run('request A', work);

describe('background work runs as no request', () => {
  it('detached: the store of the calling request is not seen, and the result is passed back', () => {
    expect(asRequest(() => request.getStore())).toBe('request A');
    expect(asRequest(() => detached((n: number) => [request.getStore(), n])(2))).toEqual([undefined, 2]);
  });

  it("a wake-up's listeners run outside the request that notified", async () => {
    const wake = createWake();
    const seen = new Promise<string | undefined>((resolve) => wake.on(() => resolve(request.getStore())));
    asRequest(() => wake.notify());
    expect(await seen).toBeUndefined();
  });

  it("a leased worker's claims and runs are outside the request that woke or kicked it", async () => {
    const wake = createWake();
    const seen: (string | undefined)[] = [];
    const items = ['a', 'b'];
    let ran = 0;
    const worker = startLeasedWorker<string>({
      name: 'test',
      concurrency: 4,
      pollIntervalMs: 60_000,
      leaseMs: 60_000,
      clock: () => new Date(),
      wake,
      key: (item) => item,
      claim: async (limit) => {
        seen.push(request.getStore());
        return items.splice(0, limit);
      },
      run: async () => {
        await new Promise((resolve) => setImmediate(resolve));
        seen.push(request.getStore());
        ran += 1;
      },
      release: async () => {},
    });
    try {
      // The first claim (at start) may be done already: queue work then wake as a request would.
      await new Promise((resolve) => setTimeout(resolve, 20));
      items.push('c');
      asRequest(() => wake.notify());
      asRequest(() => worker.kick());
      const deadline = Date.now() + 3000;
      while (ran < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(ran).toBe(3);
      expect(seen.length).toBeGreaterThan(3);
      expect(seen.every((s) => s === undefined)).toBe(true);
    } finally {
      await worker.stop();
    }
  });

  it('a chore is outside the request that asked for a round', async () => {
    const seen: (string | undefined)[] = [];
    const scheduler = asRequest(() =>
      startScheduler([
        {
          name: 'chore',
          everyMs: 60_000,
          run: async () => {
            seen.push(request.getStore());
          },
        },
      ]),
    );
    try {
      await scheduler.runAll();
      await asRequest(() => scheduler.runAll());
      expect(seen.length).toBeGreaterThanOrEqual(2);
      expect(seen.every((s) => s === undefined)).toBe(true);
    } finally {
      await scheduler.stop();
    }
  });
});
