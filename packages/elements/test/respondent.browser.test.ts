import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FormSchema } from '@formloom/contract';
import { build } from 'esbuild';
import {
  axeViolations,
  chromiumOrSkip,
  parseMail,
  publishForm,
  type SmtpStandIn,
  startSmtpStandIn,
  usePages,
  useServed,
} from 'formloom/testing/served';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const executable = chromiumOrSkip();
const ARTIFACTS = fileURLToPath(new URL('../../../test-artifacts/', import.meta.url));

/** One required question and one optional: enough to see a response stored and changed. */
function schema(title: string, language: 'en' | 'de' = 'en'): FormSchema {
  const de = language === 'de';
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title, language },
    settings: { layout: 'single-column' },
    sections: [{ id: 's', title: '', order: 0 }],
    fields: [
      {
        id: 'name',
        sectionId: 's',
        type: 'text',
        label: de ? 'Ihr Name' : 'Your name',
        order: 0,
        required: true,
      },
      { id: 'team', sectionId: 's', type: 'text', label: de ? 'Team' : 'Team', order: 1 },
    ],
  };
}

/**
 * A host page on another origin with `<formloom-form>` and the attributes of its query (the
 * element's code split into chunks, as an app's bundler splits it); the page's own `t` and `edit`
 * stay in its address for the element to read. Every `formloom:*` event is recorded. Its server
 * passes /v1 through to the Formloom server, headers and all.
 */
function hostPage(query: URLSearchParams): string {
  const attrs = ['code', 'lang', 'link-token', 'edit-token']
    .filter((name) => query.has(name))
    .map((name) => ` ${name}="${query.get(name)!.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`)
    .join('');
  return `<!doctype html><html lang="en"><head><title>Host</title><link rel="icon" href="data:,">
<script>window.formloomEvents=[];for(const n of ['submit','error'])document.addEventListener('formloom:'+n,(e)=>window.formloomEvents.push({type:n,detail:e.detail}));</script>
<script type="module" src="/elements/index.js"></script></head>
<body><main><h1>Host app</h1><formloom-form${attrs}></formloom-form></main></body></html>`;
}

describe.skipIf(executable === undefined)(
  '<formloom-form> with personal links, proven addresses and edits, in Chromium',
  () => {
    let smtp: SmtpStandIn;
    beforeAll(async () => {
      smtp = await startSmtpStandIn();
    });
    afterAll(async () => {
      await smtp?.close();
    });
    const t = useServed(() => ({ FORMLOOM_SMTP_URL: smtp.url }));
    const pages = usePages(executable);
    let host: Server;
    let origin = '';
    let key = '';
    let page: Page;
    let problems: string[] = [];
    const files = new Map<string, string>();

    beforeAll(async () => {
      const out = await build({
        entryPoints: { index: fileURLToPath(new URL('../src/index.ts', import.meta.url)) },
        bundle: true,
        write: false,
        format: 'esm',
        splitting: true,
        outdir: '/elements',
        platform: 'browser',
        minify: true,
        conditions: ['source', 'browser'],
        logLevel: 'silent',
      });
      for (const file of out.outputFiles) files.set(file.path, file.text);
      host = createServer(async (req, res) => {
        const url = new URL(req.url ?? '/', 'http://host');
        if (url.pathname === '/') {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(hostPage(url.searchParams));
          return;
        }
        const script = files.get(url.pathname);
        if (script !== undefined) {
          res.writeHead(200, { 'content-type': 'text/javascript' });
          res.end(script);
          return;
        }
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers))
          if (typeof value === 'string' && name !== 'host') headers.set(name, value);
        const answer = await fetch(`${t.url}${req.url}`, {
          method: req.method ?? 'GET',
          headers,
          body: chunks.length > 0 ? Buffer.concat(chunks) : null,
        });
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
        res.end(Buffer.from(await answer.arrayBuffer()));
      });
      await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
      ({ key } = await t.account());
      mkdirSync(ARTIFACTS, { recursive: true });
    });
    afterAll(async () => {
      await new Promise((resolve) => host?.close(resolve));
    });

    async function ruledForm(title: string, access: Record<string, unknown>, language: 'en' | 'de' = 'en') {
      const form = await publishForm(t, key, schema(title, language));
      const put = await t.request(`/v1/forms/${form.id}/access`, { method: 'PUT', key, json: access });
      expect(put.status, put.text).toBe(200);
      return form;
    }

    async function open(query: Record<string, string>, width = 900) {
      ({ page, problems } = await pages.open(`${origin}/?${new URLSearchParams(query)}`, {
        width,
        height: 900,
      }));
    }

    /** The element of the page opened last. */
    const el = () => page.locator('formloom-form');
    const stored = async (formId: string) =>
      (await t.request(`/v1/forms/${formId}/responses`, { key })).body.data.responses as {
        id: string;
        answers: Record<string, unknown>;
      }[];
    const events = () =>
      page.evaluate(
        () =>
          (window as unknown as { formloomEvents: { type: string; detail: Record<string, unknown> }[] })
            .formloomEvents,
      );

    /** The code of the newest mail to `address`, from its decoded text part. */
    async function mailedCode(address: string, count: number): Promise<string> {
      await expect.poll(() => smtp.mails.filter((m) => m.to.includes(address)).length).toBe(count);
      const mails = smtp.mails.filter((m) => m.to.includes(address));
      return /\b(\d{6})\b/.exec(parseMail(mails.at(-1)!.raw).text)![1]!;
    }

    it("takes the page's ?t=: the response is stored through the link, which a second use says was used", async () => {
      const form = await ruledForm('Invited', { oneResponse: 'link' });
      const created = await t.request(`/v1/forms/${form.id}/links`, {
        method: 'POST',
        key,
        json: { recipients: [{ email: 'ann@example.com' }] },
      });
      const token = new URL(created.body.data.links[0].url).searchParams.get('t')!;
      await open({ code: form.code, t: token });
      await el().getByLabel('Your name').fill('Ann');
      await el().getByRole('button', { name: 'Submit' }).click();
      await el().getByRole('heading', { name: 'Thank you' }).waitFor();
      const [response] = await stored(form.id);
      expect(response!.answers).toEqual({ name: 'Ann' });
      const links = (await t.request(`/v1/forms/${form.id}/links`, { key })).body.data.links;
      expect(links[0].responseId).toBe(response!.id);
      expect(problems).toEqual([]);

      // The same link again (here by the attribute): the submission is refused, said in the form's place.
      await open({ code: form.code, 'link-token': token });
      await el().getByLabel('Your name').fill('Ann again');
      await el().getByRole('button', { name: 'Submit' }).click();
      await el().getByRole('heading', { name: 'This link has been used' }).waitFor();
      expect(await el().getByLabel('Your name').count()).toBe(0);
      expect((await events()).filter((e) => e.type === 'error').map((e) => e.detail)).toEqual([
        { problem: 'already_answered' },
      ]);
      expect(await axeViolations(page)).toEqual([]);
      expect(await stored(form.id)).toHaveLength(1);

      // No link at all: said before anyone types.
      await open({ code: form.code });
      await el().getByRole('heading', { name: 'This form needs your personal link' }).waitFor();
    }, 120_000);

    it('asks for the address in German, takes the mailed code, stores the answer, and refuses the address a second time', async () => {
      const form = await ruledForm('Einmal je Adresse', { oneResponse: 'email' }, 'de');
      await open({ code: form.code }, 360);
      const address = el().getByLabel('E-Mail-Adresse');
      await address.waitFor();
      expect(await el().getByLabel('Ihr Name').count()).toBe(0);
      expect(await el().getByRole('heading', { level: 1 }).textContent()).toBe('Einmal je Adresse');
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${ARTIFACTS}element-address-prompt-de-360.png`, fullPage: true });

      // Keyboard alone: type the address and press Enter; the code step takes the focus.
      await address.focus();
      await page.keyboard.type('eve@example.com');
      await page.keyboard.press('Enter');
      const codeInput = el().getByLabel('Code', { exact: true });
      await codeInput.waitFor();
      expect(await el().getByText('an eve@example.com gesendet').isVisible()).toBe(true);
      expect(await codeInput.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement)).toBe(
        true,
      );
      const code = await mailedCode('eve@example.com', 1);
      await page.keyboard.type(code === '000000' ? '111111' : '000000');
      await page.keyboard.press('Enter');
      const alert = el().getByRole('alert');
      await expect.poll(() => alert.textContent()).toBe('Der Code stimmt nicht oder ist abgelaufen.');
      expect(await codeInput.getAttribute('aria-invalid')).toBe('true');
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${ARTIFACTS}element-code-prompt-de-360.png`, fullPage: true });
      await codeInput.fill(code);
      await page.keyboard.press('Enter');
      const name = el().getByLabel('Ihr Name');
      await name.waitFor();
      await name.fill('Eva');
      await el().getByRole('button', { name: 'Absenden' }).click();
      await el().getByRole('heading', { name: 'Vielen Dank' }).waitFor();
      expect((await stored(form.id)).map((r) => r.answers)).toEqual([{ name: 'Eva' }]);

      // The same address again: told once it is proven, before the form.
      await open({ code: form.code });
      await el().getByLabel('E-Mail-Adresse').fill('eve@example.com');
      await el().getByRole('button', { name: 'Code senden' }).click();
      await el()
        .getByLabel('Code', { exact: true })
        .fill(await mailedCode('eve@example.com', 2));
      await el().getByRole('button', { name: 'Bestätigen' }).click();
      await el().getByRole('heading', { name: 'Sie haben schon geantwortet' }).waitFor();
      expect(await stored(form.id)).toHaveLength(1);
      expect(problems.filter((p) => !/40[39]/.test(p))).toEqual([]);
    }, 120_000);

    it('hands the edit token to the submit event and the thank-you link; opened by it, the form edits the response', async () => {
      const form = await ruledForm('Changeable', { allowEdit: { hours: 24 } });
      await open({ code: form.code });
      await el().getByLabel('Your name').fill('Kim');
      await el().getByLabel('Team').fill('Blue');
      await el().getByRole('button', { name: 'Submit' }).click();
      await el().getByRole('heading', { name: 'Thank you' }).waitFor();
      await expect.poll(async () => (await events()).filter((e) => e.type === 'submit').length).toBe(1);
      const [submitted] = (await events()).filter((e) => e.type === 'submit');
      const { editToken, editUntil, responseId } = submitted!.detail as Record<string, string>;
      expect(editToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Date.parse(editUntil!)).toBeGreaterThan(Date.now());
      const link = el().getByRole('link', { name: 'Change your answers' });
      await link.waitFor();
      expect(await link.getAttribute('href')).toBe(`${origin}/?code=${form.code}&edit=${editToken}`);
      await el().getByText('You can change your answers until').waitFor();
      expect(await axeViolations(page)).toEqual([]);

      await link.click();
      const team = el().getByLabel('Team');
      await team.waitFor();
      // The answers arrive with the response's read, a moment after the form is drawn.
      await expect.poll(() => team.inputValue()).toBe('Blue');
      await el().getByText('You are changing the answers you sent.').waitFor();
      await team.fill('Green');
      await el().getByRole('button', { name: 'Submit' }).click();
      await el().getByRole('heading', { name: 'Thank you' }).waitFor();
      expect((await stored(form.id)).map((r) => [r.id, r.answers])).toEqual([
        [responseId, { name: 'Kim', team: 'Green' }],
      ]);

      // The form takes no edits now: the edit link says its time has passed, as after the window.
      await t.request(`/v1/forms/${form.id}/access`, { method: 'PUT', key, json: { allowEdit: null } });
      await open({ code: form.code, 'edit-token': editToken! });
      await el().getByRole('heading', { name: 'This response can no longer be changed' }).waitFor();
      expect(await el().getByLabel('Team').count()).toBe(0);
      await open({ code: form.code, edit: 'A'.repeat(43) });
      await el().getByRole('heading', { name: 'This edit link does not work' }).waitFor();
    }, 120_000);
  },
);
