/**
 * The server of the export benchmark, in its own process so its memory is measured alone: the app
 * over the database the driver seeded (SQLite file or PostgreSQL URL). It samples its resident
 * set every 10 ms and answers the driver's `peak` question with the highest since the last one.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The built package when there is one (`pnpm --filter @formloom/server build`): what `formloom
// serve` runs, without tsx compiling the sources in this process (about 130 MB of its own).
const built = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const source = '../src/index.js';
const { createApp, createDb, createLogger, listen } = (await import(
  existsSync(built) ? built : source
)) as typeof import('../src/index.js');

const dataDir = process.env.BENCH_EXPORT_DATA_DIR;
if (!dataDir) throw new Error('BENCH_EXPORT_DATA_DIR is not set; run this through smart-forms.bench.ts');
const handle = await createDb({ dataDir, url: process.env.BENCH_EXPORT_PG_URL || undefined, poolSize: 4 });
const app = createApp({
  db: handle.db,
  logger: createLogger({ level: 'warn' }),
  config: { publicUrl: 'http://127.0.0.1' },
  rateLimits: false,
});
const running = await listen(app, { port: 0, host: '127.0.0.1' });

let peak = process.memoryUsage.rss();
setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
}, 10).unref();

process.on('message', async (message: { type: 'peak' } | { type: 'shutdown' }) => {
  if (message.type === 'peak') {
    process.send?.({ type: 'peak', rss: Math.max(peak, process.memoryUsage.rss()) });
    peak = process.memoryUsage.rss();
  } else {
    await running.close();
    await handle.close();
    process.disconnect?.();
  }
});
process.send?.({ type: 'ready', url: running.url, rss: process.memoryUsage.rss(), built: existsSync(built) });
