import type { FormSchema } from '@formloom/contract';
import {
  createLogger,
  createMailer,
  parseMail,
  publishForm,
  type SmtpStandIn,
  startSmtpStandIn,
  useTestServer,
} from '@formloom/server/testing';
import { axeViolations } from '@formloom/server/testing/axe';
import { findChromium } from '@formloom/server/testing/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SplitApp, startSplitApp, storedAnswers } from './support/app.js';

const executable = findChromium();
if (executable === undefined && process.env.CI)
  throw new Error('chromium is not installed (apt-get install chromium)');

const HOUR = 3_600_000;

function schema(title: string): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title, language: 'en' },
    settings: { layout: 'single-column' },
    sections: [{ id: 's', title: '', order: 0 }],
    fields: [
      { id: 'name', sectionId: 's', type: 'text', label: 'Your name', order: 0, required: true },
      { id: 'team', sectionId: 's', type: 'text', label: 'Team', order: 1 },
    ],
  };
}

describe.skipIf(executable === undefined)(
  'personal links, proven addresses and edits in @formloom/react, Chromium against a real server',
  () => {
    let smtp: SmtpStandIn;
    beforeAll(async () => {
      smtp = await startSmtpStandIn();
    });
    const t = useTestServer('sqlite', {
      mailer: () =>
        createMailer({
          smtpUrl: smtp.url,
          from: 'forms@formloom.test',
          logger: createLogger({ level: 'silent' }),
        }),
      webhookWorker: {},
      sendMails: true,
    });
    let app: SplitApp | undefined;
    let key = '';

    beforeAll(async () => {
      app = await startSplitApp(19, t, executable!);
      ({ key } = await t.account());
    });
    afterAll(async () => {
      await app?.close();
      await smtp?.close();
    });

    async function ruledForm(title: string, access: Record<string, unknown>) {
      const form = await publishForm(t, key, schema(title));
      const put = await t.request(`/v1/forms/${form.id}/access`, { method: 'PUT', key, json: access });
      expect(put.status, put.text).toBe(200);
      return form;
    }

    /** The code of the newest of `count` mails to `address`, from its decoded text part. */
    async function mailedCode(address: string, count: number): Promise<string> {
      await expect.poll(() => smtp.mails.filter((m) => m.to.includes(address)).length).toBe(count);
      const mails = smtp.mails.filter((m) => m.to.includes(address));
      return /\b(\d{6})\b/.exec(parseMail(mails.at(-1)!.raw).text)![1]!;
    }

    it('a link answers once: stored through it, a second use says the link was used', async () => {
      const form = await ruledForm('Invited', { oneResponse: 'link' });
      const created = await t.request(`/v1/forms/${form.id}/links`, {
        method: 'POST',
        key,
        json: { recipients: [{ email: 'ann@example.com' }] },
      });
      const token = new URL(created.body.data.links[0].url).searchParams.get('t')!;
      const { page, chunks } = await app!.open(`${form.code}&t=${token}`);
      await page.getByLabel('Your name').fill('Ann');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByRole('heading', { name: 'Thank you' }).waitFor();
      expect(await storedAnswers(t, key, form.id, page)).toEqual({ name: 'Ann' });
      expect(chunks).toContain('respondent');
      const links = (await t.request(`/v1/forms/${form.id}/links`, { key })).body.data.links;
      expect(links[0].usedAt).not.toBeNull();

      const again = await app!.open(`${form.code}&t=${token}`);
      await again.page.getByLabel('Your name').fill('Ann again');
      await again.page.getByRole('button', { name: 'Submit' }).click();
      await again.page.getByRole('heading', { name: 'This link has been used' }).waitFor();
      expect(await axeViolations(again.page)).toEqual([]);
    }, 120_000);

    it('asks for the address and the mailed code, then takes one answer from it', async () => {
      const form = await ruledForm('Once each', { oneResponse: 'email' });
      const { page } = await app!.open(form.code, 360);
      const address = page.getByLabel('E-mail address');
      await address.waitFor();
      expect(await page.getByLabel('Your name').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await address.fill('eve@example.com');
      await address.press('Enter');
      const code = page.getByLabel('Code', { exact: true });
      await code.waitFor();
      await expect.poll(() => code.evaluate((el) => el === document.activeElement)).toBe(true);
      const right = await mailedCode('eve@example.com', 1);
      await code.fill(right === '000000' ? '111111' : '000000');
      await code.press('Enter');
      await expect
        .poll(() => page.getByRole('alert').textContent())
        .toBe('That code is not right, or it has expired.');
      expect(await axeViolations(page)).toEqual([]);
      await code.fill(right);
      await code.press('Enter');
      await page.getByLabel('Your name').fill('Eve');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByRole('heading', { name: 'Thank you' }).waitFor();
      expect(await storedAnswers(t, key, form.id, page)).toEqual({ name: 'Eve' });

      const again = await app!.open(form.code);
      await again.page.getByLabel('E-mail address').fill('eve@example.com');
      await again.page.getByRole('button', { name: 'Send me a code' }).click();
      await again.page.getByLabel('Code', { exact: true }).fill(await mailedCode('eve@example.com', 2));
      await again.page.getByRole('button', { name: 'Confirm' }).click();
      await again.page.getByRole('heading', { name: 'You have answered already' }).waitFor();
    }, 120_000);

    it('shows the edit link, edits the response through editToken, and after the window says so', async () => {
      const form = await ruledForm('Changeable', { allowEdit: { hours: 1 } });
      const { page } = await app!.open(form.code);
      await page.getByLabel('Your name').fill('Kim');
      await page.getByLabel('Team').fill('Blue');
      await page.getByRole('button', { name: 'Submit' }).click();
      const link = page.getByRole('link', { name: 'Change your answers' });
      await link.waitFor();
      const editToken = (await page.locator('#edit').textContent())!;
      expect(editToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(new URL((await link.getAttribute('href'))!).searchParams.get('edit')).toBe(editToken);

      const edit = await app!.open(`${form.code}&edit=${editToken}`);
      const team = edit.page.getByLabel('Team');
      // The form shows once the response is read (loading meanwhile), filled with its answers.
      await expect.poll(() => team.inputValue()).toBe('Blue');
      await edit.page.getByText('You are changing the answers you sent.').waitFor();
      await team.fill('Green');
      await edit.page.getByRole('button', { name: 'Submit' }).click();
      await edit.page.getByRole('heading', { name: 'Thank you' }).waitFor();
      const rows = (await t.request(`/v1/forms/${form.id}/responses`, { key })).body.data.responses;
      expect(rows.map((r: { answers: unknown }) => r.answers)).toEqual([{ name: 'Kim', team: 'Green' }]);

      // An hour later the window has passed: sending the edit is refused, said in the form's place.
      const late = await app!.open(`${form.code}&edit=${editToken}`);
      await expect.poll(() => late.page.getByLabel('Team').inputValue()).toBe('Green');
      await late.page.getByLabel('Team').fill('Red');
      t.clock.advance(HOUR + 1000);
      try {
        await late.page.getByRole('button', { name: 'Submit' }).click();
        await late.page.getByRole('heading', { name: 'This response can no longer be changed' }).waitFor();
      } finally {
        t.clock.reset();
      }
      expect(await axeViolations(late.page)).toEqual([]);
    }, 120_000);
  },
);
