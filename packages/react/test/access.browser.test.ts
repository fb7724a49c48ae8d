import type { FormSchema } from '@formloom/contract';
import { THEME_PRESETS } from '@formloom/contract';
import { publishForm, useTestServer } from '@formloom/server/testing';
import { axeViolations } from '@formloom/server/testing/axe';
import { findChromium } from '@formloom/server/testing/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SplitApp, startSplitApp, storedAnswers } from './support/app.js';
import type { ReactVersion } from './support/bundle.js';
import { PIXEL } from './support/host.js';

const executable = findChromium();
if (executable === undefined && process.env.CI)
  throw new Error('chromium is not installed (apt-get install chromium)');

/** One required question: enough to see the form open and a response stored. */
function meetupSchema(title: string): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title, language: 'en' },
    settings: { layout: 'single-column' },
    sections: [{ id: 's', title: '', order: 0 }],
    fields: [{ id: 'name', sectionId: 's', type: 'text', label: 'Your name', order: 0, required: true }],
  };
}

describe.skipIf(executable === undefined).each([18, 19] as ReactVersion[])(
  'a protected form and a theme logo in @formloom/react %i, Chromium against a real server',
  (version) => {
    const t = useTestServer('sqlite');
    let app: SplitApp | undefined;
    let key = '';

    beforeAll(async () => {
      app = await startSplitApp(version, t, executable!);
      ({ key } = await t.account());
    });
    afterAll(async () => {
      await app?.close();
    });

    async function protectedForm(title: string, access: Record<string, unknown>) {
      const form = await publishForm(t, key, meetupSchema(title));
      const put = await t.request(`/v1/forms/${form.id}/access`, { method: 'PUT', key, json: access });
      expect(put.status, put.text).toBe(200);
      return form;
    }

    it('asks under the form title, says a wrong password, opens by keyboard alone and stores the answer', async () => {
      const form = await protectedForm('Board meeting', { password: 'open sesame' });
      const { page, problems, chunks } = await app!.open(form.code);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Board meeting');
      expect(chunks).toContain('access');
      const password = page.getByLabel('Password');
      expect(await page.getByLabel('Your name').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);

      await password.fill('wrong guess');
      await password.press('Enter');
      await expect
        .poll(() => page.getByRole('alert').textContent())
        .toBe('That password is not right. Try again.');
      expect(await password.getAttribute('aria-invalid')).toBe('true');
      expect(await axeViolations(page)).toEqual([]);

      // Keyboard only: the input keeps the focus, its text selected; type over it and press Enter.
      await page.keyboard.type('open sesame');
      await page.keyboard.press('Enter');
      await page.getByLabel('Your name').waitFor();
      await page.getByLabel('Your name').focus();
      await page.keyboard.type('Ada');
      await page.keyboard.press('Enter');
      await page.locator('#stored').getByText('stored').waitFor();
      expect(await storedAnswers(t, key, form.id, page)).toEqual({ name: 'Ada' });
      expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
    });

    it('asks in the lang given, and a token the host passes opens the form at once', async () => {
      const form = await protectedForm('Vorstand', { password: 'open sesame' });
      const german = await app!.open(`${form.code}&lang=de`);
      expect(await german.page.getByRole('button').textContent()).toBe('Formular öffnen');
      expect(await german.page.getByLabel('Passwort').count()).toBe(1);

      const unlocked = await t.request(`/v1/public/forms/${form.code}/unlock`, {
        method: 'POST',
        json: { password: 'open sesame' },
      });
      expect(unlocked.status, unlocked.text).toBe(200);
      const { page, problems } = await app!.open(`${form.code}&accessToken=${unlocked.body.data.token}`);
      await page.getByLabel('Your name').fill('Grace');
      expect(await page.getByLabel('Password').count()).toBe(0);
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.locator('#stored').getByText('stored').waitFor();
      expect(await storedAnswers(t, key, form.id, page)).toEqual({ name: 'Grace' });
      expect(problems).toEqual([]);
    });

    it("shows the theme's logo above the title, decorative and at most 4rem high", async () => {
      const body = new FormData();
      body.append('file', new Blob([PIXEL], { type: 'image/png' }), 'logo.png');
      const uploaded = await fetch(`${t.url}/v1/uploads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}` },
        body,
      });
      expect(uploaded.status).toBe(201);
      const logo = ((await uploaded.json()) as { data: { id: string } }).data.id;
      const { id: _preset, ...ocean } = THEME_PRESETS.find((p) => p.id === 'ocean')!;
      const theme = await t.request('/v1/themes', {
        method: 'POST',
        key,
        json: { ...ocean, name: 'Logo', logo },
      });
      expect(theme.status, theme.text).toBe(201);
      const schema = meetupSchema('Branded');
      const form = await publishForm(t, key, {
        ...schema,
        settings: { ...schema.settings, themeId: theme.body.data.id },
      });
      const { page } = await app!.open(form.code);
      const img = page.locator('form img.fl-logo');
      const shown = await img.evaluate((el: HTMLImageElement) => ({
        alt: el.getAttribute('alt'),
        maxHeight: getComputedStyle(el).maxHeight,
        next: el.nextElementSibling?.tagName,
        src: el.src,
      }));
      expect(shown).toMatchObject({ alt: '', maxHeight: '64px', next: 'H1' });
      expect(shown.src).toContain(`/v1/public/images/${logo}`);
      expect(await axeViolations(page)).toEqual([]);
    });
  },
);
