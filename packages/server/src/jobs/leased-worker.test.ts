import { afterEach, describe, expect, it } from 'vitest';
import { captureLogs } from '../../test/support/log-capture.js';
import { type LeasedWorker, type LeasedWorkerOptions, startLeasedWorker } from './leased-worker.js';
import { createWake } from './wake.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(5);
  }
}

/** A queue of leased items as a store keeps them: who holds each, until when. */
function createQueue(ids: string[]) {
  const rows = new Map(ids.map((id) => [id, { owner: null as string | null, until: 0, done: false }]));
  const log = { claims: 0, releases: [] as string[], renewals: 0 };
  return {
    rows,
    log,
    add(id: string) {
      rows.set(id, { owner: null, until: 0, done: false });
    },
    claim(limit: number, owner: string, until: string): string[] {
      log.claims += 1;
      const now = Date.now();
      const free = [...rows]
        .filter(([, r]) => !r.done && (r.owner === null || r.until < now))
        .slice(0, limit);
      for (const [, r] of free) Object.assign(r, { owner, until: Date.parse(until) });
      return free.map(([id]) => id);
    },
    finish(id: string, owner: string) {
      const r = rows.get(id)!;
      if (r.owner === owner) Object.assign(r, { done: true, owner: null });
    },
    release(id: string, owner: string) {
      log.releases.push(id);
      const r = rows.get(id)!;
      if (r.owner === owner) Object.assign(r, { owner: null, until: 0 });
    },
  };
}

const workers: LeasedWorker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});

function start(
  queue: ReturnType<typeof createQueue>,
  options: Partial<LeasedWorkerOptions<string>> & Pick<LeasedWorkerOptions<string>, 'run'>,
) {
  const worker = startLeasedWorker<string>({
    name: 'test worker',
    concurrency: 2,
    pollIntervalMs: 3_600_000,
    leaseMs: 60_000,
    clock: () => new Date(),
    key: (id) => id,
    claim: async (limit, lease) => queue.claim(limit, lease.owner, lease.until()),
    release: async (id, lease) => queue.release(id, lease.owner),
    ...options,
  });
  workers.push(worker);
  return worker;
}

describe('the leased worker', () => {
  it('runs every claimed item, never more at once than its slots', async () => {
    const queue = createQueue(Array.from({ length: 12 }, (_, i) => `job-${i}`));
    let running = 0;
    let most = 0;
    const worker = start(queue, {
      concurrency: 3,
      async run(id) {
        running += 1;
        most = Math.max(most, running);
        await sleep(15);
        running -= 1;
        queue.finish(id, worker.owner);
      },
    });
    // No poll comes within the test: a freed slot alone makes it claim again.
    await until(() => [...queue.rows.values()].every((r) => r.done));
    expect(most).toBe(3);
  });

  it('a wake-up claims at once; another app’s wake-up does not reach it', async () => {
    const queue = createQueue([]);
    const mine = createWake();
    const theirs = createWake();
    const ran: string[] = [];
    const worker = start(queue, {
      wake: mine,
      async run(id) {
        ran.push(id);
        queue.finish(id, worker.owner);
      },
    });
    await until(() => queue.log.claims === 1);
    queue.add('late');
    theirs.notify();
    await sleep(100);
    expect(ran).toEqual([]);
    mine.notify();
    await until(() => ran.length === 1);
    expect(ran).toEqual(['late']);
  });

  it('kick() looks for work now, and the poll finds work nobody announced', async () => {
    const queue = createQueue([]);
    const ran: string[] = [];
    const worker = start(queue, {
      pollIntervalMs: 30,
      async run(id) {
        ran.push(id);
        queue.finish(id, worker.owner);
      },
    });
    queue.add('polled');
    await until(() => ran.length === 1);
    const claims = queue.log.claims;
    worker.kick();
    await until(() => queue.log.claims > claims, 25);
  });

  it('renews the lease while the work runs, and aborts the work when the lease is lost', async () => {
    const queue = createQueue(['long']);
    let renewals = 0;
    let reason: unknown;
    const worker = start(queue, {
      leaseMs: 150,
      async renew(id, lease) {
        renewals += 1;
        const row = queue.rows.get(id)!;
        if (renewals === 3) row.owner = 'another-instance';
        if (row.owner !== lease.owner) return false;
        row.until = Date.parse(lease.until());
        return true;
      },
      run: (_id, signal) =>
        new Promise<void>((resolve) => {
          signal.addEventListener('abort', () => {
            reason = signal.reason;
            resolve();
          });
        }),
    });
    await until(() => reason !== undefined);
    expect(renewals).toBe(3);
    expect(reason).toBe('lease lost');
    expect(queue.rows.get('long')!.owner).toBe('another-instance');
    void worker;
  });

  it('stop() aborts the work in flight, waits for it, and gives back what it claims meanwhile', async () => {
    const queue = createQueue(['a']);
    let ended = 0;
    let claimGate: (() => void) | undefined;
    let reason: unknown;
    const worker = start(queue, {
      async claim(limit, lease) {
        // The second claim is still running when stop() begins.
        if (queue.log.claims === 1) await new Promise<void>((r) => (claimGate = r));
        return queue.claim(limit, lease.owner, lease.until());
      },
      run: (id, signal) =>
        new Promise<void>((resolve) => {
          signal.addEventListener('abort', () =>
            setTimeout(() => {
              reason = signal.reason;
              ended += 1;
              queue.release(id, worker.owner);
              resolve();
            }, 50),
          );
        }),
    });
    await until(() => queue.log.claims === 1);
    queue.add('b');
    worker.kick();
    await until(() => claimGate !== undefined);
    const stopped = worker.stop();
    claimGate!();
    await stopped;
    expect(ended).toBe(1);
    expect(reason).toBe('stopping');
    // 'a' gave its lease back itself when aborted; 'b', claimed during stop(), was released unrun.
    expect(queue.log.releases.sort()).toEqual(['a', 'b']);
    expect([...queue.rows.values()].every((r) => r.owner === null && !r.done)).toBe(true);
    const claims = queue.log.claims;
    worker.kick();
    await sleep(30);
    expect(queue.log.claims).toBe(claims);
  });

  it('an item claimed again while it still runs is given back, not run twice', async () => {
    const queue = createQueue(['x']);
    let runs = 0;
    let finish: (() => void) | undefined;
    const worker = start(queue, {
      // Its lease expires at once, so every claim sees it free again.
      leaseMs: -1,
      run: (id) =>
        new Promise<void>((resolve) => {
          runs += 1;
          finish = () => {
            queue.rows.get(id)!.done = true;
            resolve();
          };
        }),
    });
    await until(() => runs === 1);
    worker.kick();
    await until(() => queue.log.releases.length === 1);
    expect(runs).toBe(1);
    finish!();
  });

  it('a failing claim or run is logged and the worker goes on', async () => {
    const queue = createQueue(['boom', 'fine']);
    const { lines, logger } = captureLogs();
    let claims = 0;
    const ran: string[] = [];
    const worker = start(queue, {
      logger,
      pollIntervalMs: 20,
      async claim(limit, lease) {
        claims += 1;
        if (claims === 1) throw new Error('database away');
        return queue.claim(limit, lease.owner, lease.until());
      },
      async run(id) {
        ran.push(id);
        queue.finish(id, worker.owner);
        if (id === 'boom') throw new Error('handler bug');
      },
    });
    await until(() => ran.length === 2);
    expect(lines.some((l) => l.includes('test worker: poll failed') && l.includes('database away'))).toBe(
      true,
    );
    expect(lines.some((l) => l.includes('test worker: work failed') && l.includes('handler bug'))).toBe(true);
  });
});
