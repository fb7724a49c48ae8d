import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DnsStandIn, startDnsStandIn } from '../../../test/support/dns-stand-in.js';
import { contactSchema } from '../../../test/support/fixtures.js';
import { freePort } from '../../../test/support/net-kit.js';
import { publishForm } from '../../../test/support/page-fixtures.js';
import { useTestServer } from '../../../test/support/test-server.js';
import { createServices } from '../../services.js';

/** Debian's `caddy` (CI installs it); without it here, the test is skipped. */
const caddy = spawnSync('caddy', ['version']).status === 0;
if (!caddy && process.env.CI) throw new Error('caddy is not installed (apt-get install caddy)');

const SELF_HOSTING = new URL('../../../../../docs/self-hosting.md', import.meta.url);

/** The Caddyfile docs/self-hosting.md "Custom domains" gives, as printed. */
function documentedCaddyfile(): string {
  const doc = readFileSync(SELF_HOSTING, 'utf8');
  const section = doc.slice(doc.indexOf('### Custom domains'));
  const block = /```caddy\n([\s\S]*?)```/.exec(section)?.[1];
  if (block === undefined) throw new Error('docs/self-hosting.md has no Caddyfile under "Custom domains"');
  return block;
}

async function listening(port: number, within: number): Promise<void> {
  const until = Date.now() + within;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) return;
    if (Date.now() > until) throw new Error(`nothing listens on ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** An HTTPS GET through Caddy as a browser of `host` sends it (SNI and Host), the local CA not trusted. */
function viaCaddy(port: number, host: string, path: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, servername: host, headers: { host }, rejectUnauthorized: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe.skipIf(!caddy)(
  "the self-hosting guide's Caddyfile: certificates on demand for verified domains only",
  () => {
    let dns: DnsStandIn;
    let dir = '';
    let proxy: ChildProcess | undefined;
    let httpsPort = 0;
    beforeAll(async () => {
      dns = await startDnsStandIn();
      dir = mkdtempSync(join(tmpdir(), 'formloom-caddy-'));
    });
    const t = useTestServer('sqlite', { appConfig: () => ({ dnsServers: [dns.address] }) });

    beforeAll(async () => {
      const app = new URL(t.url).port;
      httpsPort = await freePort();
      const httpPort = await freePort();
      // The guide's file with this machine's ports, and a local CA instead of a public one (no
      // network here): the on-demand question and the proxying are the guide's own.
      const caddyfile = documentedCaddyfile()
        .replaceAll('127.0.0.1:3000', `127.0.0.1:${app}`)
        .replace(
          /\temail .*\n/,
          `\tadmin off\n\tlocal_certs\n\tskip_install_trust\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n\tstorage file_system ${join(dir, 'data')}\n`,
        );
      expect(caddyfile).toContain(`ask http://127.0.0.1:${app}/v1/domains/allowed`);
      writeFileSync(join(dir, 'Caddyfile'), caddyfile);
      proxy = spawn('caddy', ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
        env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
        stdio: 'ignore',
      });
      await listening(httpsPort, 20_000);
    }, 30_000);
    afterAll(async () => {
      if (proxy !== undefined && proxy.exitCode === null) {
        const exited = new Promise((resolve) => proxy!.once('exit', resolve));
        proxy.kill('SIGTERM');
        await exited;
      }
      await dns?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('serves a verified domain over HTTPS and refuses a certificate to any other name', async () => {
      const { accountId, key } = await t.account();
      const hostname = `forms-${randomUUID().slice(0, 8)}.example.org`;
      const domains = createServices({
        db: t.db,
        config: { publicUrl: 'https://forms.example.test', dnsServers: [dns.address] },
      }).domains;
      const added = await domains.add(accountId, hostname);
      dns.txt(added.verification.txtName, [added.verification.txtValue]);
      expect((await domains.verify(accountId, added.id)).status).toBe('verified');
      const schema = contactSchema();
      await publishForm(t, key, {
        ...schema,
        meta: { ...schema.meta, title: 'Behind Caddy' },
        settings: { slug: 'apply' },
      });

      const page = await viaCaddy(httpsPort, hostname, '/apply');
      expect(page.status).toBe(200);
      expect(page.text).toContain('Behind Caddy');

      // Caddy asked before it made the certificate (yes), and asks again for a name no account
      // verified (no), which gets no certificate: the handshake fails.
      const asked = (status: number) =>
        t.logs.filter(
          (line) => line.includes('"route":"/v1/domains/allowed"') && line.includes(`"status":${status}`),
        ).length;
      expect(asked(200)).toBe(1);
      expect(asked(404)).toBe(0);
      await expect(
        viaCaddy(httpsPort, `nobody-${randomUUID().slice(0, 8)}.example.org`, '/apply'),
      ).rejects.toThrow();
      expect(asked(404)).toBe(1);
    }, 60_000);
  },
);
