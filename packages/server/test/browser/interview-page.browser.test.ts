import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SmartFormSessionDetail } from '@formloom/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { createMailer } from '../../src/mail/mailer.js';
import { publishedSmartForm, waitForAnalysis } from '../support/smart-form-kit.js';
import { type SmtpStandIn, startSmtpStandIn } from '../support/smtp-stand-in.js';
import { describeEachDialect } from '../support/test-server.js';
import { chromiumOrSkip, launchChromium } from './chromium.js';

const ARTIFACTS = fileURLToPath(new URL('../../../../test-artifacts/', import.meta.url));
const executable = chromiumOrSkip();

/** Answers with words of six letters or more, which the offline interviewer follows up on. */
const ANSWERS = [
  'The subscription price doubled after the discount ended.',
  'Support answered slowly, sometimes after several days.',
  'I would have stayed for a cheaper yearly plan.',
  'Better onboarding for the reporting features.',
  'No, nothing else.',
];

describe.skipIf(executable === undefined)('public interview page in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let smtp: SmtpStandIn;
  /** Console errors, page errors and CSP violations: the page must cause none. */
  let problems: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    browser = await launchChromium(executable!);
    mkdirSync(ARTIFACTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await smtp?.close();
  });
  afterEach(async () => {
    await context?.close();
  });

  async function open(
    url: string,
    options: { viewport?: { width: number; height: number }; locale?: string } = {},
  ) {
    context = await browser.newContext({
      viewport: options.viewport ?? { width: 900, height: 900 },
      locale: options.locale ?? 'en-US',
    });
    page = await context.newPage();
    problems = [];
    page.on('console', (m) => (m.type() === 'error' ? problems.push(m.text()) : undefined));
    page.on('pageerror', (e) => problems.push(e.message));
    return (await page.goto(url))!;
  }

  const visible = (selector: string) => page.locator(selector).isVisible();
  const text = async (selector: string) => (await page.locator(selector).textContent()) ?? '';
  const focused = () => page.evaluate(() => document.activeElement?.id ?? '');
  const stored = (code: string) =>
    page.evaluate((key) => sessionStorage.getItem(key), `formloom:interview:${code}`);

  /** Waits until the page shows question `n`, or the finish card when `n` is 'done'. */
  async function waitFor(n: number | 'done', progress = (i: number) => `Question ${i} of at most 5`) {
    if (n === 'done') await expect.poll(() => visible('#fl-done'), { timeout: 15_000 }).toBe(true);
    else await expect.poll(() => text('#fl-progress'), { timeout: 15_000 }).toBe(progress(n));
  }

  /** Types an answer into the question's box (found by its label: the question) and sends it. */
  async function answer(words: string) {
    const question = await text('#fl-question');
    await page.getByRole('textbox', { name: question }).fill(words);
    await page.getByRole('button', { name: 'Send answer' }).click();
  }

  describeEachDialect(
    'against a real server',
    (t) => {
      let key = '';

      beforeAll(async () => {
        key = (await t.account()).key;
      });

      /** Publishes a smart form, opens its page and starts the interview with the button. */
      async function begin(viewport?: { width: number; height: number }) {
        const form = await publishedSmartForm(t, key, { maxQuestions: 5 });
        await open(`${t.url}/s/${form.code}`, viewport === undefined ? {} : { viewport });
        await page.getByRole('button', { name: 'Start the interview' }).click();
        await waitFor(1);
        return form;
      }

      async function onlySession(smartFormId: string): Promise<SmartFormSessionDetail> {
        const list = await t.request(`/v1/smart-forms/${smartFormId}/sessions`, { key });
        expect(list.status, list.text).toBe(200);
        expect(list.body.data.sessions).toHaveLength(1);
        return waitForAnalysis(t, key, smartFormId, list.body.data.sessions[0].id);
      }

      it('runs a whole interview: welcome, one question at a time with progress, the finish card', async () => {
        const form = await publishedSmartForm(t, key, {
          title: 'Why did you cancel?',
          description: 'A short interview about your subscription.\nIt takes about five minutes.',
          maxQuestions: 5,
        });
        await open(`${t.url}/s/${form.code}`);
        expect(await page.title()).toBe('Why did you cancel?');
        expect(await text('h1')).toBe('Why did you cancel?');
        expect(await text('#fl-welcome .fl-note')).toBe(
          'Up to 5 questions, one at a time. Answer in your own words.',
        );
        await page.screenshot({ path: `${ARTIFACTS}interview-welcome.png` });
        await page.getByRole('button', { name: 'Start the interview' }).click();

        await waitFor(1);
        expect(await text('#fl-question')).toBe(
          'We would like to understand why customers cancel their subscription and what would have made them stay. To start, in your own words: what were your main reasons?',
        );
        // Focus is in the answer box, whose name is the question; the counter describes it.
        expect(await focused()).toBe('fl-answer');
        expect(await text('#fl-counter')).toBe('0 of 5,000 characters');
        expect(await visible('#fl-welcome')).toBe(false);
        expect(await visible('#fl-finish-now')).toBe(false);
        expect(JSON.parse((await stored(form.code))!)).toMatchObject({ sessionId: expect.any(String) });

        // An empty answer is not sent.
        await page.getByRole('button', { name: 'Send answer' }).click();
        expect(await text('#fl-error')).toBe('Write an answer first.');
        expect(await focused()).toBe('fl-answer');

        await page.locator('#fl-answer').fill(ANSWERS[0]!);
        expect(await text('#fl-counter')).toBe(`${ANSWERS[0]!.length} of 5,000 characters`);
        await page.screenshot({ path: `${ARTIFACTS}interview-question.png` });
        await page.getByRole('button', { name: 'Send answer' }).click();
        await waitFor(2);
        expect(await visible('#fl-error')).toBe(false);
        expect(await text('#fl-question')).toBe(
          'You mentioned "discount". Could you tell me more about that?',
        );
        expect(await page.locator('#fl-answer').inputValue()).toBe('');
        expect(await page.locator('#fl-progress-bar').getAttribute('value')).toBe('1');
        expect(await visible('#fl-finish-now')).toBe(true);
        for (let i = 1; i < 5; i++) {
          await answer(ANSWERS[i]!);
          await waitFor(i < 4 ? i + 2 : 'done');
        }
        expect(await text('#fl-done h2')).toBe('Thank you!');
        expect(await text('#fl-closing')).toBe('Thank you for your answers!');
        expect(await focused()).toBe('fl-done');
        expect(await visible('#fl-interview')).toBe(false);
        expect(await stored(form.code)).toBeNull();
        await page.screenshot({ path: `${ARTIFACTS}interview-done.png` });

        const session = await onlySession(form.id);
        expect(session.status).toBe('completed');
        expect(session.transcript.map((e) => e.answer)).toEqual(ANSWERS);
        expect(session.analysis).toMatchObject({ ai: { provider: 'offline', offline: true } });
        expect(problems).toEqual([]);
      });

      it('survives a reload mid-interview: same session, same question, the draft kept', async () => {
        const form = await begin();
        await answer(ANSWERS[0]!);
        await waitFor(2);
        await answer(ANSWERS[1]!);
        await waitFor(3);
        const third = await text('#fl-question');
        await page.locator('#fl-answer').fill('Half an ans');
        const before = await stored(form.code);

        await page.reload();
        await waitFor(3);
        expect(await text('#fl-question')).toBe(third);
        expect(await page.locator('#fl-answer').inputValue()).toBe('Half an ans');
        expect(await focused()).toBe('fl-answer');
        expect(JSON.parse((await stored(form.code))!).sessionId).toBe(JSON.parse(before!).sessionId);
        await page.locator('#fl-answer').fill(ANSWERS[2]!);
        await page.getByRole('button', { name: 'Send answer' }).click();
        await waitFor(4);
        // The respondent may end before the last question.
        await page.getByRole('button', { name: 'Finish now' }).click();
        await waitFor('done');

        const session = await onlySession(form.id);
        expect(session.status).toBe('completed');
        expect(session.transcript.map((e) => e.answer)).toEqual([...ANSWERS.slice(0, 3), null]);
        expect(problems).toEqual([]);
      });

      it('a reload after the session was finished shows the finish card; an abandoned one starts over', async () => {
        const form = await begin();
        await answer(ANSWERS[0]!);
        await waitFor(2);
        const { sessionId, token } = JSON.parse((await stored(form.code))!);
        const session = `/v1/public/smart-forms/${form.code}/sessions/${sessionId}`;
        // Finished elsewhere (or the finish reply was lost): the reload finds the session completed.
        const finished = await t.request(`${session}/finish`, {
          method: 'POST',
          headers: { 'x-session-token': token },
        });
        expect(finished.status, finished.text).toBe(200);
        await page.reload();
        await waitFor('done');
        expect(await text('#fl-closing')).toBe('Thank you for your answers!');
        expect(await stored(form.code)).toBeNull();

        // A hard unpublish abandons the session: the page says so and offers a new start.
        await page.reload();
        await page.getByRole('button', { name: 'Start the interview' }).click();
        await waitFor(1);
        const hard = await t.request(`/v1/smart-forms/${form.id}/unpublish`, {
          method: 'POST',
          key,
          json: { mode: 'hard' },
        });
        expect(hard.status, hard.text).toBe(200);
        // Published again (the share code stays), the page is back; the session is not.
        expect((await t.request(`/v1/smart-forms/${form.id}/publish`, { method: 'POST', key })).status).toBe(
          200,
        );
        await page.reload();
        await expect
          .poll(() => text('#fl-welcome-status'))
          .toBe('This interview has already ended. You can start a new one.');
        expect(await stored(form.code)).toBeNull();
      });

      it('resends an answer after a lost connection until it gets through; the server stores it once', async () => {
        const form = await begin();
        const sent: string[] = [];
        let failures = 0;
        await page.route('**/answers', async (route) => {
          sent.push(route.request().postData() ?? '');
          failures += 1;
          if (failures === 1) {
            // The server stores the answer, and the reply is lost on the way back.
            await route.fetch();
            await route.abort('connectionreset');
          } else if (failures === 2) {
            await route.abort('internetdisconnected');
          } else {
            await route.continue();
          }
        });
        const seen: string[] = [];
        await page.exposeFunction('seeStatus', (s: string) => seen.push(s));
        await page.evaluate(() => {
          const node = document.getElementById('fl-status')!;
          const see = (window as unknown as { seeStatus: (s: string) => void }).seeStatus;
          new MutationObserver(() => see(node.textContent ?? '')).observe(node, { childList: true });
        });
        await answer(ANSWERS[0]!);
        await waitFor(2);
        expect(sent).toHaveLength(3);
        expect(new Set(sent).size).toBe(1);
        expect(JSON.parse(sent[0]!)).toMatchObject({ answer: ANSWERS[0] });
        expect(seen).toContain('The connection was lost. Your answer will be sent as soon as it is back…');
        expect(await text('#fl-status')).toBe('');
        await page.unroute('**/answers');
        await answer(ANSWERS[1]!);
        await waitFor(3);
        await answer('No, nothing else.');
        await waitFor('done');

        const session = await onlySession(form.id);
        expect(session.answeredCount).toBe(3);
        expect(session.transcript.map((e) => e.answer)).toEqual([
          ANSWERS[0],
          ANSWERS[1],
          'No, nothing else.',
        ]);
        expect(session.transcript.map((e) => e.index)).toEqual([1, 2, 3]);
        expect(problems.filter((p) => !/net::ERR_(CONNECTION_RESET|INTERNET_DISCONNECTED)/.test(p))).toEqual(
          [],
        );
      });

      it('verifies the email of a private smart form with the code sent by mail', async () => {
        const form = await publishedSmartForm(t, key, { isPrivate: true, title: 'Staff survey' });
        await open(`${t.url}/s/${form.code}`);
        expect(await visible('#fl-code-form')).toBe(false);
        await page.getByLabel('Your email address').fill('not an email');
        await page.getByRole('button', { name: 'Send me a code' }).click();
        await expect.poll(() => text('#fl-welcome-status')).toBe('Enter a valid email address.');
        expect(await page.locator('#fl-email').getAttribute('aria-invalid')).toBe('true');
        expect(await focused()).toBe('fl-email');
        await page.screenshot({ path: `${ARTIFACTS}interview-email.png` });

        const mails = smtp.mails.length;
        await page.getByLabel('Your email address').fill('Ada@Example.org');
        await page.getByRole('button', { name: 'Send me a code' }).click();
        await expect.poll(() => visible('#fl-code-form')).toBe(true);
        expect(await visible('#fl-email-form')).toBe(false);
        expect(await text('#fl-code-sent')).toBe(
          'We sent a 6-digit code to Ada@Example.org. It is valid for 10 minutes.',
        );
        expect(await focused()).toBe('fl-otp');
        await expect.poll(() => smtp.mails.length).toBe(mails + 1);
        const mail = smtp.mails.at(-1)!;
        expect(mail.to).toEqual(['ada@example.org']);
        const code = /verification code is (\d{6})/.exec(mail.raw)![1]!;

        await page.getByLabel('Code from the email').fill(code === '000000' ? '111111' : '000000');
        await page.getByRole('button', { name: 'Verify and start' }).click();
        await expect
          .poll(() => text('#fl-welcome-status'))
          .toBe('This code is wrong or has expired. Check it, or ask for a new one.');
        expect(await page.locator('#fl-otp').getAttribute('aria-invalid')).toBe('true');
        await page.screenshot({ path: `${ARTIFACTS}interview-code.png` });
        await page.getByLabel('Code from the email').fill(code);
        await page.getByRole('button', { name: 'Verify and start' }).click();
        await waitFor(1);
        expect(await visible('#fl-welcome-status')).toBe(false);
        await answer(ANSWERS[0]!);
        await waitFor(2);
        await page.getByRole('button', { name: 'Finish now' }).click();
        await waitFor('done');

        const session = await onlySession(form.id);
        expect(session.respondentEmail).toBe('ada@example.org');
        expect(session.status).toBe('completed');
        expect(problems.filter((p) => !/status of 403/.test(p))).toEqual([]);
      });

      it('lets the respondent choose the language: the page and the interview follow it', async () => {
        const form = await publishedSmartForm(t, key, { languages: ['en', 'de', 'nl'], maxQuestions: 5 });
        await open(`${t.url}/s/${form.code}`, { locale: 'nl-NL' });
        // Preselected from the browser's language.
        expect(await page.locator('html').getAttribute('lang')).toBe('nl');
        expect(await page.getByLabel('Taal').inputValue()).toBe('nl');
        await page.getByLabel('Taal').selectOption('de');
        expect(await page.locator('html').getAttribute('lang')).toBe('de');
        expect(await text('label[for="fl-language"]')).toBe('Sprache');
        expect(await text('#fl-welcome .fl-note')).toBe(
          'Bis zu 5 Fragen, eine nach der anderen. Antworten Sie in Ihren eigenen Worten.',
        );
        await page.screenshot({ path: `${ARTIFACTS}interview-language.png` });
        await page.getByRole('button', { name: 'Interview starten' }).click();
        await waitFor(1, (i) => `Frage ${i} von höchstens 5`);
        expect(await text('#fl-question')).toMatch(/^Zum Einstieg, in Ihren eigenen Worten/);
        expect(await page.locator('#fl-question').getAttribute('lang')).toBe('de');
        expect(await text('#fl-counter')).toBe('0 von 5.000 Zeichen');
        await page.locator('#fl-answer').fill('Der Preis wurde verdoppelt.');
        await page.getByRole('button', { name: 'Antwort senden' }).click();
        await waitFor(2, (i) => `Frage ${i} von höchstens 5`);
        await page.getByRole('button', { name: 'Jetzt beenden' }).click();
        await waitFor('done');
        expect(await text('#fl-done h2')).toBe('Vielen Dank!');
        expect(await text('#fl-closing')).toBe('Vielen Dank für Ihre Antworten!');

        const session = await onlySession(form.id);
        expect(session.language).toBe('de');
        expect(problems).toEqual([]);
      });

      it('works with the keyboard alone', async () => {
        const form = await publishedSmartForm(t, key, { maxQuestions: 5 });
        await open(`${t.url}/s/${form.code}`);
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Start the interview');
        await page.keyboard.press('Enter');
        await waitFor(1);
        expect(await focused()).toBe('fl-answer');
        // Ctrl+Enter sends from the answer box; focus lands in the box of the next question.
        await page.keyboard.type(ANSWERS[0]!);
        await page.keyboard.press('Control+Enter');
        await waitFor(2);
        expect(await focused()).toBe('fl-answer');
        // Or Tab to the button and press Enter.
        await page.keyboard.type(ANSWERS[1]!);
        await page.keyboard.press('Tab');
        expect(await focused()).toBe('fl-send');
        await page.keyboard.press('Enter');
        await waitFor(3);
        expect(await focused()).toBe('fl-answer');
        await page.keyboard.type('No, nothing else.');
        await page.keyboard.press('Control+Enter');
        await waitFor('done');
        expect(await focused()).toBe('fl-done');

        const session = await onlySession(form.id);
        expect(session.transcript.map((e) => e.answer)).toEqual([
          ANSWERS[0],
          ANSWERS[1],
          'No, nothing else.',
        ]);
        expect(problems).toEqual([]);
      });

      it('fits a narrow phone screen, and an unknown code is a 404 page', async () => {
        await begin({ width: 360, height: 740 });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        expect(
          (await page.getByRole('button', { name: 'Send answer' }).boundingBox())!.width,
        ).toBeGreaterThan(300);
        await page.screenshot({ path: `${ARTIFACTS}interview-phone.png`, fullPage: true });
        expect(problems).toEqual([]);

        const res = await open(`${t.url}/s/AAAAAAAAAAAAAAAA`);
        expect(res.status()).toBe(404);
        expect(await text('h1')).toBe('Interview not found');
        await page.screenshot({ path: `${ARTIFACTS}interview-404.png` });
      });
    },
    {
      publicRateLimit: false,
      mailer: () => createMailer({ smtpUrl: smtp.url, logger: createLogger({ level: 'error' }) }),
    },
  );
});
