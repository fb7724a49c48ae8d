import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_EVENT_TYPES } from '@formloom/contract';
import { Formloom as Client } from '@formloom/sdk';
import {
  contactSchema,
  startWebhookTestServer,
  testDialects,
  type WebhookTestServer,
} from '@formloom/server/testing';
import { FormloomTrigger } from 'n8n-nodes-formloom/nodes/FormloomTrigger/FormloomTrigger.node';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHook, runWebhook, type TriggerSetup } from './support/n8n-context.js';

interface Arrival {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The items the workflow started with; undefined when no run started. */
  run: INodeExecutionData[] | undefined;
}

/**
 * A stand-in for n8n's webhook server on 127.0.0.1: it keeps each request's raw body (as n8n
 * does), hands the request to the trigger's `webhook`, answers as n8n would, and records whether a
 * workflow run started.
 */
async function startN8nWebhookServer(setup: () => TriggerSetup) {
  const arrivals: Arrival[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const rawBody = Buffer.concat(chunks);
      const arrival: Arrival = {
        status: 0,
        headers: req.headers,
        body: rawBody.toString('utf8'),
        run: undefined,
      };
      const response = {
        status(code: number) {
          return {
            json(body: unknown) {
              arrival.status = code;
              res.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify(body));
            },
          };
        },
      };
      try {
        const result = await runWebhook(setup(), { headers: req.headers, rawBody, response });
        arrival.run = result.workflowData?.[0];
        if (!result.noWebhookResponse) {
          arrival.status = 200;
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end('{"message":"Workflow was started"}');
        }
      } catch (error) {
        arrival.status = 500;
        res.writeHead(500).end(String(error));
      }
      arrivals.push(arrival);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/webhook/3f2a9c1e-formloom/webhook`,
    arrivals,
    async waitFor(predicate: (arrivals: Arrival[]) => boolean, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(arrivals)) {
        if (Date.now() > deadline) throw new Error(`timed out: ${arrivals.length} arrivals`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

for (const dialect of testDialects()) {
  describe(`n8n Formloom Trigger [${dialect}]`, () => {
    const trigger = new FormloomTrigger();
    let server: WebhookTestServer;
    let n8n: Awaited<ReturnType<typeof startN8nWebhookServer>>;
    let setup: TriggerSetup;
    let client: Client;

    beforeAll(async () => {
      server = await startWebhookTestServer({ dialect, allowPrivateTargets: true });
      const { key } = await server.account('MAX');
      client = new Client({ apiKey: key, baseUrl: `${server.url}/v1` });
      n8n = await startN8nWebhookServer(() => setup);
      setup = {
        type: trigger,
        parameters: { events: [...WEBHOOK_EVENT_TYPES] },
        credentials: { apiKey: key, baseUrl: server.url },
        webhookUrl: n8n.url,
        staticData: {},
      };
    });

    afterAll(async () => {
      await n8n?.close();
      await server?.close();
    });

    it('activation creates the endpoint for the chosen events and keeps its secret; deactivation deletes it', async () => {
      expect(await runHook(setup, 'checkExists')).toBe(false);
      expect(await runHook(setup, 'create')).toBe(true);
      const { endpointId, secret } = setup.staticData as { endpointId: string; secret: string };
      expect(secret).toMatch(/^whsec_/);
      const [endpoint] = (await client.webhooks.list()).webhooks;
      expect(endpoint).toMatchObject({
        id: endpointId,
        url: n8n.url,
        isActive: true,
        secretLast4: secret.slice(-4),
      });
      expect([...endpoint!.events].sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
      expect(await runHook(setup, 'checkExists')).toBe(true);

      // Disabled on the server (after failed deliveries, or by hand): activation turns it back on.
      await client.webhooks.update(endpointId, { isActive: false });
      expect(await runHook(setup, 'checkExists')).toBe(true);
      expect((await client.webhooks.list()).webhooks[0]).toMatchObject({ id: endpointId, isActive: true });

      // Fewer events chosen while active: the same endpoint (and secret) is updated.
      setup.parameters = { events: ['FORM_RESPONSE_CREATED'] };
      expect(await runHook(setup, 'checkExists')).toBe(true);
      expect((await client.webhooks.list()).webhooks.map((w) => [w.id, w.events])).toEqual([
        [endpointId, ['FORM_RESPONSE_CREATED']],
      ]);

      expect(await runHook(setup, 'delete')).toBe(true);
      expect(setup.staticData).toEqual({});
      expect((await client.webhooks.list()).webhooks).toEqual([]);
      expect(await runHook(setup, 'checkExists')).toBe(false);
      // Deleting again (already gone) is fine.
      setup.staticData = { endpointId };
      expect(await runHook(setup, 'delete')).toBe(true);
      setup.parameters = { events: [...WEBHOOK_EVENT_TYPES] };
    });

    it('an endpoint at the URL whose secret the node lost is replaced, not left unverifiable', async () => {
      await client.webhooks.create({ url: n8n.url, events: ['FORM_CREATED'] });
      setup.staticData = {};
      expect(await runHook(setup, 'checkExists')).toBe(false);
      expect((await client.webhooks.list()).webhooks).toEqual([]);
      expect(await runHook(setup, 'create')).toBe(true);
      expect((await client.webhooks.list()).webhooks).toHaveLength(1);
    });

    it('real deliveries start the workflow once verified, SMART_FORM_SESSION_COMPLETED included', async () => {
      const before = n8n.arrivals.length;
      const form = await client.forms.create({ title: 'Contact', schema: contactSchema() });
      const { shareUrl } = await client.forms.publish(form.id);
      const submitted = await client.public.submitResponse(shareUrl!, {
        answers: { name: 'Ada', email: 'ada@example.com', contact: 'email' },
      });
      const endpointId = setup.staticData.endpointId as string;
      await client.webhooks.test(endpointId, { type: 'SMART_FORM_SESSION_COMPLETED' });
      const types = [
        'FORM_CREATED',
        'FORM_PUBLISHED',
        'FORM_RESPONSE_CREATED',
        'SMART_FORM_SESSION_COMPLETED',
      ];
      await n8n.waitFor((arrivals) => arrivals.length >= before + types.length);

      const runs = n8n.arrivals.slice(before);
      expect(runs.map((a) => a.status)).toEqual(types.map(() => 200));
      const started = runs.map((a) => a.run?.[0]?.json as IDataObject);
      expect(started.map((json) => json.type).sort()).toEqual([...types].sort());
      const response = started.find((json) => json.type === 'FORM_RESPONSE_CREATED')!;
      expect(response.data).toMatchObject({
        formId: form.id,
        responseId: submitted.responseId,
        answers: { name: { question: 'Name', answer: 'Ada' } },
      });
      expect(response.deliveryId).toBe(
        runs.find((a) => a.run?.[0]?.json.type === 'FORM_RESPONSE_CREATED')!.headers['x-service-delivery'],
      );
      const session = started.find((json) => json.type === 'SMART_FORM_SESSION_COMPLETED')!;
      expect(session.data).toHaveProperty('sessionId');
    });

    it('a bad signature is answered 401 and starts nothing', async () => {
      const genuine = n8n.arrivals.find((a) => a.run !== undefined)!;
      const send = (body: string, headers: Record<string, string>) =>
        fetch(n8n.url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
      const signed = Object.fromEntries(
        [
          'webhook-id',
          'webhook-timestamp',
          'webhook-signature',
          'x-service-signature',
          'x-service-timestamp',
        ].map((name) => [name, String(genuine.headers[name] ?? '')]),
      );
      const before = n8n.arrivals.length;
      // The same signature over a changed body, a forged signature, and none at all.
      const tampered = genuine.body.replace('"type":"', '"type":"X');
      const forged = {
        ...signed,
        'webhook-signature': 'v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
        'x-service-signature': `sha256=${'0'.repeat(64)}`,
      };
      const answers = [
        await send(tampered, signed),
        await send(genuine.body, forged),
        await send(genuine.body, {}),
      ];
      expect(answers.map((a) => a.status)).toEqual([401, 401, 401]);
      expect(((await answers[0]!.json()) as { message: string }).message).toMatch(/Signature check failed/);
      const refused = n8n.arrivals.slice(before);
      expect(refused).toHaveLength(3);
      expect(refused.every((a) => a.run === undefined)).toBe(true);
      // The genuine one, sent again as it was, still verifies (within the 5-minute tolerance).
      expect((await send(genuine.body, signed)).status).toBe(200);
    });

    it('"Only Form ID" acknowledges other forms\' deliveries without starting the workflow', async () => {
      const start = n8n.arrivals.length;
      const mine = await client.forms.create({ title: 'Mine', language: 'en' });
      await n8n.waitFor((arrivals) => arrivals.length >= start + 1);
      setup.parameters = { events: [...WEBHOOK_EVENT_TYPES], formId: mine.id };
      const before = n8n.arrivals.length;
      await client.forms.create({ title: 'Other', language: 'en' });
      await client.forms.publish(mine.id);
      await n8n.waitFor((arrivals) => arrivals.length >= before + 2);
      const arrivals = n8n.arrivals.slice(before);
      expect(arrivals.map((a) => a.status)).toEqual([200, 200]);
      const runs = arrivals.filter((a) => a.run !== undefined).map((a) => a.run![0]!.json);
      expect(runs).toEqual([expect.objectContaining({ type: 'FORM_PUBLISHED' })]);
      setup.parameters = { events: [...WEBHOOK_EVENT_TYPES] };
      expect(await runHook(setup, 'delete')).toBe(true);
    });
  });
}
