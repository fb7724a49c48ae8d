/**
 * `node --conditions=source --import tsx bench/sign-in-2fa.bench.ts`: the server's wall time of a
 * dashboard sign-in with a TOTP code against the password alone, side by side on one SQLite
 * server. Three flows: the password only; the password and the code in one body (a client that
 * knows the member has two-factor); the dashboard's two steps (the password, 401
 * TWO_FACTOR_REQUIRED, then the password and the code). Each sign-in is timed from its first
 * request to the answer that sets the cookie; the clock moves 30 s on between TOTP sign-ins, as
 * a code is good once per step. Scrypt (tens of ms a check) dominates, so the two-step flow costs
 * about one password check more. BENCH_COUNT sign-ins per flow (30), rounds alternate the order.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { createApp } from '../src/app.js';
import { createDb } from '../src/db/create-db.js';
import { createLogger } from '../src/logger.js';
import { listen } from '../src/server.js';
import { createServices } from '../src/services.js';
import { expectStatus, fmt, median } from './bench-utils.js';

const COUNT = Number(process.env.BENCH_COUNT ?? 30);
const PASSWORD = 'correct horse battery';
const ORIGIN = 'http://127.0.0.1';

let now = Date.now();
const clock = () => new Date(now);
const dataDir = mkdtempSync(join(tmpdir(), 'formloom-2fa-bench-'));
const handle = await createDb({ dataDir });
const services = createServices({
  db: handle.db,
  clock,
  logger: createLogger({ level: 'warn' }),
  config: { publicUrl: ORIGIN },
  loginLimits: { perAddress: 1e9, perEmail: 1e9 },
});
const account = await services.accounts.create({ name: 'bench', plan: 'PRO' });
const plain = await services.users.create({
  account: account.id,
  email: 'plain@example.com',
  password: PASSWORD,
});
const guarded = await services.users.create({
  account: account.id,
  email: 'totp@example.com',
  password: PASSWORD,
});
const member = { userId: guarded.id, email: guarded.email, accountId: account.id };
const { secret } = await services.twoFactor.setup(member);
const totp = new TOTP({ secret: Secret.fromBase32(secret) });
await services.twoFactor.confirm(member, totp.generate({ timestamp: now }), '127.0.0.1');
const app = createApp({ services });
const running = await listen(app, { port: 0, host: '127.0.0.1' });

const signIn = async (body: Record<string, string>, want: number) => {
  const res = await fetch(`${running.url}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify(body),
  });
  await res.text();
  expectStatus('sign-in', res.status, want);
};
const nextCode = () => {
  now += 30_000;
  return totp.generate({ timestamp: now });
};
const flows: Record<string, () => Promise<void>> = {
  'password only': () => signIn({ email: plain.email, password: PASSWORD }, 200),
  'password + code, one request': async () => {
    const code = nextCode();
    await signIn({ email: guarded.email, password: PASSWORD, code }, 200);
  },
  'password, then code (dashboard)': async () => {
    const code = nextCode();
    await signIn({ email: guarded.email, password: PASSWORD }, 401);
    await signIn({ email: guarded.email, password: PASSWORD, code }, 200);
  },
};

const times: Record<string, number[]> = Object.fromEntries(Object.keys(flows).map((name) => [name, []]));
const names = Object.keys(flows);
for (let i = 0; i < COUNT; i += 1) {
  for (const name of i % 2 === 0 ? names : [...names].reverse()) {
    const started = performance.now();
    await flows[name]!();
    times[name]!.push(performance.now() - started);
  }
}
console.log(`sign-in wall time on SQLite, median of ${COUNT} (server side, one client):`);
for (const name of names) console.log(`  ${name.padEnd(34)} ${fmt(median(times[name]!), 1)} ms`);

await running.close();
await handle.close();
rmSync(dataDir, { recursive: true, force: true });
