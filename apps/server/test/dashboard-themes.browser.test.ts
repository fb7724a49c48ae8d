import { join } from 'node:path';
import { contactSchema } from '@formloom/server/testing';
import { axeViolations } from '@formloom/server/testing/axe';
import { ARTIFACTS, chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { describe, expect, it } from 'vitest';
import { PHONE, signIn, useDashboardServer } from './dashboard-support.js';

const executable = chromiumOrSkip();

describe.skipIf(executable === undefined)('the themes page in Chromium, on formloom serve', () => {
  const pages = usePages(executable);
  const server = useDashboardServer('formloom-dash-themes-');

  it('makes a theme from a preset, edits it with a live preview and contrast warnings, refuses bad CSS, and a form wears it', async () => {
    const opened = await pages.open('about:blank', PHONE);
    const { page, problems } = opened;
    await signIn(opened, server());
    const { origin, api } = server();

    // The menu leads to the page, by keyboard.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Themes' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Themes', level: 1 }).waitFor();
    await page.getByText('No themes yet: start from a ready one.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // From a preset: the editor opens on the new theme.
    await page.getByLabel('Start from').selectOption('ocean');
    await page.getByRole('button', { name: 'Create theme' }).click();
    const editor = page.getByRole('region', { name: 'Edit Ocean' });
    await editor.waitFor();
    const preview = page.getByTestId('theme-preview');
    const button = preview.getByRole('button', { name: 'Submit' });
    expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(0, 109, 119)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(page)).toEqual([]);

    // A pale accent: the preview follows at once, and the contrast warning shows beside the input.
    await editor.getByLabel('Accent (buttons, links)').fill('#ffd400');
    await expect
      .poll(() => button.evaluate((el) => getComputedStyle(el).backgroundColor))
      .toBe('rgb(255, 212, 0)');
    await editor.getByText(/^Contrast 1\.\d+:1, below 4\.5:1/).waitFor();
    await editor.getByLabel('Accent (buttons, links)').fill('#006d77');
    await expect.poll(() => editor.getByText(/below 4\.5:1/).count()).toBe(0);

    // The radius by keyboard, the font and the mode.
    const slider = editor.getByRole('slider', { name: 'Corner radius' });
    await slider.focus();
    await page.keyboard.press('Home');
    await editor.getByText('Corner radius: 0 px').waitFor();
    await editor.getByLabel('Font').selectOption('lora');
    await editor.getByLabel('Dark', { exact: true }).check();

    // CSS that reaches outside the form: the server's refusal is said at the box; nothing saved.
    const css = editor.getByLabel('Custom CSS');
    await css.fill('body { background: red }');
    await editor.getByRole('button', { name: 'Save theme' }).click();
    await editor
      .getByText(/Custom CSS refused: The selector "body" styles the page outside the form/)
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await css.fill('.fl-label { letter-spacing: 1px }');
    await editor.getByRole('button', { name: 'Save theme' }).click();
    await editor.getByText('Theme saved.').waitFor();

    const [theme] = (await api.themes.list()).themes;
    expect(theme).toMatchObject({
      name: 'Ocean',
      font: 'lora',
      radius: 0,
      mode: 'dark',
      css: '.fl-label { letter-spacing: 1px }',
      colors: { accent: '#006d77' },
    });
    await page.screenshot({ path: join(ARTIFACTS, 'dashboard-themes-360.png'), fullPage: true });

    // The form's share page picks the theme and hides the branding; the public read says so.
    const form = await api.forms.create({ title: 'Branded', schema: contactSchema() });
    const published = await api.forms.publish(form.id);
    await page.goto(`${origin}/app/forms/${form.id}/share`);
    await page.getByLabel('Theme', { exact: true }).selectOption(theme!.id);
    await page.getByLabel('Show "Made with Formloom" on the form').uncheck();
    await page.getByRole('button', { name: 'Save look' }).click();
    await page.getByText('Saved.').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const read = await api.public.retrieveForm(published.shareUrl);
    expect(read.theme).toMatchObject({ mode: 'dark', branding: false, font: { family: 'Lora Variable' } });

    // Deleted after a confirmation.
    await page.goto(`${origin}/app/themes`);
    await page.getByRole('button', { name: 'Delete: Ocean' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete theme' }).click();
    await page.getByText('No themes yet: start from a ready one.').waitFor();
    expect((await api.themes.list()).themes).toEqual([]);
    // The one answer that was not 2xx after signing in: the refused CSS.
    expect(problems.filter((p) => !p.includes('401'))).toEqual([
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
  });

  it('is in German when the dashboard is', async () => {
    const opened = await pages.open('about:blank', PHONE);
    await signIn(opened, server());
    const { page } = opened;
    await page.getByLabel('Language').selectOption('de');
    await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Designs' }).click();
    await page.getByRole('heading', { name: 'Designs', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Design erstellen' }).click();
    await page.getByRole('region', { name: 'Classic bearbeiten' }).waitFor();
    await page.getByLabel('Seitenhintergrund').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'dashboard-themes-de-360.png'), fullPage: true });
  });
});
