import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDialects } from '../../test/support/test-database.js';
import {
  startReceiver,
  startWebhookTestServer,
  type WebhookTestServer,
} from '../../test/support/webhook-test-kit.js';
import { classifyNetworkError, postDelivery } from '../outbox/send.js';
import { BlockedTargetError, blockedReason, checkTargetUrl, type Resolver } from './ssrf-guard.js';

const fakeDns =
  (table: Record<string, string[]>): Resolver =>
  async (host) => {
    const found = table[host];
    if (!found) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

const strict = { allowPrivateTargets: false };

describe('address classification', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.9.9.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['0.0.0.0', 'unspecified'],
    ['192.0.2.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fd00:ec2::254', 'uniqueLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped'],
    ['::ffff:8.8.8.8', 'IPv4-mapped'],
    ['64:ff9b::7f00:1', 'rfc6052'],
    ['2002:7f00:1::', '6to4'],
    ['2001:db8::1', 'reserved'],
    ['::7f00:1', '2000::/3'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(blockedReason(address)).toContain(reason);
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '2606:4700:4700::1111', '2a00:1450:4001:81b::200e'])(
    'accepts the public address %s',
    (address) => {
      expect(blockedReason(address)).toBeUndefined();
    },
  );
});

describe('target URLs', () => {
  const dns = fakeDns({
    'hooks.example.com': ['93.184.216.34', '2606:2800:220:1::1'],
    'sneaky.example.com': ['93.184.216.34', '10.0.0.5'],
    'metadata.example.com': ['169.254.169.254'],
    'v6only.example.com': ['fd00:ec2::254'],
  });

  it('accepts https to a host whose every address is public', async () => {
    expect((await checkTargetUrl('https://hooks.example.com/x', strict, dns)).href).toBe(
      'https://hooks.example.com/x',
    );
  });

  it.each([
    ['http://hooks.example.com/x', /https/],
    ['https://sneaky.example.com/x', /10\.0\.0\.5.*private/],
    ['https://metadata.example.com/', /169\.254\.169\.254.*linkLocal/],
    ['https://v6only.example.com/', /uniqueLocal/],
    ['https://unknown.example.com/', /cannot be resolved/],
    ['https://127.0.0.1/', /loopback/],
    ['https://[::1]/', /loopback/],
    ['https://[::ffff:7f00:1]/', /IPv4-mapped/],
    ['https://169.254.169.254/latest/meta-data', /linkLocal/],
    ['https://user:pw@hooks.example.com/', /user name/],
  ])('refuses %s', async (url, message) => {
    const error = await checkTargetUrl(url, strict, dns).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BlockedTargetError);
    expect((error as Error).message).toMatch(message);
  });

  it('FORMLOOM_ALLOW_PRIVATE_TARGETS allows private addresses and plain http', async () => {
    const allow = { allowPrivateTargets: true };
    expect((await checkTargetUrl('http://127.0.0.1:8080/x', allow, dns)).host).toBe('127.0.0.1:8080');
    await expect(checkTargetUrl('ftp://127.0.0.1/x', allow, dns)).rejects.toThrow(/https or http/);
  });
});

describe('at each attempt (DNS rebinding)', () => {
  it('connects only to addresses the guard checked: a name resolving to loopback is refused', async () => {
    const receiver = await startReceiver();
    try {
      // localhost resolves to 127.0.0.1 through the system resolver: as a rebinding name would.
      const result = await postDelivery(
        `https://localhost:${receiver.port}${receiver.path}`,
        '{}',
        {},
        {
          timeoutMs: 2000,
          policy: strict,
        },
      );
      expect(result.statusCode).toBeNull();
      expect(result.error).toMatch(/loopback/);
      const literal = await postDelivery(
        `https://127.0.0.1:${receiver.port}${receiver.path}`,
        '{}',
        {},
        {
          timeoutMs: 2000,
          policy: strict,
        },
      );
      expect(literal.error).toMatch(/loopback/);
      const plain = await postDelivery(
        `http://localhost:${receiver.port}${receiver.path}`,
        '{}',
        {},
        {
          timeoutMs: 2000,
          policy: { allowPrivateTargets: true },
        },
      );
      expect(plain.statusCode).toBe(204);
      expect(receiver.requests).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});

describeDialects('without FORMLOOM_ALLOW_PRIVATE_TARGETS', (dialect) => {
  let t: WebhookTestServer;
  let key: string;
  beforeAll(async () => {
    t = await startWebhookTestServer({
      dialect,
      allowPrivateTargets: false,
      worker: { pollIntervalMs: 20 },
    });
    key = (await t.account()).key;
  });
  afterAll(() => t.close());

  it.each([
    'https://127.0.0.1/hook',
    'https://localhost/hook',
    'https://[::1]/hook',
    'https://169.254.169.254/latest',
    'https://[fd00:ec2::254]/latest',
    'https://[::ffff:127.0.0.1]/hook',
    'https://10.0.0.1/hook',
    'https://100.64.0.1/hook',
    'https://0.0.0.0/hook',
    'http://8.8.8.8/hook',
  ])('the API refuses %s with 400', async (url) => {
    const res = await t.request('/v1/webhooks', {
      method: 'POST',
      key,
      json: { url, events: ['FORM_CREATED'] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('BAD_REQUEST');
    expect(res.body.message).toMatch(/Invalid webhook URL/);
  });

  it('the worker refuses a private target at the attempt even if it got into the database', async () => {
    const receiver = await startReceiver();
    try {
      // As if the name had resolved to a public address at creation and to loopback now.
      const created = await t.request('/v1/webhooks', {
        method: 'POST',
        key,
        json: { url: 'https://8.8.8.8/hook', events: ['FORM_CREATED'] },
      });
      expect(created.status).toBe(201);
      await t.db
        .updateTable('outbox_targets')
        .set({ url: `https://localhost:${receiver.port}${receiver.path}` })
        .where('id', '=', created.body.data.id)
        .execute();
      await t.request('/v1/forms', { method: 'POST', key, json: { title: 'SSRF' } });
      const deadline = Date.now() + 10_000;
      let attempts: { error: string | null }[] = [];
      while (attempts.length === 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        const page = await t.request(`/v1/webhooks/${created.body.data.id}/deliveries`, { key });
        attempts = page.body.data.deliveries[0]?.attempts ?? [];
      }
      expect(attempts[0]?.error).toMatch(/loopback/);
      expect(receiver.requests).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });
});

describe('ports and the delivery log', () => {
  it('a target port is 443 or from 1024 to 65535, unless private targets are allowed', async () => {
    const publicDns: Resolver = async () => [{ address: '93.184.216.34', family: 4 }];
    for (const url of [
      'https://hooks.example.com:22/x',
      'https://hooks.example.com:80/x',
      'https://hooks.example.com:1023/x',
    ]) {
      await expect(checkTargetUrl(url, strict, publicDns), url).rejects.toThrow(
        /port must be 443 or from 1024 to 65535/,
      );
    }
    for (const url of [
      'https://hooks.example.com/x',
      'https://hooks.example.com:443/x',
      'https://hooks.example.com:8443/x',
    ]) {
      expect((await checkTargetUrl(url, strict, publicDns)).href, url).toBe(new URL(url).href);
    }
    expect(
      (await checkTargetUrl('http://127.0.0.1:25/x', { allowPrivateTargets: true }, publicDns)).port,
    ).toBe('25');
    const sent = await postDelivery(
      'https://93.184.216.34:25/x',
      '{}',
      {},
      { timeoutMs: 1000, policy: strict },
    );
    expect(sent.error).toBe('url port must be 443 or from 1024 to 65535 (got 25)');
  });

  it('a failed attempt is logged as a short class, not raw network text', async () => {
    const probe = await startReceiver();
    const port = probe.port;
    await probe.close();
    const refused = await postDelivery(
      `http://127.0.0.1:${port}/x`,
      '{}',
      {},
      {
        timeoutMs: 2000,
        policy: { allowPrivateTargets: true },
      },
    );
    expect(refused).toMatchObject({ statusCode: null, error: 'connection refused' });
    expect(
      classifyNetworkError(
        Object.assign(new Error('getaddrinfo ENOTFOUND x.invalid'), { code: 'ENOTFOUND' }),
      ),
    ).toBe('DNS lookup failed');
    expect(
      classifyNetworkError(
        Object.assign(new Error('self-signed certificate'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }),
      ),
    ).toBe('TLS error');
    expect(classifyNetworkError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))).toBe(
      'connection reset',
    );
  });
});
