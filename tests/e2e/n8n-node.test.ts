import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AI_JOB_POLLING, WEBHOOK_EVENT_TYPES } from '@formloom/contract';
import { Formloom as Client, verifyAnalyticsCallback } from '@formloom/sdk';
import { createServices } from '@formloom/server';
import { contactSchema, describeEachDialect, startReceiver, type TestServer } from '@formloom/server/testing';
import { FormloomApi } from 'n8n-nodes-formloom/credentials/FormloomApi.credentials';
import { Formloom } from 'n8n-nodes-formloom/nodes/Formloom/Formloom.node';
import { FormloomTrigger } from 'n8n-nodes-formloom/nodes/FormloomTrigger/FormloomTrigger.node';
import { type IDataObject, NodeApiError, NodeOperationError } from 'n8n-workflow';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Credentials, runNode, runNodeJson } from './support/n8n-context.js';

/**
 * The Formloom node's operations run through its `execute`, with the objects n8n hands a node,
 * against the reference server on 127.0.0.1 (SQLite, and PostgreSQL when the suite has it).
 */
describeEachDialect(
  'n8n Formloom node',
  (t: TestServer) => {
    const node = new Formloom();
    let credentials: Credentials;
    let accountId: string;
    const run = (parameters: IDataObject, options: { continueOnFail?: boolean } = {}) =>
      runNodeJson({ type: node, parameters, credentials, ...options });

    beforeAll(async () => {
      const account = await t.account('MAX');
      accountId = account.accountId;
      // A base URL as a person types it: the server root, with a trailing slash.
      credentials = { apiKey: account.key, baseUrl: `${t.url}/` };
      await createServices({ db: t.db }).credits.grant(accountId, 100);
    });

    it('the credential test: GET /v1/me with the key as Bearer, as n8n builds it from the credential', async () => {
      const credential = new FormloomApi();
      // n8n resolves `={{...}}` as an expression over $credentials: the same JavaScript, here.
      const resolve = (template: string, values: Credentials) => {
        const match = /^=(.*)\{\{(.*)\}\}(.*)$/s.exec(template);
        if (!match) return template;
        const value = new Function('$credentials', `return (${match[2]});`)(values) as string;
        return `${match[1]}${value}${match[3]}`;
      };
      const call = async (values: Credentials) => {
        const request = credential.test.request;
        const url = `${resolve(String(request.baseURL), values).replace(/\/+$/, '')}${request.url}`;
        const headers = credential.authenticate.properties.headers as Record<string, string>;
        const authorization = resolve(headers.Authorization!, values);
        return fetch(url, { method: request.method, headers: { authorization } });
      };
      expect(credential.test.request.url).toBe('/v1/me');
      const ok = await call(credentials);
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as { data: { plan: string } }).data.plan).toBe('MAX');
      // With /v1 typed in too, and with a wrong key.
      expect((await call({ ...credentials, baseUrl: `${t.url}/v1` })).status).toBe(200);
      expect((await call({ ...credentials, apiKey: 'formloom_wrong' })).status).toBe(401);
    });

    it("the description: AI polling defaults are the API's recommendation; the trigger offers all nine events", () => {
      const options = node.description.properties.find(
        (p) => p.name === 'options' && p.displayOptions?.show?.resource?.[0] === 'ai',
      );
      const defaults = Object.fromEntries(
        ((options?.options ?? []) as { name: string; default: unknown }[]).map((o) => [o.name, o.default]),
      );
      expect(defaults.pollIntervalSeconds).toBe(AI_JOB_POLLING.intervalMs / 1000);
      expect(defaults.timeoutSeconds).toBe(AI_JOB_POLLING.timeoutMs / 1000);
      const events = new FormloomTrigger().description.properties.find((p) => p.name === 'events');
      expect((events!.options as { value: string }[]).map((o) => o.value).sort()).toEqual(
        [...WEBHOOK_EVENT_TYPES].sort(),
      );
    });

    describe('Form', () => {
      it('create blank and from a schema, get, update, publish, unpublish, delete', async () => {
        const [blank] = await run({
          resource: 'form',
          operation: 'create',
          title: 'Blank from n8n',
          additionalFields: { description: 'Made by a workflow', language: 'de' },
        });
        expect(blank).toMatchObject({
          title: 'Blank from n8n',
          description: 'Made by a workflow',
          publishStatus: 'DRAFT',
        });
        expect(blank.schema.meta.language).toBe('de');

        const [fromSchema] = await run({
          resource: 'form',
          operation: 'create',
          createFrom: 'schema',
          title: 'Contact',
          schema: JSON.stringify(contactSchema()),
        });
        expect(fromSchema.schema.fields.map((f: { id: string }) => f.id)).toEqual(
          contactSchema().fields.map((f) => f.id),
        );

        const [got] = await run({ resource: 'form', operation: 'get', formId: fromSchema.id });
        expect(got.id).toBe(fromSchema.id);

        const [updated] = await run({
          resource: 'form',
          operation: 'update',
          formId: fromSchema.id,
          updateFields: { title: 'Contact us', maxResponses: 10, expiresAt: '2099-01-01T00:00:00' },
        });
        expect(updated).toMatchObject({ title: 'Contact us', expiresAt: '2099-01-01T00:00:00.000Z' });
        expect(updated.settings.maxResponses).toBe(10);

        const [published] = await run({ resource: 'form', operation: 'publish', formId: fromSchema.id });
        expect(published.shareUrl).toMatch(/\S{8,}/);
        const [unpublished] = await run({ resource: 'form', operation: 'unpublish', formId: fromSchema.id });
        expect(unpublished.publishStatus).toBe('DRAFT');

        const [deleted] = await run({ resource: 'form', operation: 'delete', formId: blank.id });
        expect(deleted).toBeTruthy();
        await expect(run({ resource: 'form', operation: 'get', formId: blank.id })).rejects.toBeInstanceOf(
          NodeApiError,
        );
      });

      it('get many: limit, search, since, return all', async () => {
        const own = await t.account('MAX');
        const creds = { apiKey: own.key, baseUrl: t.url };
        const runOwn = (parameters: IDataObject) =>
          runNodeJson({ type: node, parameters, credentials: creds });
        for (let n = 0; n < 3; n++) {
          await runOwn({ resource: 'form', operation: 'create', title: `Survey ${n}` });
        }
        const cutoff = new Date().toISOString();
        await new Promise((r) => setTimeout(r, 5));
        await runOwn({ resource: 'form', operation: 'create', title: 'Feedback' });

        expect(await runOwn({ resource: 'form', operation: 'getAll', limit: 2 })).toHaveLength(2);
        expect(await runOwn({ resource: 'form', operation: 'getAll', returnAll: true })).toHaveLength(4);
        const surveys = await runOwn({
          resource: 'form',
          operation: 'getAll',
          filters: { search: 'SURVEY' },
        });
        expect(surveys.map((f) => f.title).sort()).toEqual(['Survey 0', 'Survey 1', 'Survey 2']);
        const recent = await runOwn({ resource: 'form', operation: 'getAll', filters: { since: cutoff } });
        expect(recent.map((f) => f.title)).toEqual(['Feedback']);
      });
    });

    it('Field: add, update, delete', async () => {
      const [form] = await run({ resource: 'form', operation: 'create', title: 'Fields' });
      const sectionId = form.schema.sections[0].id;
      const [added] = await run({
        resource: 'field',
        operation: 'add',
        formId: form.id,
        fieldId: 'colour',
        sectionId,
        fieldType: 'select',
        label: 'Colour',
        order: 1,
        additionalFields: { required: true, options: 'Red, Green , Blue' },
      });
      expect(added.schema.fields).toEqual([
        {
          id: 'colour',
          sectionId,
          type: 'select',
          label: 'Colour',
          order: 1,
          required: true,
          options: [
            { label: 'Red', value: 'Red' },
            { label: 'Green', value: 'Green' },
            { label: 'Blue', value: 'Blue' },
          ],
        },
      ]);
      const [updated] = await run({
        resource: 'field',
        operation: 'update',
        formId: form.id,
        fieldId: 'colour',
        changes: '{"label": "Favourite colour", "required": null}',
      });
      expect(updated.schema.fields[0]).toMatchObject({ label: 'Favourite colour' });
      expect(updated.schema.fields[0].required).toBeUndefined();
      const [afterDelete] = await run({
        resource: 'field',
        operation: 'delete',
        formId: form.id,
        fieldId: 'colour',
      });
      expect(afterDelete.schema.fields).toEqual([]);
    });

    it('Field: a hidden field, prefill and option scores, which a score variable adds up', async () => {
      const [form] = await run({ resource: 'form', operation: 'create', title: 'Quiz' });
      const sectionId = form.schema.sections[0].id;
      const add = (parameters: IDataObject, options: { continueOnFail?: boolean } = {}) =>
        run({ resource: 'field', operation: 'add', formId: form.id, sectionId, ...parameters }, options);
      await add({ fieldId: 'utm_source', fieldType: 'hidden', label: 'Source', order: 0 });
      await add({
        fieldId: 'email',
        fieldType: 'email',
        label: 'Email',
        order: 1,
        additionalFields: { prefill: true, prefillParam: 'mail', prefillEditable: false },
      });
      const [added] = await add({
        fieldId: 'capital',
        fieldType: 'radio',
        label: 'Capital of France?',
        order: 2,
        additionalFields: { options: 'Paris, Lyon', optionScores: '1, 0' },
      });
      expect(added.schema.fields.slice(0, 2)).toEqual([
        { id: 'utm_source', sectionId, type: 'hidden', label: 'Source', order: 0 },
        {
          id: 'email',
          sectionId,
          type: 'email',
          label: 'Email',
          order: 1,
          prefill: { param: 'mail', editable: false },
        },
      ]);
      expect(added.schema.fields[2].options).toEqual([
        { label: 'Paris', value: 'Paris', score: 1 },
        { label: 'Lyon', value: 'Lyon', score: 0 },
      ]);
      const [rescored] = await run({
        resource: 'field',
        operation: 'update',
        formId: form.id,
        fieldId: 'capital',
        changes: {
          options: [
            { label: 'Paris', value: 'Paris', score: 2 },
            { label: 'Lyon', value: 'Lyon' },
          ],
        },
      });
      expect(rescored.schema.fields[2].options[0]).toEqual({ label: 'Paris', value: 'Paris', score: 2 });

      // A score per option, or the node says what is wrong before any call.
      const [wrong] = await add(
        {
          fieldId: 'other',
          fieldType: 'radio',
          label: 'Other',
          order: 3,
          additionalFields: { options: 'A, B', optionScores: '1' },
        },
        { continueOnFail: true },
      );
      expect(wrong.error).toMatch(/one number per option \(2\)/);

      // The scores count: a score variable, a published form, a prefilled hidden value.
      const client = new Client({ apiKey: credentials.apiKey, baseUrl: `${t.url}/v1` });
      const schema = (await client.forms.retrieve(form.id)).schema;
      await client.forms.update(form.id, {
        schema: { ...schema, variables: [{ id: 'score', type: 'number', expression: { score: 'capital' } }] },
      });
      const { shareUrl } = await client.forms.publish(form.id);
      const { responseId } = await client.public.submitResponse(shareUrl!, {
        answers: { utm_source: 'n8n', capital: 'Paris' },
      });
      const response = await client.responses.retrieve(form.id, responseId);
      expect(response).toMatchObject({
        answers: { utm_source: 'n8n', capital: 'Paris' },
        variables: { score: 2 },
      });
    });

    describe('Response', () => {
      let formId: string;
      const ids: string[] = [];
      let between = '';

      beforeAll(async () => {
        const [form] = await run({
          resource: 'form',
          operation: 'create',
          createFrom: 'schema',
          title: 'Contact',
          schema: contactSchema() as unknown as IDataObject,
        });
        formId = form.id;
        const [published] = await run({ resource: 'form', operation: 'publish', formId });
        const respondent = new Client({ apiKey: 'unused', baseUrl: `${t.url}/v1` });
        for (let n = 0; n < 3; n++) {
          const answers = { name: `Person ${n}`, email: `p${n}@example.com`, contact: 'email' };
          const submitted = await respondent.public.submitResponse(published.shareUrl, { answers });
          ids.push(submitted.responseId);
          if (n === 0) {
            await new Promise((r) => setTimeout(r, 5));
            between = new Date().toISOString();
            await new Promise((r) => setTimeout(r, 5));
          }
        }
      });

      it('get, count, get many with limit, since, start and end date', async () => {
        const [one] = await run({ resource: 'response', operation: 'get', formId, responseId: ids[1] });
        expect(one).toMatchObject({ id: ids[1], formId });
        expect(one.answers.name).toBe('Person 1');

        expect(await run({ resource: 'response', operation: 'count', formId })).toEqual([
          { formId, count: 3 },
        ]);
        expect(await run({ resource: 'response', operation: 'getAll', formId, limit: 2 })).toHaveLength(2);
        const all = await run({ resource: 'response', operation: 'getAll', formId, returnAll: true });
        expect(all.map((r) => r.id).sort()).toEqual([...ids].sort());

        const since = await run({
          resource: 'response',
          operation: 'getAll',
          formId,
          filters: { since: between },
        });
        expect(since.map((r) => r.id).sort()).toEqual([ids[1], ids[2]].sort());
        const upTo = await run({
          resource: 'response',
          operation: 'getAll',
          formId,
          filters: { endDate: between },
        });
        expect(upTo.map((r) => r.id)).toEqual([ids[0]]);
        const from = await run({
          resource: 'response',
          operation: 'getAll',
          formId,
          filters: { startDate: between },
        });
        expect(from).toHaveLength(2);
        const today = between.slice(0, 10);
        const day = await run({
          resource: 'response',
          operation: 'getAll',
          formId,
          returnAll: true,
          filters: { startDate: today, endDate: today },
        });
        expect(day).toHaveLength(3);
      });

      it('Return All stops at 5,000 records (50 pages of 100)', { timeout: 120_000 }, async () => {
        const [form] = await run({ resource: 'form', operation: 'create', title: 'Busy' });
        const total = 5_050;
        const start = Date.parse('2026-01-01T00:00:00.000Z');
        const rows = Array.from({ length: total }, (_, n) => ({
          id: randomUUID(),
          form_id: form.id,
          account_id: accountId,
          answers: JSON.stringify({}),
          submitted_at: new Date(start + n * 1000).toISOString(),
        }));
        for (let n = 0; n < rows.length; n += 500) {
          await t.db
            .insertInto('responses')
            .values(rows.slice(n, n + 500))
            .execute();
        }
        await t.db.updateTable('forms').set({ response_count: total }).where('id', '=', form.id).execute();

        const all = await run({
          resource: 'response',
          operation: 'getAll',
          formId: form.id,
          returnAll: true,
        });
        expect(all).toHaveLength(5_000);
        expect(new Set(all.map((r) => r.id)).size).toBe(5_000);
        // Newest first: the 50 oldest are the ones left out.
        const leftOut = new Set(rows.slice(0, 50).map((r) => r.id));
        expect(all.some((r) => leftOut.has(r.id))).toBe(false);
        // A bounded filter walks fewer pages and returns everything it matches.
        const window = await run({
          resource: 'response',
          operation: 'getAll',
          formId: form.id,
          returnAll: true,
          filters: { startDate: '2026-01-01T00:00:00Z', endDate: '2026-01-01T00:02:29Z' },
        });
        expect(window).toHaveLength(150);
      });
    });

    describe('errors', () => {
      it("an unknown id and another account's form are NodeApiError with the API's message and status", async () => {
        const other = await t.account('MAX');
        const [theirs] = await runNodeJson({
          type: node,
          parameters: { resource: 'form', operation: 'create', title: 'Not yours' },
          credentials: { apiKey: other.key, baseUrl: t.url },
        });
        for (const formId of [randomUUID(), theirs.id]) {
          const error = await run({ resource: 'form', operation: 'get', formId }).catch((e: unknown) => e);
          expect(error).toBeInstanceOf(NodeApiError);
          expect((error as NodeApiError).httpCode).toBe('404');
          expect((error as NodeApiError).message).toMatch(/not found/i);
        }
      });

      it('a 400 carries the issues; a bad key is a 401', async () => {
        const error = (await run({
          resource: 'form',
          operation: 'create',
          createFrom: 'schema',
          title: 'Broken',
          schema: '{"version": "1.0"}',
        }).catch((e: unknown) => e)) as NodeApiError;
        expect(error).toBeInstanceOf(NodeApiError);
        expect(error.httpCode).toBe('400');
        expect(error.description).toContain('BAD_REQUEST');
        const unauthorized = (await runNodeJson({
          type: node,
          parameters: { resource: 'form', operation: 'getAll' },
          credentials: { ...credentials, apiKey: 'formloom_not_a_key' },
        }).catch((e: unknown) => e)) as NodeApiError;
        expect(unauthorized.httpCode).toBe('401');
      });

      it('a credential without an API key is a node error, before any request', async () => {
        const error = await runNodeJson({
          type: node,
          parameters: { resource: 'form', operation: 'getAll' },
          credentials: { apiKey: '', baseUrl: t.url },
        }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(NodeOperationError);
        expect((error as Error).message).toBe('The Formloom API credential has no API key');
      });

      it('Continue On Fail: a failing item becomes an error item and the others go on; without it the run stops', async () => {
        const [form] = await run({ resource: 'form', operation: 'create', title: 'Keep going' });
        const items = [{ json: { id: form.id } }, { json: { id: randomUUID() } }, { json: { id: form.id } }];
        // `={{ $json.id }}`, as n8n resolves it for each item.
        const parameters = { resource: 'form', operation: 'get', formId: (i: number) => items[i]!.json.id };
        const output = await runNode({ type: node, parameters, credentials, continueOnFail: true }, items);
        expect(output.map((o) => o.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
        expect(output[0]!.json.id).toBe(form.id);
        expect(output[1]!.json.error).toMatch(/not found/i);
        expect(output[1]!.json.details).toContain('NOT_FOUND');
        expect(output[2]!.json.id).toBe(form.id);

        const stopped = (await runNode({ type: node, parameters, credentials }, items).catch(
          (e: unknown) => e,
        )) as NodeApiError;
        expect(stopped).toBeInstanceOf(NodeApiError);
        expect(stopped.context.itemIndex).toBe(1);
      });

      it('a 429 answer is retried by the SDK after its Retry-After, with the same Idempotency-Key', async () => {
        // A proxy in front of the real server that answers the first request of each call 429.
        const seen: { method: string; path: string; key: string | undefined; status: number }[] = [];
        let refuseNext = true;
        const proxy = createServer(async (req, res) => {
          const chunks: Buffer[] = [];
          for await (const chunk of req) chunks.push(chunk as Buffer);
          const key = req.headers['idempotency-key'] as string | undefined;
          if (refuseNext) {
            refuseNext = false;
            seen.push({ method: req.method!, path: req.url!, key, status: 429 });
            res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' });
            res.end(JSON.stringify({ message: 'Too many requests', data: null, error: 'TOO_MANY_REQUESTS' }));
            return;
          }
          refuseNext = true;
          const headers = Object.fromEntries(
            Object.entries(req.headers).filter(
              ([name]) => !['host', 'connection', 'content-length'].includes(name),
            ),
          ) as Record<string, string>;
          const answer = await fetch(`${t.url}${req.url}`, {
            method: req.method,
            headers,
            ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
          });
          seen.push({ method: req.method!, path: req.url!, key, status: answer.status });
          res.writeHead(answer.status, {
            'content-type': answer.headers.get('content-type') ?? 'application/json',
          });
          res.end(Buffer.from(await answer.arrayBuffer()));
        });
        await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
        try {
          const baseUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
          const [created] = await runNodeJson({
            type: node,
            parameters: { resource: 'form', operation: 'create', title: 'Retried' },
            credentials: { ...credentials, baseUrl },
          });
          expect(created.title).toBe('Retried');
          const [listed] = await runNodeJson({
            type: node,
            parameters: { resource: 'form', operation: 'get', formId: created.id },
            credentials: { ...credentials, baseUrl },
          });
          expect(listed.id).toBe(created.id);
          expect(seen.map((r) => [r.method, r.status])).toEqual([
            ['POST', 429],
            ['POST', 201],
            ['GET', 429],
            ['GET', 200],
          ]);
          expect(seen[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
          expect(seen[1]!.key).toBe(seen[0]!.key);
        } finally {
          proxy.closeAllConnections();
          await new Promise((resolve) => proxy.close(resolve));
        }
      });

      it('a chat message over 500 characters is refused before any call', async () => {
        const [form] = await run({ resource: 'form', operation: 'create', title: 'Chatty' });
        const error = await run({
          resource: 'analytics',
          operation: 'chat',
          formId: form.id,
          message: 'x'.repeat(501),
        }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(NodeOperationError);
        expect((error as Error).message).toContain('1 to 500 characters; it has 501');
      });
    });

    it('AI: generate a form and wait for the job', async () => {
      const [form] = await run({
        resource: 'ai',
        operation: 'generateForm',
        prompt: 'A job application with email, a CV upload and a start date',
        options: { pollIntervalSeconds: 0.2, timeoutSeconds: 20 },
      });
      expect(form.jobId).toMatch(/^[0-9a-f-]{36}$/);
      expect(form.publishStatus).toBe('DRAFT');
      expect(form.schema.fields.map((f: { type: string }) => f.type)).toEqual(
        expect.arrayContaining(['email', 'file', 'date']),
      );
      expect(form.ai).toMatchObject({ provider: 'offline' });
    });

    it('Analytics: chat, and a smart analytics report delivered to its callback URL', async () => {
      const [form] = await run({ resource: 'form', operation: 'create', title: 'Poll' });
      const [answer] = await run({
        resource: 'analytics',
        operation: 'chat',
        formId: form.id,
        message: 'How is it going?',
      });
      expect(answer.message).toContain('this form has no responses yet');
      const [followUp] = await run({
        resource: 'analytics',
        operation: 'chat',
        formId: form.id,
        message: 'And now?',
        chatSessionId: answer.sessionId,
      });
      expect(followUp.sessionId).toBe(answer.sessionId);

      const client = new Client({ apiKey: credentials.apiKey, baseUrl: `${t.url}/v1` });
      const { secret } = await client.analytics.createSigningSecret();
      const receiver = await startReceiver();
      try {
        const [queued] = await run({
          resource: 'analytics',
          operation: 'smartAnalytics',
          formId: form.id,
          callbackUrl: receiver.url,
        });
        expect(queued).toMatchObject({ formId: form.id, callbackUrl: receiver.url });
        await receiver.waitFor((requests) => requests.length >= 1, 15_000);
        const callback = await verifyAnalyticsCallback({
          payload: receiver.requests[0]!.body,
          headers: receiver.requests[0]!.headers,
          secret,
        });
        expect(callback).toMatchObject({ reportId: queued.reportId, formId: form.id, status: 'DONE' });
      } finally {
        await receiver.close();
      }
    });
  },
  // The outbox worker sends the smart analytics report's callback.
  { allowPrivateTargets: true, webhookWorker: {} },
);
