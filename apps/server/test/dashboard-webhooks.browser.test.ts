import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Formloom, verifyWebhook } from '@formloom/sdk';
import { contactSchema } from '@formloom/server/testing';
import { axeViolations } from '@formloom/server/testing/axe';
import { ARTIFACTS, chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../../scripts/ensure-built.js';
import { freePort } from './dashboard-support.js';
import { printedKey, type Serve, startServe } from './support.js';

const executable = chromiumOrSkip();
const PHONE = { width: 360, height: 800 };

/** A local receiver: records what arrives, answering with the status the test sets. */
async function startReceiver() {
  const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
  const state = { status: 200 };
  const server: Server = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += String(chunk);
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(state.status, { 'content-type': 'text/plain' });
      res.end(state.status === 200 ? 'thanks' : 'receiver is down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/hooks`, received, state, close: () => server.close() };
}

describe.skipIf(executable === undefined)('the webhooks page in Chromium, on formloom serve', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'formloom-dash-webhooks-'));
  const pages = usePages(executable);
  let serve: Serve;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let origin = '';

  beforeAll(async () => {
    await ensureBuilt('dashboard');
    receiver = await startReceiver();
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    serve = await startServe(dataDir, {
      PORT: String(port),
      FORMLOOM_PUBLIC_URL: origin,
      // The receiver is on 127.0.0.1 over plain http.
      FORMLOOM_ALLOW_PRIVATE_TARGETS: '1',
    });
  }, 300_000);
  afterAll(async () => {
    serve?.child.kill('SIGTERM');
    await serve?.exited;
    receiver?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates an endpoint (secret shown once), a response reaches the receiver and the log; test, pause, enable, redeliver, delete', async () => {
    const line = serve.lines.find((l) => l.startsWith('Set up the dashboard'))!;
    const { page, problems } = await pages.open(line.slice(line.indexOf(origin)), PHONE);
    await page.getByLabel('Email').fill('owner@example.com');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a long enough password');
    await page.getByRole('button', { name: 'Create owner and sign in' }).click();
    await page.getByRole('heading', { name: 'No forms yet' }).waitFor();

    // The menu leads to the page, by keyboard.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    expect(page.url()).toBe(`${origin}/app/webhooks`);
    await page.getByText('No endpoints yet.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Create: a URL and two events; no event at all is refused in the form.
    await page.getByRole('button', { name: 'Add an endpoint' }).click();
    await page.getByLabel('URL').fill(receiver.url);
    await page.getByLabel('FORM_RESPONSE_CREATED').uncheck();
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    await page.getByText('Choose at least one event.').waitFor();
    await page.getByLabel('FORM_RESPONSE_CREATED').check();
    await page.getByLabel('FORM_PUBLISHED').check();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByTestId('webhook-secret').count()).toBe(0);
    const card = page.getByRole('region', { name: receiver.url });
    await card.getByText(`Secret ends in ${secret.slice(-4)}`).waitFor();
    await card.getByText('Active', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // A published form's response reaches the receiver, signed with the secret the page showed once.
    const api = new Formloom({ apiKey: printedKey(serve)!, baseUrl: `${origin}/v1` });
    const form = await api.forms.create({
      title: 'Hooked',
      schema: contactSchema(),
    });
    const published = await api.forms.publish(form.id);
    await api.public.submitResponse(published.shareUrl, {
      answers: { name: 'Ada', email: 'ada@example.com' },
    });
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    const events = await Promise.all(
      receiver.received.map((r) => verifyWebhook({ payload: r.body, headers: r.headers, secret })),
    );
    expect(events.map((e) => e.type).sort()).toEqual(['FORM_PUBLISHED', 'FORM_RESPONSE_CREATED']);

    // The delivery log shows both, delivered, with the receiver's answer.
    await card.getByRole('button', { name: 'Deliveries' }).click();
    const log = page.getByRole('table', { name: `Deliveries to ${receiver.url}` });
    await expect.poll(() => log.getByText('Delivered').count(), { timeout: 10_000 }).toBe(2);
    await log.getByText('Attempt 1: Answer 200 in', { exact: false }).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // A test event while the receiver fails: the attempt shows the status and the body it answered.
    receiver.state.status = 500;
    await card.getByRole('button', { name: 'Send a test event' }).click();
    await card.getByText('Test event queued.').waitFor();
    await log.getByText('Attempt 1: Answer 500 in', { exact: false }).waitFor({ timeout: 15_000 });
    await log.getByText('Attempt 1: Answer 500 in', { exact: false }).click();
    await log.getByText('receiver is down').waitFor();

    // Paused (as after five failures): the page says so and enables it again.
    await api.webhooks.update((await api.webhooks.list()).webhooks[0]!.id, { isActive: false });
    await page.reload();
    await card.getByText('Paused', { exact: true }).waitFor();
    receiver.state.status = 200;
    await card.getByRole('button', { name: 'Enable again' }).click();
    await card.getByText('Active', { exact: true }).waitFor();
    expect((await api.webhooks.list()).webhooks[0]!.isActive).toBe(true);

    // Change its events: none at all is refused; FORM_PUBLISHED off and FORM_DELETED on is stored,
    // and a deleted form now reaches the receiver.
    await card.getByRole('button', { name: 'Change events' }).click();
    await card.getByLabel('FORM_RESPONSE_CREATED').uncheck();
    await card.getByLabel('FORM_PUBLISHED').uncheck();
    await card.getByRole('button', { name: 'Save events' }).click();
    await card.getByText('Choose at least one event.').waitFor();
    await card.getByLabel('FORM_RESPONSE_CREATED').check();
    await card.getByLabel('FORM_DELETED').check();
    expect(await axeViolations(page)).toEqual([]);
    await card.getByRole('button', { name: 'Save events' }).click();
    await card.getByRole('button', { name: 'Save events' }).waitFor({ state: 'detached' });
    await card.locator('code', { hasText: 'FORM_DELETED' }).waitFor();
    expect((await api.webhooks.list()).webhooks[0]!.events.sort()).toEqual([
      'FORM_DELETED',
      'FORM_RESPONSE_CREATED',
    ]);
    const gone = await api.forms.create({ title: 'Short-lived', schema: contactSchema() });
    const heard = receiver.received.length;
    await api.forms.delete(gone.id);
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(heard);
    const deleted = await verifyWebhook({
      payload: receiver.received.at(-1)!.body,
      headers: receiver.received.at(-1)!.headers,
      secret,
    });
    expect(deleted.type).toBe('FORM_DELETED');

    // Deliver the first response again: a new delivery arrives.
    const before = receiver.received.length;
    await card.getByRole('button', { name: 'Deliveries' }).click();
    await log.getByRole('button', { name: 'Deliver again' }).last().click();
    await page.getByText('Queued again as a new delivery.').waitFor();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(before);
    await page.screenshot({ path: join(ARTIFACTS, 'dashboard-webhooks-360.png'), fullPage: true });

    // Delete, confirmed in a dialog; Escape first cancels it.
    await card.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete endpoint' });
    await dialog.waitFor();
    // Checked once its opening transition is over (mid-fade, every colour is paler).
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await card.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete endpoint' }).click();
    await page.getByText('No endpoints yet.').waitFor();
    expect((await api.webhooks.list()).webhooks).toEqual([]);
    // The one 401 is the signed-out check before setup.
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
  }, 120_000);
});
