import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestDatabase,
  describeDialects,
  type TestDatabase,
} from '../../../test/support/test-database.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';
import { createDb, type DbHandle } from '../../db/create-db.js';
import { createServices } from '../../services.js';

const PASSWORD = 'correct horse battery';
const WRONG = 'not the password at all';
const SAME_ORIGIN = { origin: 'https://forms.example.test' };
/** Failures of one email before further attempts wait (the app's default). */
const PER_EMAIL = 5;
/**
 * Most attempts of one burst from one address that reach the password check: the email's free
 * failures, the address's first attempt (it has not failed), and the one the backoff lets through.
 */
const MOST_VERIFIED = PER_EMAIL + 2;

async function owner(t: TestServer) {
  const { accountId } = await t.account('PRO');
  const email = `owner-${randomUUID().slice(0, 8)}@example.com`;
  await createServices({ db: t.db }).users.create({ account: accountId, email, password: PASSWORD });
  return email;
}

/** Both sign-in paths: the dashboard's cookie and the integrations token. */
const PATHS = ['/v1/auth/login', '/integrations/v1/auth/login'] as const;

function signIn(t: TestServer, email: string, password: string, address: string, path: string = PATHS[0]) {
  return t.request(path, {
    method: 'POST',
    json: { email, password },
    headers: { ...SAME_ORIGIN, 'x-forwarded-for': address },
  });
}

/** How many of `statuses` had their password checked: a 401 is a verified wrong password. */
const verified = (statuses: number[]) => statuses.filter((s) => s === 401 || s === 200).length;

describeEachDialect(
  'sign-in throttling under concurrency',
  (t) => {
    it('200 concurrent wrong passwords from one address, over both paths: a handful are checked', async () => {
      const email = await owner(t);
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => signIn(t, email, WRONG, '203.0.113.10', PATHS[i % 2])),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
      expect(verified(statuses)).toBeLessThanOrEqual(MOST_VERIFIED);
      const refused = answers.find((a) => a.status === 429)!;
      expect(refused.body).toMatchObject({ error: 'TOO_MANY_REQUESTS', rate_limit: { type: 'BURST_LIMIT' } });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('40 wrong passwords and then the right one, in one burst from one address, do not sign in', async () => {
      const email = await owner(t);
      const wrong = Array.from({ length: 40 }, () => signIn(t, email, WRONG, '203.0.113.20'));
      const right = signIn(t, email, PASSWORD, '203.0.113.20');
      const statuses = (await Promise.all([...wrong, right])).map((a) => a.status);
      expect(statuses.at(-1)).toBe(429);
      expect(statuses).not.toContain(200);
      expect(verified(statuses)).toBeLessThanOrEqual(MOST_VERIFIED);
    });

    it('during an attack from one address, the right password from another address signs in', async () => {
      const email = await owner(t);
      await Promise.all(Array.from({ length: 40 }, () => signIn(t, email, WRONG, '203.0.113.30')));
      const more = Array.from({ length: 40 }, () => signIn(t, email, WRONG, '203.0.113.30'));
      const elsewhere = signIn(t, email, PASSWORD, '198.51.100.30', PATHS[1]);
      const [answer] = await Promise.all([elsewhere, ...more]);
      expect(answer.status).toBe(200);
      expect(answer.body.data.user.email).toBe(email);
    });

    it('five wrong passwords from elsewhere do not lock the owner out', async () => {
      const email = await owner(t);
      for (let i = 0; i < PER_EMAIL; i++)
        expect((await signIn(t, email, WRONG, '203.0.113.40')).status).toBe(401);
      expect((await signIn(t, email, WRONG, '203.0.113.40')).status).toBe(401);
      // The attacker's next guess waits; the owner, at home, does not.
      expect((await signIn(t, email, WRONG, '203.0.113.40')).status).toBe(429);
      const home = await signIn(t, email, PASSWORD, '198.51.100.40');
      expect(home.status).toBe(200);
      expect(home.headers.get('set-cookie')).toMatch(/^formloom_session=/);
    });

    it('past the free failures each attempt from an address that failed waits, doubling up to the cap', async () => {
      const email = await owner(t);
      const address = '203.0.113.50';
      const waitOf = (a: { status: number; headers: Headers }) =>
        a.status === 429 ? Number(a.headers.get('retry-after')) : a.status;
      t.clock.set('2031-06-01T10:00:00.000Z');
      try {
        for (let i = 0; i < PER_EMAIL; i++) expect((await signIn(t, email, WRONG, address)).status).toBe(401);
        const waits: number[] = [];
        for (let i = 0; i < 5; i++) {
          // Each attempt past the free ones is checked, then the next one waits its turn.
          expect((await signIn(t, email, WRONG, address)).status).toBe(401);
          const wait = waitOf(await signIn(t, email, PASSWORD, address));
          waits.push(wait);
          t.clock.advance(wait * 1000);
        }
        expect(waits).toEqual([60, 120, 240, 300, 300]);
        // The right password, once its turn comes, signs in and starts the email over.
        expect((await signIn(t, email, PASSWORD, address)).status).toBe(200);
        expect((await signIn(t, email, WRONG, address)).status).toBe(401);
      } finally {
        t.clock.reset();
      }
    });
  },
  {
    trustProxy: 1,
    loginLimits: {
      perAddress: 20,
      windowMs: 15 * 60_000,
      perEmail: PER_EMAIL,
      backoffMs: 60_000,
      maxBackoffMs: 5 * 60_000,
      failuresKeptMs: 24 * 60 * 60_000,
    },
  },
);

describeDialects('sign-in throttling across instances on one database', (dialect) => {
  let database: TestDatabase;
  const handles: DbHandle[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(dialect, 'sign-in-instances');
    for (let i = 0; i < 2; i++)
      handles.push(await createDb({ url: database.url, dataDir: database.dataDir }));
  });
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    await database?.drop();
  });

  it('two instances share the count: 200 concurrent wrong passwords over both check a handful', async () => {
    const db = handles[0]!.db;
    const account = await createServices({ db: db }).accounts.create({ name: 'Instances', plan: 'PRO' });
    const email = 'instances@example.com';
    await createServices({ db: db }).users.create({ account: account.id, email, password: PASSWORD });
    const checks = handles.map((h) => createServices({ db: h.db }).checkCredentials);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => checks[i % 2]!({ email, password: WRONG }, '203.0.113.70')),
    );
    const names = outcomes.map((o) => (o.status === 'rejected' ? (o.reason as Error).name : 'signed in'));
    expect(new Set(names)).toEqual(new Set(['UnauthenticatedError', 'RateLimitedError']));
    expect(names.filter((n) => n === 'UnauthenticatedError').length).toBeLessThanOrEqual(MOST_VERIFIED);
    // Meanwhile the owner, from an address that has not failed, signs in through either instance.
    await expect(checks[1]!({ email, password: PASSWORD }, '198.51.100.70')).resolves.toMatchObject({
      email,
    });
  });
});
