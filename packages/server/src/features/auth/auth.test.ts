import { contractRoutes } from '@formloom/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/support/test-server.js';
import { createServices } from '../../services.js';
import { SCOPES } from '../accounts/index.js';
import { KeyError } from './keys-service.js';

const SAMPLE_PARAMS: Record<string, string> = {
  id: '00000000-0000-4000-8000-000000000001',
  responseId: '00000000-0000-4000-8000-000000000002',
  sessionId: '00000000-0000-4000-8000-000000000003',
  deliveryId: '00000000-0000-4000-8000-000000000004',
  jobId: '00000000-0000-4000-8000-000000000005',
  connectionId: '00000000-0000-4000-8000-000000000006',
  fieldId: 'f1',
  code: 'abcdefgh12',
};

function samplePath(path: string): string {
  return path.replace(/:(\w+)/g, (_m, name: string) => SAMPLE_PARAMS[name] ?? 'x');
}

const apiKeyRoutes = contractRoutes.filter((r) => r.metadata.auth === 'apiKey');

describeEachDialect('authentication', (t) => {
  let key = '';
  let accountId = '';
  beforeAll(async () => {
    ({ key, accountId } = await t.account('PRO'));
  });

  const expect401 = async (authorization: string | undefined, message: RegExp) => {
    const res = await t.request('/v1/forms', {
      headers: authorization === undefined ? {} : { authorization },
    });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ data: null, error: 'UNAUTHORIZED' });
    expect(res.body.message).toMatch(message);
  };

  it('401 for a missing key', () => expect401(undefined, /Missing API key/));
  it('401 for a malformed header or key', async () => {
    await expect401('Basic dXNlcjpwYXNz', /Malformed Authorization/);
    await expect401('Bearer nonsense', /Malformed API key/);
    await expect401(`Bearer ${key}x`, /Malformed API key/);
  });
  it('401 for an unknown key id or a wrong secret, with the same message', async () => {
    await expect401(`Bearer formloom_000000000000.${'a'.repeat(64)}`, /^Invalid API key$/);
    const wrongSecret = key.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'));
    await expect401(`Bearer ${wrongSecret}`, /^Invalid API key$/);
  });

  it('a good key passes, with any case of "Bearer"', async () => {
    expect((await t.request('/v1/forms', { headers: { authorization: `bearer ${key}` } })).status).toBe(200);
  });

  it('401 for a revoked key', async () => {
    const keys = createServices({ db: t.db }).keys;
    const created = await keys.create({ account: accountId, scopes: ['all'] });
    expect((await t.request('/v1/forms', { key: created.token })).status).toBe(200);
    await keys.revoke(created.key.keyId);
    await expect401(`Bearer ${created.token}`, /revoked/);
  });

  it('401 for an expired key', async () => {
    const keys = createServices({ db: t.db, clock: t.clock.now }).keys;
    const created = await keys.create({ account: accountId, scopes: ['all'], expiresInMs: 60_000 });
    expect((await t.request('/v1/forms', { key: created.token })).status).toBe(200);
    t.clock.advance(61_000);
    try {
      await expect401(`Bearer ${created.token}`, /expired/);
    } finally {
      t.clock.reset();
    }
  });

  it('rotation: both keys work during the grace period, only the new one after it', async () => {
    const keys = createServices({ db: t.db, clock: t.clock.now }).keys;
    const old = await keys.create({ account: accountId, scopes: ['FORMS_READ'] });
    const rotated = await keys.rotate(old.key.keyId, 3_600_000);
    expect(rotated.key.scopes).toEqual(['FORMS_READ']);
    expect(rotated.old.status).toBe('rotating');
    expect((await t.request('/v1/forms', { key: old.token })).status).toBe(200);
    expect((await t.request('/v1/forms', { key: rotated.token })).status).toBe(200);
    const me = await t.request('/v1/me', { key: old.token });
    expect(me.body.data.apiKey.expiresAt).toBe(rotated.old.graceUntil);

    t.clock.advance(3_600_001);
    try {
      await expect401(`Bearer ${old.token}`, /rotated/);
      expect((await t.request('/v1/forms', { key: rotated.token })).status).toBe(200);
    } finally {
      t.clock.reset();
    }
  });

  it('rotation grace defaults to 24 h and is capped at 7 days', async () => {
    const keys = createServices({ db: t.db, clock: t.clock.now }).keys;
    const a = await keys.create({ account: accountId, scopes: ['all'] });
    const rotated = await keys.rotate(a.key.keyId);
    expect(Date.parse(rotated.old.graceUntil!) - Date.parse(rotated.key.createdAt)).toBe(24 * 3_600_000);
    await expect(keys.rotate(a.key.keyId)).rejects.toThrow(/only an active key/);
    const b = await keys.create({ account: accountId, scopes: ['all'] });
    await expect(keys.rotate(b.key.keyId, 8 * 86_400_000)).rejects.toThrow(KeyError);
    await expect(keys.rotate(b.key.keyId, 7 * 86_400_000)).resolves.toBeDefined();
  });

  it('403 for a key of a Free account, on every API route', async () => {
    const free = await t.account('FREE');
    const res = await t.request('/v1/forms', { key: free.key });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'FORBIDDEN', data: null });
    expect(res.body.message).toMatch(/Free plan/);
  });

  it('the scope matrix: each API route without its scope is 403', async () => {
    const keys = createServices({ db: t.db }).keys;
    const holder = await t.account('MAX', ['FORMS_READ']);
    const without = new Map<string, string>();
    for (const scope of SCOPES) {
      const others = SCOPES.filter((s) => s !== scope);
      without.set(scope, (await keys.create({ account: holder.accountId, scopes: others })).token);
    }
    const scoped = apiKeyRoutes.filter((r) => r.metadata.auth === 'apiKey' && r.metadata.scope !== null);
    expect(scoped.length).toBeGreaterThan(30);
    for (const { route, metadata } of scoped) {
      if (metadata.auth !== 'apiKey' || metadata.scope === null) continue;
      const res = await t.request(samplePath(route.path), {
        method: route.method,
        key: without.get(metadata.scope)!,
        json: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect(res.status, `${route.method} ${route.path}`).toBe(403);
      expect(res.body.error).toBe('FORBIDDEN');
      expect(res.body.message).toContain(metadata.scope);
    }
  });

  it('routes above the plan are 403, naming the plan', async () => {
    const starter = await t.account('STARTER');
    const above = apiKeyRoutes.filter(
      (r) => r.metadata.auth === 'apiKey' && r.metadata.minPlan !== 'STARTER',
    );
    expect(above.length).toBeGreaterThan(0);
    for (const { route, metadata } of above) {
      if (metadata.auth !== 'apiKey') continue;
      const res = await t.request(samplePath(route.path), {
        method: route.method,
        key: starter.key,
        json: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect(res.status, `${route.method} ${route.path}`).toBe(403);
      expect(res.body.message).toContain(metadata.minPlan);
    }
  });

  it('keys per plan are enforced when a key is created', async () => {
    const accounts = createServices({ db: t.db }).accounts;
    const keys = createServices({ db: t.db }).keys;
    const starter = await accounts.create({ name: 'limits', plan: 'starter' });
    for (let i = 0; i < 3; i++) await keys.create({ account: starter.id, scopes: ['all'] });
    await expect(keys.create({ account: starter.id, scopes: ['all'] })).rejects.toThrow(/3 active keys/);
    const free = await accounts.create({ name: 'free-one', plan: 'FREE' });
    await expect(keys.create({ account: free.id, scopes: ['all'] })).rejects.toThrow(/Free plan/);
  });

  it('GET /me describes the account, plan, limits and the key used (never its secret)', async () => {
    const res = await t.request('/v1/me', { key });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      account: { id: accountId },
      plan: 'PRO',
      limits: { requestsPerMinute: 60, requestsPerHour: 1000, monthlyQuota: 20000, maxApiKeys: 10 },
      credits: { balance: 0 },
      apiKey: { keyId: key.slice(9, 21), scopes: [...SCOPES], expiresAt: null },
    });
    expect(res.text).not.toContain(key.slice(22));
  });
});
