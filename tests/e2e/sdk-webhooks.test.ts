import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BadRequestError, ConflictError, Formloom, NotFoundError, verifyWebhook } from '@formloom/sdk';
import {
  createApp,
  createDb,
  createLogger,
  createServices,
  type DbHandle,
  listen,
  type OutboxWorker,
  type RunningServer,
  startOutboxWorker,
} from '@formloom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Webhooks end to end through the SDK: the reference server with its delivery worker (private
 * targets allowed, as for development) and a receiver on 127.0.0.1 that checks each signature
 * with `verifyWebhook`.
 */
describe('webhooks end to end through the SDK', () => {
  let dataDir = '';
  let handle: DbHandle;
  let running: RunningServer;
  let worker: OutboxWorker;
  let receiver: Server;
  let hookUrl = '';
  let client: Formloom;
  const received: { body: string; headers: IncomingHttpHeaders }[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'formloom-sdk-webhooks-'));
    handle = await createDb({ dataDir });
    const secretKey = new Uint8Array(32).fill(5);
    const services = createServices({
      db: handle.db,
      logger: createLogger({ level: 'silent' }),
      config: { publicUrl: 'https://forms.example.test', allowPrivateTargets: true },
      secretKey,
    });
    const app = createApp({ services });
    running = await listen(app, { port: 0, host: '127.0.0.1', shutdownTimeoutMs: 1000 });
    worker = startOutboxWorker({
      db: handle.db,
      box: services.box,
      allowPrivateTargets: true,
      pollIntervalMs: 50,
    });
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/formloom`;
    const account = await services.accounts.create({
      name: 'sdk-webhooks',
      plan: 'STARTER',
    });
    const { token } = await services.keys.create({
      account: account.id,
      scopes: ['all'],
    });
    client = new Formloom({ apiKey: token, baseUrl: `${running.url}/v1` });
  });

  afterAll(async () => {
    await worker?.stop();
    await running?.close();
    receiver?.closeAllConnections();
    await new Promise((resolve) => receiver?.close(resolve));
    await handle?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function waitFor(predicate: () => boolean) {
    const deadline = Date.now() + 10_000;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error('timed out waiting for a delivery');
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  it('create, list, update, test, deliveries, redeliver, delete', async () => {
    const created = await client.webhooks.create({
      url: hookUrl,
      events: ['FORM_CREATED', 'FORM_RESPONSE_CREATED'],
      description: 'SDK e2e',
    });
    expect(created.secret).toMatch(/^whsec_/);
    expect(created.secretLast4).toBe(created.secret.slice(-4));
    await expect(client.webhooks.create({ url: hookUrl, events: ['FORM_DELETED'] })).rejects.toBeInstanceOf(
      ConflictError,
    );
    await expect(
      client.webhooks.create({ url: 'ftp://127.0.0.1/x', events: ['FORM_DELETED'] }),
    ).rejects.toBeInstanceOf(BadRequestError);

    const { webhooks } = await client.webhooks.list();
    expect(webhooks.map((w) => w.id)).toEqual([created.id]);
    expect(webhooks[0]).not.toHaveProperty('secret');

    // A real event, then a test event: both signed with the secret the create call returned.
    const form = await client.forms.create({ title: 'Through the SDK' });
    const test = await client.webhooks.test(created.id, { type: 'FORM_RESPONSE_CREATED' });
    expect(test.status).toBe('pending');
    await waitFor(() => received.length === 2);
    const events = await Promise.all(
      received.map((r) => verifyWebhook({ payload: r.body, headers: r.headers, secret: created.secret })),
    );
    expect(events.map((e) => e.type)).toEqual(['FORM_CREATED', 'FORM_RESPONSE_CREATED']);
    expect(events[0]!.data).toMatchObject({ formId: form.id, formTitle: 'Through the SDK' });

    const updated = await client.webhooks.update(created.id, { events: ['FORM_DELETED'], description: null });
    expect(updated).toMatchObject({ events: ['FORM_DELETED'], description: null, isActive: true });

    const log = await client.webhooks.listDeliveries(created.id).collect();
    expect(log.items).toHaveLength(2);
    let delivered = await client.webhooks.listDeliveries(created.id, { status: 'succeeded' }).collect();
    for (let i = 0; i < 100 && delivered.items.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 50));
      delivered = await client.webhooks.listDeliveries(created.id, { status: 'succeeded' }).collect();
    }
    expect(delivered.items.map((d) => d.attempts[0]?.statusCode)).toEqual([204, 204]);

    const again = await client.webhooks.redeliver(created.id, test.id);
    expect(again.id).not.toBe(test.id);
    await waitFor(() => received.length === 3);
    expect(received[2]!.headers['webhook-id']).toBe(again.id);

    await expect(client.webhooks.delete(created.id)).resolves.toEqual({ id: created.id, deleted: true });
    await expect(client.webhooks.update(created.id, { description: 'x' })).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});
