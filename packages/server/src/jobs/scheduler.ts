import type { Logger } from '../logger.js';
import { detached } from './background.js';

/** A periodic chore: form expiry, purges, sweeps, retention (the list is in chores.ts). */
export interface Chore {
  /** Names it in logs. */
  name: string;
  everyMs: number;
  /** Does one round; what it returns is logged when it is a number above zero (rows touched). */
  run(): Promise<unknown>;
}

export interface Scheduler {
  /** Runs every chore now (the ones not running already); resolves when they are done. */
  runAll(): Promise<void>;
  /** No more rounds; resolves once the rounds running have finished. */
  stop(): Promise<void>;
}

/**
 * The one timer of the server's periodic chores. Each chore runs at start and then every
 * `everyMs`, at most once at a time (a round still running when the next is due skips that turn),
 * and a failure is logged, never thrown, so one broken chore neither stops the others nor the server.
 */
export function startScheduler(chores: readonly Chore[], options: { logger?: Logger } = {}): Scheduler {
  const running = new Map<string, Promise<void>>();
  let stopped = false;

  function runChore(chore: Chore): Promise<void> {
    const current = running.get(chore.name);
    if (current !== undefined || stopped) return current ?? Promise.resolve();
    // A chore is the server's work, never a caller's, whoever asked for the round (`runAll`).
    const round = detached(async () => {
      try {
        const result = await chore.run();
        if (typeof result === 'number' && result > 0)
          options.logger?.info({ chore: chore.name, count: result }, 'chore done');
      } catch (err) {
        options.logger?.error({ err, chore: chore.name }, 'chore failed');
      } finally {
        running.delete(chore.name);
      }
    })();
    running.set(chore.name, round);
    return round;
  }

  const names = new Set<string>();
  for (const chore of chores) {
    if (names.has(chore.name)) throw new Error(`two chores named ${chore.name}`);
    names.add(chore.name);
  }
  const timers = chores.map((chore) => {
    const timer = setInterval(() => void runChore(chore), chore.everyMs);
    timer.unref();
    return timer;
  });
  for (const chore of chores) void runChore(chore);

  return {
    async runAll() {
      await Promise.all(chores.map(runChore));
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}
