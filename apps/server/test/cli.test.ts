import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { cliIn } from './support.js';

const dataDir = mkdtempSync(join(tmpdir(), 'formloom-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const { cli, json } = cliIn(dataDir);

describe('formloom CLI', () => {
  it('explains itself', async () => {
    const help = await cli('--help');
    expect(help.code).toBe(0);
    for (const c of ['serve', 'accounts create', 'keys rotate', 'forms restore'])
      expect(help.out).toContain(c);
    const sub = await cli('keys', 'create', '--help');
    expect(sub.out).toContain('--scopes');
    expect((await cli()).code).toBe(2);
    const unknown = await cli('frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('unknown command');
  });

  it('accounts: create (plan case-insensitive), list, set-plan', async () => {
    const acme = await json('accounts', 'create', '--name', 'acme', '--plan', 'Pro');
    expect(acme).toMatchObject({ name: 'acme', plan: 'PRO' });
    const list = await json('accounts', 'list');
    expect(list.map((a: { name: string }) => a.name)).toContain('acme');
    expect(await json('accounts', 'set-plan', '--account', 'acme', '--plan', 'max')).toMatchObject({
      plan: 'MAX',
    });
    const bad = await cli('accounts', 'create', '--name', 'x', '--plan', 'gold');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('unknown plan "gold"');
    const missing = await cli('accounts', 'create', '--plan', 'pro');
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('--name is required');
  });

  it('keys: create prints the key once, list never shows it, rotate and revoke', async () => {
    const created = await json(
      'keys',
      'create',
      '--account',
      'acme',
      '--scopes',
      'forms_read,FORMS_WRITE',
      '--expires-in',
      '30d',
    );
    expect(created.apiKey).toMatch(/^formloom_[0-9a-f]{12}\.[0-9a-f]{64}$/);
    expect(created.scopes).toEqual(['FORMS_READ', 'FORMS_WRITE']);
    expect(Date.parse(created.expiresAt) - Date.parse(created.createdAt)).toBe(30 * 86_400_000);

    const human = await cli('keys', 'create', '--account', 'acme', '--scopes', 'all');
    expect(human.out.split('\n')[0]).toMatch(/^API key: formloom_[0-9a-f]{12}\.[0-9a-f]{64}$/);

    const listed = await cli('keys', 'list', '--account', 'acme', '--json');
    expect(listed.out).not.toContain(created.apiKey.slice(22));
    expect(JSON.parse(listed.out)).toHaveLength(2);

    const rotated = await json('keys', 'rotate', created.keyId, '--grace', '2h');
    expect(rotated.apiKey).not.toBe(created.apiKey);
    expect(rotated.previous).toMatchObject({ keyId: created.keyId, status: 'rotating' });
    const tooLong = await cli('keys', 'rotate', rotated.keyId, '--grace', '8d');
    expect(tooLong.code).toBe(1);
    expect(tooLong.err).toContain('7d');

    const revoked = await json('keys', 'revoke', rotated.keyId);
    expect(revoked.status).toBe('revoked');
    const unknown = await cli('keys', 'revoke', '000000000000');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('no API key');

    const badScope = await cli('keys', 'create', '--account', 'acme', '--scopes', 'EVERYTHING');
    expect(badScope.code).toBe(1);
    expect(badScope.err).toContain('unknown scope');
  });

  it("maps the server's domain errors by class: the message alone, exit 1; anything else is unexpected", async () => {
    await json('accounts', 'create', '--name', 'twin', '--plan', 'pro');
    await json('accounts', 'create', '--name', 'twin', '--plan', 'pro');
    for (const [argv, message] of [
      // NotFoundError, thrown by the accounts service under credits (it used to be renamed there)
      [['credits', 'grant', '--account', 'nobody', '--amount', '5'], 'no account with id or name "nobody"'],
      [['keys', 'create', '--account', 'nobody', '--scopes', 'all'], 'no account with id or name "nobody"'],
      // AccountError, an InvalidInputError
      [['accounts', 'set-plan', '--account', 'twin', '--plan', 'max'], '2 accounts are named "twin"'],
      [['credits', 'show', '--account', 'twin'], '2 accounts are named "twin"'],
      // KeyError, an InvalidInputError
      [['keys', 'create', '--account', 'acme', '--scopes', 'nothing'], 'unknown scope "nothing"'],
    ] as const) {
      const res = await cli(...argv);
      expect(res.code, argv.join(' ')).toBe(1);
      expect(res.err).toBe(`formloom ${argv[0]} ${argv[1]}: ${res.err.slice(res.err.indexOf(message))}`);
      expect(res.err).not.toMatch(/unexpected error|\n\s+at /);
    }
    // Not a domain error (the database file is a folder): reported as unexpected, with its stack.
    const broken = await cliIn(dataDir, { FORMLOOM_DATABASE_URL: `sqlite:${dataDir}` }).cli(
      'accounts',
      'list',
    );
    expect(broken.code).toBe(1);
    expect(broken.err).toMatch(/^formloom accounts list: unexpected error: /);
    expect(broken.err).toMatch(/\n\s+at /);
  });

  it('forms restore explains a form that is not deleted', async () => {
    const res = await cli('forms', 'restore', '00000000-0000-4000-8000-000000000000');
    expect(res.code).toBe(1);
    expect(res.err).toContain('no deleted form');
  });
});

describe('configuration', () => {
  it('has defaults', () => {
    const config = loadConfig({}, '/srv');
    expect(config).toMatchObject({
      port: 3000,
      dataDir: '/srv/.formloom',
      publicUrl: 'http://localhost:3000',
      bodyLimitBytes: 1024 * 1024,
      deletedRetentionMs: 30 * 86_400_000,
    });
  });

  it('reads the environment and explains mistakes', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        FORMLOOM_PUBLIC_URL: 'https://forms.example.com/',
        FORMLOOM_BODY_LIMIT: '2mb',
        FORMLOOM_DATABASE_URL: 'postgres://app@db/formloom',
        FORMLOOM_DATABASE_POOL_SIZE: '25',
      },
      '/srv',
    );
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'https://forms.example.com',
      bodyLimitBytes: 2 * 1024 ** 2,
      databaseUrl: 'postgres://app@db/formloom',
      databasePoolSize: 25,
    });
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({}).publicRateLimitPerMinute).toBe(120);
    expect(loadConfig({ FORMLOOM_PUBLIC_RATE_LIMIT: '600' }).publicRateLimitPerMinute).toBe(600);
    expect(() => loadConfig({ FORMLOOM_PUBLIC_RATE_LIMIT: '0' })).toThrow(/FORMLOOM_PUBLIC_RATE_LIMIT/);
    expect(() => loadConfig({ FORMLOOM_DATABASE_POOL_SIZE: '0' })).toThrow(/FORMLOOM_DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT must be an integer/);
    expect(() => loadConfig({ FORMLOOM_PUBLIC_URL: 'forms.example.com' })).toThrow(/FORMLOOM_PUBLIC_URL/);
    expect(() => loadConfig({ FORMLOOM_BODY_LIMIT: 'huge' })).toThrow(/FORMLOOM_BODY_LIMIT/);
    expect(() => loadConfig({ FORMLOOM_DELETED_RETENTION: 'forever' })).toThrow(/FORMLOOM_DELETED_RETENTION/);
    expect(() => loadConfig({ FORMLOOM_LOG_LEVEL: 'loud' })).toThrow(/FORMLOOM_LOG_LEVEL/);
    expect(loadConfig({}).stripeApiBase).toBeUndefined();
    expect(loadConfig({ FORMLOOM_STRIPE_API_BASE: 'http://127.0.0.1:4010/' }).stripeApiBase).toBe(
      'http://127.0.0.1:4010',
    );
    expect(() => loadConfig({ FORMLOOM_STRIPE_API_BASE: 'ftp://example.org' })).toThrow(
      /FORMLOOM_STRIPE_API_BASE/,
    );
    expect(loadConfig({}).dnsServers).toBeUndefined();
    expect(loadConfig({ FORMLOOM_DNS_SERVERS: '127.0.0.1:5353, [::1]:53' }).dnsServers).toEqual([
      '127.0.0.1:5353',
      '[::1]:53',
    ]);
    expect(() => loadConfig({ FORMLOOM_DNS_SERVERS: 'dns.example.com:53' })).toThrow(/FORMLOOM_DNS_SERVERS/);
  });

  it("reads Google Sheets' OAuth client only when both its id and secret are set, and Google's addresses", () => {
    expect(loadConfig({}).integrations.google).toBeUndefined();
    expect(() => loadConfig({ FORMLOOM_GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' })).toThrow(
      /FORMLOOM_GOOGLE_CLIENT_SECRET/,
    );
    expect(
      loadConfig({
        FORMLOOM_GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
        FORMLOOM_GOOGLE_CLIENT_SECRET: 'GOCSPX-secret',
        FORMLOOM_GOOGLE_OAUTH_BASE: 'http://127.0.0.1:4020',
        FORMLOOM_GOOGLE_SHEETS_BASE: 'http://127.0.0.1:4021',
      }).integrations.google,
    ).toEqual({
      clientId: 'id.apps.googleusercontent.com',
      clientSecret: 'GOCSPX-secret',
      oauthBase: 'http://127.0.0.1:4020',
      sheetsBase: 'http://127.0.0.1:4021',
    });
    expect(() =>
      loadConfig({
        FORMLOOM_GOOGLE_CLIENT_ID: 'a',
        FORMLOOM_GOOGLE_CLIENT_SECRET: 'b',
        FORMLOOM_GOOGLE_TOKEN_BASE: 'token',
      }),
    ).toThrow(/FORMLOOM_GOOGLE_TOKEN_BASE/);
  });

  it('reads FORMLOOM_TRUST_PROXY as hops or addresses and CIDRs, and trusts nothing by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ FORMLOOM_TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ FORMLOOM_TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(
      loadConfig({ FORMLOOM_TRUST_PROXY: '10.0.0.0/8, fd00::/8,127.0.0.1,loopback' }).trustProxy,
    ).toEqual(['10.0.0.0/8', 'fd00::/8', '127.0.0.1', 'loopback']);
    expect(() => loadConfig({ FORMLOOM_TRUST_PROXY: 'true' })).toThrow(/number of proxies/);
    expect(() => loadConfig({ FORMLOOM_TRUST_PROXY: '10.0.0.0/99' })).toThrow(/"10.0.0.0\/99"/);
    expect(() => loadConfig({ FORMLOOM_TRUST_PROXY: 'my-balancer' })).toThrow(/FORMLOOM_TRUST_PROXY/);
  });

  it('reads FORMLOOM_S3_* for uploads in a bucket', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ FORMLOOM_S3_BUCKET: 'files' }).s3).toEqual({
      bucket: 'files',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      prefix: undefined,
    });
    expect(
      loadConfig({
        FORMLOOM_S3_BUCKET: 'files',
        FORMLOOM_S3_REGION: 'eu-west-1',
        FORMLOOM_S3_ENDPOINT: 'http://minio:9000',
        FORMLOOM_S3_PREFIX: 'formloom/',
      }).s3,
    ).toEqual({
      bucket: 'files',
      region: 'eu-west-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      prefix: 'formloom/',
    });
    expect(() => loadConfig({ FORMLOOM_S3_REGION: 'eu-west-1' })).toThrow(/FORMLOOM_S3_BUCKET is not/);
    expect(() => loadConfig({ FORMLOOM_S3_BUCKET: 'f', FORMLOOM_S3_ENDPOINT: 'minio' })).toThrow(
      /FORMLOOM_S3_ENDPOINT/,
    );
    expect(() => loadConfig({ FORMLOOM_S3_BUCKET: 'f', FORMLOOM_S3_PREFIX: 'no-slash' })).toThrow(
      /FORMLOOM_S3_PREFIX/,
    );
  });
});
