import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { THEME_PRESETS } from '@formloom/contract';
import { formTextsFor, messagesFor } from '@formloom/contract/engine';
import { build } from 'esbuild';
import {
  axeViolations,
  bilingualSchema,
  capitalsQuiz,
  chromiumOrSkip,
  guestsSchema,
  pagedQuizSchema,
  publishForm,
  signupSchema,
  surveySchema,
  TINY_PNG,
  usePages,
  useServed,
} from 'formloom/testing/served';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const executable = chromiumOrSkip();
const en = messagesFor('en');
const { thanksTitle: thanks } = formTextsFor('en');
const EVENTS = ['ready', 'change', 'page', 'submit', 'error'].map((name) => `formloom:${name}`);

/** `@formloom/elements` bundled for a browser, as a host app's bundler would. */
async function elementBundle(): Promise<string> {
  const out = await build({
    entryPoints: [fileURLToPath(new URL('../src/index.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    minify: true,
    conditions: ['source', 'browser'],
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

/**
 * A host page on another origin: `<formloom-form>` with the attributes of the page's query, a
 * host stylesheet that themes it (a custom property and a `::part`), and every event the element
 * sends recorded in `window.formloomEvents`. Its server passes /v1 through to the Formloom server
 * (a same-origin proxy: how a host page reached the API before the public routes answered CORS,
 * and still a way it may choose).
 */
function hostPage(query: URLSearchParams): string {
  const attrs = ['code', 'lang', 'prefill', 'resume']
    .filter((name) => query.has(name))
    .map((name) => ` ${name}="${query.get(name)!.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`)
    .join('');
  return `<!doctype html><html lang="en"><head><title>Host</title><link rel="icon" href="data:,">
<style>formloom-form{--formloom-accent:#006400}formloom-form::part(label){letter-spacing:2px}</style>
<script>window.formloomEvents=[];for(const n of ${JSON.stringify(EVENTS)})document.addEventListener(n,(e)=>window.formloomEvents.push({type:e.type,detail:e.detail}));</script>
<script type="module" src="/elements.js"></script></head>
<body><main><h1>Host app</h1><formloom-form${attrs}></formloom-form></main></body></html>`;
}

describe.skipIf(executable === undefined)('<formloom-form> in Chromium, on another origin', () => {
  const t = useServed();
  const pages = usePages(executable);
  let host: Server;
  let origin = '';
  let key = '';
  let survey = { id: '', code: '' };
  let quiz = { id: '', code: '' };
  let bilingual = { id: '', code: '' };
  let guests = { id: '', code: '' };
  let capitals = { id: '', code: '' };
  let capitalsAtEnd = { id: '', code: '' };
  let signup = { id: '', code: '' };
  let page: Page;
  let problems: string[] = [];

  beforeAll(async () => {
    const script = await elementBundle();
    host = createServer(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://host');
      if (url.pathname === '/') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(hostPage(url.searchParams));
        return;
      }
      if (url.pathname === '/elements.js') {
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
    survey = await publishForm(t, key, surveySchema());
    quiz = await publishForm(t, key, pagedQuizSchema());
    bilingual = await publishForm(t, key, bilingualSchema());
    guests = await publishForm(t, key, guestsSchema('single-column'));
    capitals = await publishForm(t, key, capitalsQuiz('after-answer'));
    capitalsAtEnd = await publishForm(t, key, capitalsQuiz('at-end'));
    signup = await publishForm(t, key, signupSchema());
  });
  afterAll(async () => {
    await new Promise((resolve) => host?.close(resolve));
  });

  async function open(query: Record<string, string>, viewport?: { width: number; height: number }) {
    const opened = await pages.open(`${origin}/?${new URLSearchParams(query)}`, viewport);
    ({ page, problems } = opened);
    await page.getByRole('heading', { level: 1 }).nth(1).waitFor();
  }

  /** The name of the control focused inside the element's shadow root. */
  const focused = () =>
    page.evaluate(() =>
      document.querySelector('formloom-form')?.shadowRoot?.activeElement?.getAttribute('name'),
    );
  const events = () =>
    page.evaluate(
      () => (window as unknown as { formloomEvents: { type: string; detail: unknown }[] }).formloomEvents,
    );
  const visible = (selector: string) => page.locator(selector).isVisible();
  const stored = async (formId: string) =>
    (await t.request(`/v1/forms/${formId}/responses`, { key })).body.data.responses as {
      id: string;
      answers: Record<string, unknown>;
    }[];

  it('fills a form: conditional fields, errors announced and focused, an upload, the submit event, host styling, axe', async () => {
    await open({ code: survey.code, prefill: JSON.stringify({ name: 'ignored' }) });
    expect((await events()).map((e) => e.type)).toContain('formloom:ready');
    expect(await visible('#fl-w-phone')).toBe(false);
    await page.getByLabel('Phone', { exact: true }).check();
    expect(await visible('#fl-w-phone')).toBe(true);
    expect(await visible('#fl-s-pets')).toBe(false);
    await page.getByLabel('Yes').check();
    expect(await visible('#fl-s-pets')).toBe(true);

    // Submit with the required fields empty: the alert, the messages, aria-invalid, focus on the first.
    await page.getByRole('button', { name: 'Submit' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('Please correct the highlighted fields.');
    await expect.poll(focused).toBe('name');
    const name = page.getByLabel('Your name');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await name.getAttribute('aria-describedby')).toContain('fl-e-name');
    expect(await page.locator('#fl-e-name').textContent()).toBe(en.required);
    expect(await axeViolations(page)).toEqual([]);

    // The host's theme reaches inside: a custom property and a ::part.
    const button = page.getByRole('button', { name: 'Submit' });
    expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(0, 100, 0)');
    expect(await name.evaluate((el) => el.getAttribute('part'))).toBe('input');
    const label = page.locator('label[for="fl-f-name"]');
    expect(await label.evaluate((el) => getComputedStyle(el).letterSpacing)).toBe('2px');

    await name.fill('Ada <b>');
    expect(await name.getAttribute('aria-invalid')).toBeNull();
    await page.locator('#fl-f-email').fill('ada@example.com');
    await page.getByLabel('Phone number').fill('555');
    await page.getByLabel("Your pet's name").fill('Rex');
    await page
      .getByLabel('A photo')
      .setInputFiles({ name: 'rex.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByText('Uploaded: rex.png').waitFor();
    await button.click();
    await page.getByText('Thank you!').waitFor();
    const submitted = (await events()).find((e) => e.type === 'formloom:submit');
    const responseId = (submitted!.detail as { responseId: string }).responseId;
    const row = (await stored(survey.id)).find((r) => r.id === responseId);
    expect(row?.answers).toMatchObject({ name: 'Ada <b>', phone: '555', petName: 'Rex', hasPets: 'yes' });
    expect((row!.answers.photo as { name: string }).name).toBe('rex.png');
    expect(await page.locator('formloom-form b').count()).toBe(0);
    expect((await events()).some((e) => e.type === 'formloom:change')).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('a repeating section: entries added, moved and removed by keyboard and pointer, each validated, said, sent as a list', async () => {
    await open({ code: guests.code }, { width: 360, height: 800 });
    // The fewest entries (one) from the start, named after the section.
    const entry = (n: number) => page.getByRole('group', { name: `Guests ${n}`, exact: true });
    await entry(1).waitFor();
    expect(await entry(2).count()).toBe(0);
    const said = () => page.locator('#fl-said-guests').textContent();
    await page.getByLabel('Your name').fill('Ann');
    await entry(1).getByLabel('Guest name').fill('Bo');
    await entry(1).getByLabel('Age').fill('30');
    // A condition inside an entry reads that entry; its label and the section's description,
    // shown in each entry, recall the entry's name.
    await entry(1).getByRole('radiogroup', { name: 'Meal for Bo' }).waitFor();
    expect(await entry(1).locator('.fl-section-description').textContent()).toBe('Guest Bo');
    await entry(1).getByLabel('Fish').check();

    await page.getByRole('button', { name: 'Add a guest' }).click();
    await entry(2).waitFor();
    expect(await said()).toBe('Guests 2 added. Entries: 2 of 3.');
    await expect.poll(focused).toBe('guests[1].name');
    await page.keyboard.type('Cy');
    await entry(2).getByLabel('Age').fill('5');
    expect(await entry(2).getByRole('radiogroup').isVisible()).toBe(false);
    expect(await entry(1).getByLabel('Guest name').inputValue()).toBe('Bo');

    // Move up by keyboard: the entries swap, focus stays on the moved entry's Move up.
    await entry(2).getByRole('button', { name: 'Move up: Guests 2' }).focus();
    await page.keyboard.press('Enter');
    expect(await said()).toBe('Guests 2 moved to place 1 of 2.');
    expect(await entry(1).getByLabel('Guest name').inputValue()).toBe('Cy');
    expect(await entry(2).getByLabel('Guest name').inputValue()).toBe('Bo');
    expect(await entry(2).getByLabel('Fish').isChecked()).toBe(true);
    expect(
      await page.evaluate(() =>
        document.querySelector('formloom-form')?.shadowRoot?.activeElement?.getAttribute('aria-label'),
      ),
    ).toBe('Move up: Guests 1');
    expect(
      await entry(1).getByRole('button', { name: 'Move up: Guests 1' }).getAttribute('aria-disabled'),
    ).toBe('true');

    // At the most entries Add says why it is off; a removal gives focus to the entry in its place.
    const add = page.getByRole('button', { name: 'Add a guest' });
    await add.click();
    await entry(3).waitFor();
    expect(await add.getAttribute('aria-disabled')).toBe('true');
    expect(await page.getByText('At most 3 entries: remove one to add another.').isVisible()).toBe(true);
    // Still focusable (aria-disabled), it does nothing.
    await add.focus();
    await page.keyboard.press('Enter');
    expect(await entry(4).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await entry(2).getByRole('button', { name: 'Remove: Guests 2' }).click();
    expect(await said()).toBe('Guests 2 removed. Entries: 2 of 3.');
    await expect.poll(focused).toBe('guests[1].name');
    expect(await entry(2).getByLabel('Guest name').inputValue()).toBe('');
    expect(await add.getAttribute('aria-disabled')).toBeNull();

    // Each entry is validated: the error at the entry's field, which takes focus.
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(focused).toBe('guests[1].name');
    expect(await page.locator('[id="fl-e-guests[1].name"]').textContent()).toBe(en.required);
    expect(await entry(2).getByLabel('Guest name').getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    await entry(2).getByLabel('Guest name').fill('Di');
    expect(await entry(2).getByLabel('Guest name').getAttribute('aria-invalid')).toBeNull();
    // Nothing overflows a phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Thank you Ann: 2 guests booked.').waitFor();
    const submitted = (await events()).find((e) => e.type === 'formloom:submit');
    const responseId = (submitted!.detail as { responseId: string }).responseId;
    const row = (await stored(guests.id)).find((r) => r.id === responseId);
    expect(row?.answers).toMatchObject({
      host: 'Ann',
      guests: [{ name: 'Cy' }, { name: 'Di' }],
    });
    expect((row!.answers.guests as Record<string, unknown>[])[0]).not.toHaveProperty('meal');
    expect(
      (await events())
        .filter((e) => e.type === 'formloom:change')
        .map((e) => (e.detail as { fieldId: string }).fieldId),
    ).toContain('guests[1].name');
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('a quiz: Check answer marks a question and locks it, the feedback is said and focused, the ending shows the marks', async () => {
    await open({ code: capitals.code }, { width: 360, height: 800 });
    // Italy's question shows for Paris alone: its button hides with it.
    const checks = page.getByRole('button', { name: 'Check answer' });
    await expect.poll(() => checks.count()).toBe(2);
    expect(await checks.first().isDisabled()).toBe(true);
    await page.getByLabel('Lyon').check();
    const mark = page.locator('#fl-w-france .fl-quiz-mark');
    // Offline: the check fails, says so where the mark would be, and may be tried again.
    await page.route('**/feedback', (route) => route.abort());
    await checks.first().click();
    await expect
      .poll(() => mark.textContent())
      .toBe('Your answers could not be sent. Check your connection and try again.');
    expect(await page.getByLabel('Paris').isDisabled()).toBe(false);
    await page.unroute('**/feedback');
    await checks.first().click();
    await expect.poll(() => mark.textContent()).toBe('Not right: Lyon is the third city.');
    expect(await mark.getAttribute('role')).toBe('status');
    await expect
      .poll(() =>
        page.evaluate(() => document.querySelector('formloom-form')?.shadowRoot?.activeElement?.className),
      )
      .toBe('fl-quiz-mark');
    expect(await page.getByLabel('Paris').isDisabled()).toBe(true);
    expect(await page.getByLabel('Lyon').isChecked()).toBe(true);
    expect(await page.locator('#fl-w-france button').isHidden()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // By keyboard: both right primes, then Check answer.
    await page.getByLabel('2', { exact: true }).focus();
    await page.keyboard.press('Space');
    await page.getByLabel('3', { exact: true }).focus();
    await page.keyboard.press('Space');
    await page.locator('#fl-w-primes button').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#fl-w-primes .fl-quiz-mark').textContent()).toBe('Right');
    await page.getByLabel('Your name').fill('Ada');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect
      .poll(() => page.locator('.fl-quiz-score').textContent())
      .toBe('1 of 2 right, 50%. Not passed');
    expect(await page.locator('.fl-quiz-questions').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    const row = (await stored(capitals.id))[0] as unknown as {
      quiz: unknown;
      answers: Record<string, unknown>;
    };
    expect(row.quiz).toEqual({ correct: 1, total: 2, score: 50, passed: false });
    expect(row.answers.france).toBe('lyon');
    // The aborted checks (tried three times) are the only console errors.
    const others = problems.filter((p) => !p.includes('net::ERR_FAILED'));
    expect(others, others.join('\n')).toEqual([]);
  });

  it('a quiz with feedback at the end: no buttons, and the ending lists each question with the answer and its feedback', async () => {
    await open({ code: capitalsAtEnd.code, lang: 'de' });
    await page.getByLabel('Paris').check();
    await page.getByLabel('2', { exact: true }).check();
    await page.getByLabel('4', { exact: true }).check();
    await page.getByLabel('Capital of Italy?').selectOption('rome');
    expect(await page.getByRole('button', { name: 'Antwort prüfen' }).count()).toBe(0);
    await page.getByLabel('Your name').fill('Ada <b>');
    await page.getByRole('button', { name: 'Absenden' }).click();
    await expect
      .poll(() => page.locator('.fl-quiz-score').textContent())
      .toBe('2 von 3 richtig, 67 %. Bestanden');
    const lines = await page
      .locator('.fl-quiz-questions > li')
      .evaluateAll((els) =>
        els.map((li) => [...li.querySelectorAll('p')].map((p) => p.textContent).join(' | ')),
      );
    expect(lines).toEqual([
      'Hauptstadt von Frankreich? | Ihre Antwort: Paris | Richtig: Ja, Paris.',
      'Which are prime? | Ihre Antwort: 2, 4 | Nicht richtig: 4 is 2 times 2.',
      'Capital of Italy? | Ihre Antwort: Rome | Richtig',
    ]);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('a paged form by keyboard alone, with a prefill attribute; its resume link restores it, and it completes', async () => {
    await open(
      { code: quiz.code, prefill: JSON.stringify({ utm_source: 'ads' }) },
      { width: 360, height: 740 },
    );
    expect(await page.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('Page 1 of 3');
    await page.getByLabel('Your name').focus();
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('name');
    await page.keyboard.type('Bo');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Bo, question one' }).waitFor();
    await expect.poll(focused).toBe('q1');
    expect((await events()).filter((e) => e.type === 'formloom:page').at(-1)?.detail).toEqual({
      page: 'q1page',
      index: 1,
      count: 3,
    });
    // The partial is saved: the link to continue shows, and the address bar resumes it.
    const link = page.getByLabel('Your answers are saved. To continue later, open this link:');
    await expect.poll(() => link.inputValue()).toMatch(/[?&]resume=\S+$/);
    expect(page.url()).toBe(await link.inputValue());
    const resumeUrl = await link.inputValue();
    // Its rules come with its chunk, adopted by the shadow root.
    expect(await page.locator('#fl-resume').evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe(
      'solid',
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await axeViolations(page)).toEqual([]);

    await open(Object.fromEntries(new URL(resumeUrl).searchParams));
    await page.getByRole('heading', { name: 'Bo, question one' }).waitFor();
    await page.getByLabel('Paris').check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('4', { exact: true }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Well done Bo! You scored 2.').waitFor();
    const responseId = (
      (await events()).find((e) => e.type === 'formloom:submit')!.detail as { responseId: string }
    ).responseId;
    const row = (await stored(quiz.id)).find((r) => r.id === responseId);
    // The hidden field's value, from the prefill attribute, was saved with the partial and stored.
    expect(row?.answers).toEqual({ name: 'Bo', utm_source: 'ads', q1: 'paris', q2: 'four' });
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it("shows the ending the server answered: its title as the heading above its message, else the form's thanks", async () => {
    // A jump to the Goodbye ending: its title and message, no thanks heading.
    await open({ code: signup.code });
    await page.getByLabel('None').check();
    await page.getByRole('button', { name: 'Submit' }).click();
    const done = () => page.locator('#fl-done');
    await done().getByRole('heading', { level: 2, name: 'Goodbye' }).waitFor();
    expect(await done().locator('h2 + p').textContent()).toBe('Maybe next time.');
    expect(await done().getByRole('heading', { name: thanks }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // The default completion has no title: the thanks heading stays, above its message recalled.
    await open({ code: signup.code });
    await page.getByLabel('Free').check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Name').fill('Ada');
    await page.getByRole('button', { name: 'Submit' }).click();
    await done().getByText('Thanks Ada!').waitFor();
    expect(await done().getByRole('heading', { level: 2 }).textContent()).toBe(thanks);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it("wears the form's theme: its colours and scheme on the host, its CSS inside, its font in the document", async () => {
    const { id: _preset, ...ocean } = THEME_PRESETS.find((p) => p.id === 'ocean')!;
    const created = await t.request('/v1/themes', {
      method: 'POST',
      key,
      json: {
        ...ocean,
        name: 'Embed',
        font: 'lora',
        mode: 'dark',
        css: '.fl-label { text-transform: uppercase }',
      },
    });
    expect(created.status, created.text).toBe(201);
    const schema = surveySchema();
    const themed = await publishForm(t, key, {
      ...schema,
      settings: { ...schema.settings, themeId: created.body.data.id },
    });
    await open({ code: themed.code });
    const look = await page.evaluate(() => {
      const host = document.querySelector('formloom-form')!;
      const root = host.shadowRoot!;
      const label = root.querySelector('.fl-label')!;
      const button = root.querySelector('button[type=submit]')!;
      return {
        accent: getComputedStyle(host).getPropertyValue('--formloom-accent').trim(),
        scheme: getComputedStyle(host).colorScheme,
        button: getComputedStyle(button).backgroundColor,
        label: getComputedStyle(label).textTransform,
        // The custom CSS reaches nothing outside the element.
        hostHeading: getComputedStyle(document.querySelector('h1')!).textTransform,
        fonts: [...document.fonts].map((f) => f.family.replace(/"/g, '')),
      };
    });
    const hex = ocean.colors.accent.toLowerCase();
    const rgb = `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    expect(look).toMatchObject({
      accent: hex,
      scheme: 'dark',
      button: rgb,
      label: 'uppercase',
      hostHeading: 'none',
    });
    expect(look.fonts).toContain('Lora Variable');
    expect(await axeViolations(page)).toEqual([]);
  });

  it("in the lang attribute's language with a locked prefilled field; an unknown code says so", async () => {
    await open({ code: bilingual.code, lang: 'de', prefill: JSON.stringify({ e: 'ada@example.com' }) });
    await page.getByRole('heading', { name: 'Rückmeldung', exact: true }).waitFor();
    expect(await page.getByLabel('E-Mail').inputValue()).toBe('ada@example.com');
    expect(await page.getByLabel('E-Mail').getAttribute('readonly')).not.toBeNull();
    await page.getByRole('button', { name: 'Absenden' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('Bitte korrigieren Sie die markierten Felder.');
    await page.getByLabel('Kommentar').fill('Gut');
    await page.getByRole('button', { name: 'Absenden' }).click();
    await page.getByText('Vielen Dank!').waitFor();
    expect(problems).toEqual([]);

    const opened = await pages.open(`${origin}/?code=zzzzzzzzzzzzzzzz`);
    await opened.page.getByRole('alert').waitFor();
    expect(await opened.page.getByRole('alert').textContent()).toContain('Form not found');
    const failed = await opened.page.evaluate(
      () => (window as unknown as { formloomEvents: { type: string; detail: unknown }[] }).formloomEvents,
    );
    expect(failed).toContainEqual({ type: 'formloom:error', detail: { problem: 'not_found' } });
  });
  it('follows its attributes: a new code, lang, prefill or resume renders anew; removed and put back it starts again', async () => {
    const partial = await fetch(`${t.url}/v1/public/forms/${quiz.code}/partials`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ answers: { name: 'Cy' }, page: 'q1page' }),
    });
    const resume = ((await partial.json()) as { data: { resumeToken: string } }).data.resumeToken;
    await open({ code: survey.code });
    const set = (name: string, value: string) =>
      page.evaluate(([n, v]) => document.querySelector('formloom-form')!.setAttribute(n!, v!), [name, value]);
    const title = (name: string) => page.getByRole('heading', { level: 1, name, exact: true }).waitFor();

    await set('code', bilingual.code);
    await title('Feedback');
    expect(await page.getByLabel('Your name').count()).toBe(0);
    await set('lang', 'de');
    await title('Rückmeldung');
    await set('prefill', JSON.stringify({ e: 'ada@example.com' }));
    await expect.poll(() => page.getByLabel('E-Mail').inputValue()).toBe('ada@example.com');
    expect(await page.getByLabel('E-Mail').getAttribute('readonly')).not.toBeNull();
    // Two changes at once: the first load is overtaken by the second, which shows.
    await page.evaluate(
      ([code, token]) => {
        const el = document.querySelector('formloom-form')!;
        el.removeAttribute('lang');
        el.setAttribute('code', code!);
        el.setAttribute('resume', token!);
      },
      [quiz.code, resume],
    );
    await page.getByRole('heading', { name: 'Cy, question one' }).waitFor();
    expect(await page.locator('formloom-form').getAttribute('resume')).toBe(resume);

    // Removed, it stops and empties; put back, it loads again.
    const readies = async () => (await events()).filter((e) => e.type === 'formloom:ready').length;
    const before = await readies();
    await page.evaluate(() => {
      const el = document.querySelector('formloom-form')!;
      el.remove();
      (window as unknown as { detached: number }).detached = el.shadowRoot!.childElementCount;
      document.querySelector('main')!.append(el);
    });
    expect(await page.evaluate(() => (window as unknown as { detached: number }).detached)).toBe(0);
    await page.getByRole('heading', { name: 'Cy, question one' }).waitFor();
    await expect.poll(readies).toBe(before + 1);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('adds no listener for good when it renders anew, twenty times over', async () => {
    await open({ code: bilingual.code });
    // Every listener added and removed in the page, counted from its first script on.
    await page.addInitScript(() => {
      const counts = { live: 0 };
      (window as unknown as { listeners: typeof counts }).listeners = counts;
      const { addEventListener, removeEventListener } = EventTarget.prototype;
      EventTarget.prototype.addEventListener = function (...args: Parameters<typeof addEventListener>) {
        counts.live++;
        return addEventListener.apply(this, args);
      };
      EventTarget.prototype.removeEventListener = function (...args: Parameters<typeof removeEventListener>) {
        counts.live--;
        return removeEventListener.apply(this, args);
      };
    });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Feedback', exact: true }).waitFor();
    const live = () =>
      page.evaluate(() => (window as unknown as { listeners: { live: number } }).listeners.live);
    const readies = async () => (await events()).filter((e) => e.type === 'formloom:ready').length;
    const first = await live();
    const ready = await readies();
    for (let i = 1; i <= 20; i++) {
      await page.evaluate(
        (lang) => document.querySelector('formloom-form')!.setAttribute('lang', lang),
        i % 2 ? 'de' : 'en',
      );
      await expect.poll(readies).toBe(ready + i);
    }
    await page.getByRole('heading', { level: 1, name: 'Feedback', exact: true }).waitFor();
    expect(await live()).toBe(first);
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
