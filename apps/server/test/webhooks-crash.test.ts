import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createTestDatabase,
  describeDialects,
  startReceiver,
  type TestDatabase,
} from '@formloom/server/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { printedKey, type Serve, startServe } from './support.js';

/**
 * A server killed at any moment loses no delivery and sends each at least once (docs/webhooks.md
 * "How it works inside"). The
 * server runs as `formloom serve`; it is SIGKILLed twice: once while the receiver is down and
 * deliveries are failing and backing off, once while deliveries are in flight to a slow receiver
 * (so some arrive but their success is never recorded). Every event must arrive, duplicates
 * under the same delivery id.
 */
describeDialects('webhooks survive SIGKILL (child process)', (dialect) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'formloom-webhooks-crash-'));
  const children: Serve[] = [];
  // SQLite: the file in dataDir; PostgreSQL: a database of its own.
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    if (dialect === 'postgres') database = await createTestDatabase(dialect, 'webhooks-crash');
  });
  afterAll(async () => {
    for (const c of children) c.child.kill('SIGKILL');
    await Promise.all(children.map((c) => c.exited));
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  });

  const env = {
    FORMLOOM_ALLOW_PRIVATE_TARGETS: '1',
    FORMLOOM_WEBHOOK_RETRY_BASE_MS: '300',
    FORMLOOM_WEBHOOK_TIMEOUT_MS: '1000',
  };

  async function serve(): Promise<{ base: string; serve: Serve }> {
    const s = await startServe(dataDir, {
      ...env,
      ...(database?.url === undefined ? {} : { FORMLOOM_DATABASE_URL: database.url }),
    });
    children.push(s);
    return { base: `http://127.0.0.1:${s.port}/v1`, serve: s };
  }

  async function kill(s: Serve) {
    s.child.kill('SIGKILL');
    await s.exited;
  }

  it('every event arrives at least once, with the same delivery id on duplicates', async () => {
    // A port for the receiver, which is down for now.
    const probe = await startReceiver();
    const { port, path } = probe;
    await probe.close();

    let { base, serve: first } = await serve();
    const key = printedKey(first)!;
    const call = async (path: string, method = 'GET', json?: unknown, auth = true) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(auth ? { authorization: `Bearer ${key}` } : {}),
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      return { status: res.status, body: await res.json() };
    };

    const hook = await call('/webhooks', 'POST', {
      url: `http://127.0.0.1:${port}${path}`,
      events: ['FORM_CREATED', 'FORM_PUBLISHED', 'FORM_RESPONSE_CREATED'],
    });
    expect(hook.status).toBe(201);
    const form = await call('/forms', 'POST', { title: 'Crash' });
    await call(`/forms/${form.body.data.id}/fields`, 'POST', {
      id: 'n',
      sectionId: 'section-1',
      type: 'number',
      label: 'N',
      order: 0,
    });
    const code = (await call(`/forms/${form.body.data.id}/publish`, 'POST')).body.data.shareUrl;
    const submitted: string[] = [];
    const submitSome = async (from: number, count: number) => {
      for (let i = from; i < from + count; i++) {
        const res = await call(`/public/forms/${code}/responses`, 'POST', { answers: { n: i } }, false);
        expect(res.status).toBe(201);
        submitted.push(res.body.data.responseId);
      }
    };

    // Phase 1: receiver down; deliveries fail and back off; killed in the middle of that.
    await submitSome(0, 20);
    await new Promise((r) => setTimeout(r, 700));
    await kill(first);

    ({ base, serve: first } = await serve());
    // Phase 2: the receiver comes up, slow, so deliveries are in flight when the server dies.
    const receiver = await startReceiver(() => ({ status: 200, delayMs: 250 }), port, path);
    try {
      await submitSome(20, 20);
      await receiver.waitFor((q) => q.length >= 4, 30_000);
      await kill(first);
      const seenBeforeSecondKill = receiver.requests.length;

      await serve();
      receiver.behave(() => ({ status: 204 }));
      const expected = submitted.length + 2; // + FORM_CREATED and FORM_PUBLISHED
      const deliveryOf = new Map<string, Set<string>>();
      const eventKey = (body: string) => {
        const event = JSON.parse(body);
        return event.type === 'FORM_RESPONSE_CREATED' ? event.data.responseId : event.type;
      };
      await receiver.waitFor((q) => {
        deliveryOf.clear();
        for (const r of q) {
          const ids = deliveryOf.get(eventKey(r.body)) ?? new Set<string>();
          ids.add(String(r.headers['webhook-id']));
          deliveryOf.set(eventKey(r.body), ids);
        }
        return deliveryOf.size === expected;
      }, 60_000);

      for (const id of submitted) expect(deliveryOf.has(id)).toBe(true);
      expect(deliveryOf.has('FORM_CREATED') && deliveryOf.has('FORM_PUBLISHED')).toBe(true);
      // One delivery id per event, however often it arrived.
      for (const ids of deliveryOf.values()) expect(ids.size).toBe(1);
      // The request in flight at the second kill was answered too late to be recorded: resent.
      expect(receiver.requests.length).toBeGreaterThan(expected);
      expect(seenBeforeSecondKill).toBeGreaterThanOrEqual(4);
    } finally {
      await receiver.close();
    }
  }, 120_000);
});
