/**
 * A Formloom server for `auth-limits.bench.ts`, in its own process, in one of three modes
 * (environment `BENCH_AUTH_MODE`):
 * - `full`: API-key authentication and rate limiting, as `formloom serve` runs (limits raised so
 *   the load is never refused: every request still takes its points in the database);
 * - `auth`: authentication only (`rateLimits: false`);
 * - `off`: neither (`rateLimits: false` and `fixedCaller`, the deps flags for this).
 */

import { PLAN_LIMITS, type Plan, type PlanLimits } from '@formloom/contract';
import { createApp } from '../src/app.js';
import { ensureDefaultAccount } from '../src/bootstrap.js';
import { createDb } from '../src/db/create-db.js';
import { createLogger } from '../src/logger.js';
import { listen } from '../src/server.js';
import { createServices } from '../src/services.js';
import { CHILD_ENV, type DriverMessage, send } from './ipc.js';

const dataDir = process.env[CHILD_ENV.dataDir];
const mode = process.env.BENCH_AUTH_MODE as 'full' | 'auth' | 'off' | undefined;
if (!dataDir || !mode) throw new Error('run this through bench/auth-limits.bench.ts');

const handle = await createDb({ dataDir });
const first = await ensureDefaultAccount(createServices({ db: handle.db }));
if (first === undefined) throw new Error('expected a fresh database');
const { key, account } = await createServices({ db: handle.db }).keys.authenticate(first.token);

const unlimited: PlanLimits = {
  ...PLAN_LIMITS.MAX,
  requestsPerMinute: 1e9,
  requestsPerHour: 1e9,
  monthlyQuota: 1e9,
};
const limits: Record<Plan, PlanLimits> = { ...PLAN_LIMITS, MAX: unlimited };

const app = createApp({
  db: handle.db,
  logger: createLogger({ level: process.env[CHILD_ENV.logLevel] ?? 'info' }),
  config: { publicUrl: 'http://127.0.0.1' },
  rateLimits: mode === 'full' ? { limits } : false,
  ...(mode === 'off' ? { fixedCaller: { accountId: account.id, plan: account.plan, key } } : {}),
});
const running = await listen(app, { port: 0, host: '127.0.0.1' });

process.on('message', async (message: DriverMessage | { type: 'cpu' }) => {
  // CPU time used so far (user + system, µs): the driver divides it by the requests served.
  if (message.type === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send?.({ type: 'cpu', micros: user + system });
  } else if (message.type === 'shutdown') {
    await running.close();
    await handle.close();
    process.disconnect?.();
  }
});

send({ type: 'ready', url: running.url, key: first.token });
