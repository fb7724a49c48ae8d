import { describe, expect, it } from 'vitest';
import { captureLogs } from '../../test/support/log-capture.js';
import { startScheduler } from './scheduler.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the scheduler', () => {
  it('runs each chore at start and then every everyMs', async () => {
    let fast = 0;
    let slow = 0;
    const scheduler = startScheduler([
      { name: 'fast', everyMs: 20, run: async () => fast++ },
      { name: 'slow', everyMs: 3_600_000, run: async () => slow++ },
    ]);
    await sleep(130);
    await scheduler.stop();
    expect(slow).toBe(1);
    expect(fast).toBeGreaterThanOrEqual(4);
  });

  it('never runs a chore twice at once: a round still running skips its turns', async () => {
    let running = 0;
    let most = 0;
    let rounds = 0;
    const scheduler = startScheduler([
      {
        name: 'slow round',
        everyMs: 10,
        async run() {
          running += 1;
          rounds += 1;
          most = Math.max(most, running);
          await sleep(60);
          running -= 1;
        },
      },
    ]);
    await sleep(200);
    await scheduler.stop();
    expect(most).toBe(1);
    expect(rounds).toBeGreaterThanOrEqual(2);
    expect(rounds).toBeLessThanOrEqual(4);
  });

  it('logs a failure and goes on: the same chore runs again, the others are not held up', async () => {
    const { lines, logger } = captureLogs();
    let failures = 0;
    let other = 0;
    const scheduler = startScheduler(
      [
        {
          name: 'broken',
          everyMs: 20,
          async run() {
            failures += 1;
            throw new Error('disk full');
          },
        },
        { name: 'healthy', everyMs: 20, run: async () => ++other },
      ],
      { logger },
    );
    await sleep(100);
    await scheduler.stop();
    expect(failures).toBeGreaterThanOrEqual(2);
    expect(other).toBeGreaterThanOrEqual(2);
    const failed = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'chore failed');
    expect(failed.length).toBe(failures);
    expect(failed[0]).toMatchObject({ chore: 'broken', err: { message: 'disk full' } });
  });

  it('stop() waits for the rounds running, and nothing runs after it', async () => {
    let finished = false;
    let starts = 0;
    const scheduler = startScheduler([
      {
        name: 'long',
        everyMs: 10,
        async run() {
          starts += 1;
          await sleep(80);
          finished = true;
        },
      },
    ]);
    await sleep(5);
    await scheduler.stop();
    expect(finished).toBe(true);
    const after = starts;
    await sleep(50);
    expect(starts).toBe(after);
    await scheduler.runAll();
    expect(starts).toBe(after);
  });

  it('runAll() runs every chore now and resolves when they are done; a running one is not started again', async () => {
    const done: string[] = [];
    const scheduler = startScheduler([
      { name: 'a', everyMs: 3_600_000, run: async () => done.push('a') },
      {
        name: 'b',
        everyMs: 3_600_000,
        async run() {
          await sleep(30);
          done.push('b');
        },
      },
    ]);
    await sleep(5);
    // The start's round of b is still running: runAll waits for it instead of starting another.
    await scheduler.runAll();
    expect(done.sort()).toEqual(['a', 'a', 'b']);
    await scheduler.stop();
  });

  it('refuses two chores of one name', () => {
    const run = async () => 0;
    expect(() =>
      startScheduler([
        { name: 'same', everyMs: 10, run },
        { name: 'same', everyMs: 10, run },
      ]),
    ).toThrow(/two chores named same/);
  });
});
