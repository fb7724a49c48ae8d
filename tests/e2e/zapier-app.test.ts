import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import {
  contactSchema,
  type Receiver,
  startReceiver,
  startWebhookTestServer,
  testDialects,
  type WebhookTestServer,
} from '@formloom/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The Zapier app is CommonJS, as Zapier runs it; its tester is zapier-platform-core's own.
const require = createRequire(import.meta.url);
const App = require('zapier-formloom');
const zapier = require('zapier-platform-core');
const appDir = dirname(require.resolve('zapier-formloom/package.json'));

type Operation = (z: unknown, bundle: unknown) => unknown;
/** The app tester's answer is what the operation returned: each call names the shape it expects. */
type Tester = <T = unknown>(operation: Operation, bundle: object) => Promise<T>;

interface Item {
  id: string;
  responseId: string;
  formId: string;
  formTitle: string;
  answers: Record<string, { question: string; answer: unknown }>;
}

describe.each(testDialects())('the Zapier app against a real server [%s]', (dialect) => {
  let t: WebhookTestServer;
  let key: string;
  let appTester: Tester;
  let zap: Receiver;
  const auth = () => ({ authData: { baseUrl: `${t.url}/`, apiKey: key } });

  beforeAll(async () => {
    t = await startWebhookTestServer({
      dialect,
      worker: { retryBaseMs: 20, timeoutMs: 2000, pollIntervalMs: 10 },
    });
    key = (await t.account('MAX')).key;
    appTester = zapier.createAppTester(App);
    // Zapier's catch hook: it answers 200 to whatever arrives.
    zap = await startReceiver(undefined, 0, '/hooks/catch/1/abc');
  });
  afterAll(async () => {
    await zap?.close();
    await t?.close();
  });

  it('the connection test reads the account and names the connection; a wrong key asks to reconnect', async () => {
    const account = await appTester<{ account: { name: string } }>(App.authentication.test, auth());
    expect(account.account.name).toEqual(expect.any(String));
    const label = await appTester(App.authentication.connectionLabel, { ...auth(), inputData: account });
    expect(label).toBe(account.account.name);
    await expect(
      appTester(App.authentication.test, { authData: { baseUrl: t.url, apiKey: 'fl_live_wrong' } }),
    ).rejects.toMatchObject({ name: 'RefreshAuthError', message: expect.stringContaining('401') });
  });

  it('creates a form, lists it for the dropdowns, triggers on a response through a REST hook, finds it, unsubscribes', async () => {
    const created = await appTester<{ id: string }>(App.creates.create_form.operation.perform, {
      ...auth(),
      inputData: { title: 'Zap intake', description: 'From a Zap' },
    });
    expect(created).toMatchObject({ title: 'Zap intake', description: 'From a Zap', publishStatus: 'DRAFT' });
    const forms = await appTester(App.triggers.new_form.operation.performList, { ...auth(), inputData: {} });
    expect(forms).toContainEqual({ id: created.id, formId: created.id, title: 'Zap intake' });

    // The form gets questions and goes public through the API, as its owner would do it.
    await t.request(`/v1/forms/${created.id}`, { method: 'PATCH', key, json: { schema: contactSchema() } });
    const published = await t.request(`/v1/forms/${created.id}/publish`, { method: 'POST', key });
    expect(published.status).toBe(200);

    const subscribeData = await appTester<{ id: string }>(
      App.triggers.new_response.operation.performSubscribe,
      {
        ...auth(),
        targetUrl: zap.url,
        inputData: { formId: created.id },
      },
    );
    expect(subscribeData).toEqual({ id: expect.any(String) });

    const submitted = await t.request(`/v1/public/forms/${published.body.data.shareUrl}/responses`, {
      method: 'POST',
      json: { answers: { name: 'Ada', email: 'ada@example.com' } },
    });
    expect(submitted.status).toBe(201);
    const responseId = submitted.body.data.responseId as string;
    await zap.waitFor((q) => q.length === 1);

    const [fromHook] = await appTester<Item[]>(App.triggers.new_response.operation.perform, {
      ...auth(),
      inputData: { formId: created.id },
      cleanedRequest: JSON.parse(zap.requests[0]!.body),
    });
    expect(fromHook).toMatchObject({
      id: responseId,
      responseId,
      formId: created.id,
      formTitle: 'Zap intake',
    });
    expect(fromHook!.answers.name).toEqual({ question: expect.any(String), answer: 'Ada' });

    // A poll (the editor's samples) gives the same item as the hook.
    const polled = await appTester<Item[]>(App.triggers.new_response.operation.performList, {
      ...auth(),
      inputData: { formId: created.id },
    });
    expect(polled).toHaveLength(1);
    expect(polled[0]).toMatchObject({ id: responseId, formTitle: 'Zap intake', answers: fromHook!.answers });

    const found = await appTester<Item[]>(App.searches.find_response.operation.perform, {
      ...auth(),
      inputData: { formId: created.id, responseId },
    });
    expect(found.map((f) => f.id)).toEqual([responseId]);
    const none = await appTester(App.searches.find_response.operation.perform, {
      ...auth(),
      inputData: { formId: created.id, responseId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(none).toEqual([]);

    await appTester(App.triggers.new_response.operation.performUnsubscribe, { ...auth(), subscribeData });
    const hooks = await t.request('/v1/webhooks', { key });
    expect(hooks.body.data.webhooks.map((w: { id: string }) => w.id)).not.toContain(subscribeData.id);
  });

  it("a refusal carries the server's message", async () => {
    await expect(
      appTester(App.creates.create_form.operation.perform, { ...auth(), inputData: { title: '' } }),
    ).rejects.toThrow(/Formloom answered 400: .+/);
  });
});

describe("the Zapier app under Zapier's own validation", () => {
  it('`zapier-platform validate --without-style` finds the app structurally sound', async () => {
    const cli = require.resolve('zapier-platform-cli/src/bin/run', { paths: [appDir] });
    const run = await promisify(execFile)(process.execPath, [cli, 'validate', '--without-style'], {
      cwd: appDir,
      env: { ...process.env, FORCE_COLOR: '0', DISABLE_ZAPIER_ANALYTICS: '1' },
    }).catch((error: { stdout: string; stderr: string }) => error);
    expect(run.stdout + run.stderr).toContain('This project is structurally sound!');
  }, 120_000);
});
