import type { FormSchema } from '@formloom/contract';
import { axeViolations } from '@formloom/server/testing/axe';
import { chromiumOrSkip, type OpenedPage, usePages } from '@formloom/server/testing/browser';
import { describe, expect, it } from 'vitest';
import { DESKTOP, openBuilder, signIn, useDashboardServer } from './dashboard-support.js';

const executable = chromiumOrSkip();

/** A two-question form whose German title a person already typed. */
const schema: FormSchema = {
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: 'Signup', language: 'en', submitLabel: 'Send' },
  sections: [{ id: 'main', title: 'Main', order: 0 }],
  fields: [
    { id: 'name', sectionId: 'main', type: 'text', label: 'Name', order: 0 },
    { id: 'city', sectionId: 'main', type: 'text', label: 'City', order: 1 },
  ],
  translations: { de: { 'meta.title': 'Anmeldung von Hand' } },
};

/**
 * The JSON bodies of the page's POSTs to paths ending in `suffix`, read from its own fetch (the
 * SDK's body reaches Chromium as a stream, which the request event does not show).
 */
async function recordPosts(page: OpenedPage['page'], suffix: string): Promise<() => Promise<unknown[]>> {
  await page.addInitScript((end) => {
    const sent: unknown[] = [];
    (window as unknown as { __posts: unknown[] }).__posts = sent;
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const request = new Request(input, init);
      if (request.method === 'POST' && new URL(request.url).pathname.endsWith(end)) {
        sent.push(JSON.parse(await request.clone().text()));
      }
      return original(request);
    };
  }, suffix);
  return () => page.evaluate(() => (window as unknown as { __posts: unknown[] }).__posts);
}

/** What a person made is not lost to the AI, and a prompt is heard in its own language. */
describe.skipIf(executable === undefined)(
  'the dashboard’s AI and the texts a person made, in Chromium',
  () => {
    const pages = usePages(executable);
    const server = useDashboardServer('formloom-dashboard-ai-texts-');

    it('the builder’s AI translation fills only the empty boxes, and asks before translating all again', async () => {
      const opened = await pages.open('about:blank', DESKTOP);
      const { page, problems } = opened;
      const asked = await recordPosts(page, '/translate');
      const form = await openBuilder(opened, server(), schema);
      const stored = async () => (await server().api.forms.retrieve(form.id)).schema.translations?.de;

      await page.getByRole('tab', { name: 'Translations' }).click();
      const panel = page.getByRole('tabpanel', { name: 'Translations' });
      await panel.getByLabel('Language').selectOption('de');
      const box = (key: string) => page.getByRole('textbox', { name: `Translation of ${key}` });

      // Missing texts: the empty boxes are filled (the offline provider copies the base texts), the
      // person's title stays, and the boxes show what is stored.
      await panel.getByRole('button', { name: 'Translate missing texts with AI' }).click();
      await panel.getByText(/^Translated\./).waitFor({ timeout: 30_000 });
      expect(await stored()).toMatchObject({
        'meta.title': 'Anmeldung von Hand',
        'fields.name.label': 'Name',
      });
      await expect.poll(() => box('fields.city.label').inputValue()).toBe('City');
      expect(await box('meta.title').inputValue()).toBe('Anmeldung von Hand');
      await page.getByRole('status').getByText('Saved', { exact: true }).waitFor();

      // All again: asked first, naming how many texts it would replace; Cancel sends nothing more.
      await panel.getByRole('button', { name: 'Translate all again' }).click();
      const dialog = page.getByRole('dialog', { name: 'Replace the Deutsch texts?' });
      await dialog.waitFor();
      await dialog.getByText(/^\d+ texts already have a Deutsch translation/).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await asked()).toEqual([{ language: 'de', overwrite: false }]);

      // Confirmed: the job is asked to overwrite; the offline provider still writes no English over
      // the person's German.
      await panel.getByRole('button', { name: 'Translate all again' }).click();
      const accepted = page.waitForResponse(
        (r) => r.request().method() === 'POST' && r.url().endsWith(`/v1/forms/${form.id}/translate`),
      );
      await dialog.getByRole('button', { name: 'Replace them' }).click();
      const { jobId } = (await (await accepted).json()).data;
      expect(await asked()).toEqual([
        { language: 'de', overwrite: false },
        { language: 'de', overwrite: true },
      ]);
      await expect
        .poll(async () => (await server().api.ai.retrieveJob(jobId)).status, { timeout: 30_000 })
        .toBe('DONE');
      await panel.getByText(/^Translated\./).waitFor();
      expect((await stored())?.['meta.title']).toBe('Anmeldung von Hand');
      expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
    }, 180_000);

    it('“from a prompt” sends no interface language: a German prompt in the English dashboard makes a German form', async () => {
      const opened = await pages.open('about:blank', DESKTOP);
      const { page } = opened;
      const sent = await recordPosts(page, '/v1/ai/generate-form');
      await signIn(opened, server());
      await page.getByRole('button', { name: 'Create from a prompt' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create a form from a prompt' });
      await dialog
        .getByLabel('Describe the form')
        .fill('Eine Umfrage zur Zufriedenheit mit unserem Kundendienst und eine E-Mail');
      await dialog.getByRole('button', { name: 'Generate' }).click();
      await dialog.getByText(/was created as a draft/).waitFor({ timeout: 30_000 });
      expect(await sent()).toEqual([
        { prompt: 'Eine Umfrage zur Zufriedenheit mit unserem Kundendienst und eine E-Mail' },
      ]);
      const href = await dialog.getByRole('link', { name: 'Open the form' }).getAttribute('href');
      const made = await server().api.forms.retrieve(href!.split('/').pop()!);
      expect(made.schema.meta.language).toBe('de');
      expect(made.schema.fields.map((f) => f.label)).toContain('E-Mail-Adresse');
    }, 120_000);
  },
);
