import { join } from 'node:path';
import { axeViolations } from '@formloom/server/testing/axe';
import { ARTIFACTS, chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { describe, expect, it } from 'vitest';
import { fitsWidth, PHONE, signIn, useDashboardServer } from './dashboard-support.js';

const executable = chromiumOrSkip();

describe.skipIf(executable === undefined)(
  'the forms list and the share page in Chromium, by keyboard and at 360 px',
  () => {
    const pages = usePages(executable);
    const server = useDashboardServer('formloom-dashboard-forms-');

    it('creates a form from a prompt (labelled as the offline provider’s), duplicates, archives, unarchives and deletes; accessible at 360 px', async () => {
      const opened = await pages.open('about:blank', PHONE);
      const { page } = opened;
      await signIn(opened, server());

      // From a prompt: the job's progress, then the result, labelled as the offline provider's.
      await page.getByRole('button', { name: 'Create from a prompt' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create a form from a prompt' });
      await dialog
        .getByLabel('Describe the form')
        .fill(
          'Workshop signup: name, email, years of experience as a number, workshop (React, Node, Postgres)',
        );
      expect(await axeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Generate' }).click();
      await dialog.getByText('Made by the offline provider').waitFor({ timeout: 30_000 });
      await dialog.getByText(/was created as a draft/).waitFor();
      const open = dialog.getByRole('link', { name: 'Open the form' });
      const href = await open.getAttribute('href');
      expect(href).toMatch(/^\/app\/forms\/[0-9a-f-]{36}$/);
      const formId = href!.split('/').pop()!;
      const generated = await server().api.forms.retrieve(formId);
      expect(generated.schema.fields.map((f) => f.type)).toContain('number');
      expect(await axeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Close' }).last().click();

      const table = page.getByRole('table', { name: 'Forms' });
      const title = generated.title;
      /** The actions button in the row of the form titled `name`. */
      const actionsOf = (name: string) =>
        table
          .getByRole('row')
          .filter({ has: page.getByRole('link', { name, exact: true }) })
          .getByRole('button', { name: 'Actions' });
      /**
       * Opens the row's Actions menu and picks `item`, then waits until the menu has left the DOM:
       * a menu fading out still holds its items, and the next row's menu would then show two.
       */
      const chooseAction = async (name: string, item: string) => {
        await actionsOf(name).click();
        await page.getByRole('menu').getByRole('menuitem', { name: item }).click();
        await page.waitForFunction(() => document.querySelectorAll('[role="menu"]').length === 0);
      };
      // The title links to the builder.
      await expect
        .poll(() => table.getByRole('link', { name: title, exact: true }).getAttribute('href'))
        .toBe(`/app/forms/${formId}`);
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(opened)).toBe(true);

      // Duplicate.
      await chooseAction(title, 'Duplicate');
      await page.getByText(`“Copy of ${title}” was created.`).waitFor();
      await table.getByRole('link', { name: `Copy of ${title}` }).waitFor();
      const copies = await server().api.forms.list({ search: `Copy of ${title}` });
      expect(copies.items).toHaveLength(1);
      const copy = await server().api.forms.retrieve(copies.items[0]!.id);
      expect(copy.schema.fields.map((f) => f.id)).toEqual(generated.schema.fields.map((f) => f.id));

      // Archive a published form, then unarchive it (published again, same link).
      const published = await server().api.forms.publish(formId);
      await page.reload();
      await chooseAction(title, 'Archive');
      await page.getByText(`“${title}” is archived: it takes no more responses.`).waitFor();
      expect((await server().api.forms.retrieve(formId)).publishStatus).toBe('ARCHIVED');
      await table
        .getByRole('row', { name: new RegExp(`^${title}`) })
        .getByText('Archived')
        .waitFor();
      await chooseAction(title, 'Unarchive');
      await page.getByText(`“${title}” takes responses again.`).waitFor();
      const back = await server().api.forms.retrieve(formId);
      expect(back.publishStatus).toBe('PUBLISHED');
      expect(back.shareUrl).toBe(published.shareUrl);

      // Delete, after a confirmation that can be cancelled, by keyboard.
      await chooseAction(`Copy of ${title}`, 'Delete');
      const confirm = page.getByRole('dialog', { name: `Delete “Copy of ${title}”?` });
      await confirm.waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'hidden' });
      await table.getByRole('link', { name: `Copy of ${title}` }).waitFor();
      await chooseAction(`Copy of ${title}`, 'Delete');
      await confirm.getByRole('button', { name: 'Delete the form' }).click();
      await page.getByText(`“Copy of ${title}” was deleted.`).waitFor();
      await table.getByRole('link', { name: `Copy of ${title}` }).waitFor({ state: 'detached' });
      expect((await server().api.forms.list({ search: `Copy of ${title}` })).items).toHaveLength(0);
      await page.screenshot({ path: join(ARTIFACTS, 'dashboard-forms-actions-360.png'), fullPage: true });
      // The sign-in page's check of who is signed in answers 401 before signing in.
      expect(opened.problems.filter((p) => !p.includes('401'))).toEqual([]);
    }, 120_000);

    it('publishes from the share page: the link, a QR code and the three snippets; unpublishes; accessible at 360 px', async () => {
      const { api, origin } = server();
      const form = await api.forms.create({ title: 'Share me' });
      const opened = await pages.open('about:blank', PHONE);
      const { page } = opened;
      await signIn(opened, server());
      await page.goto(`${origin}/app/forms/${form.id}/share`);
      await page.getByRole('heading', { name: 'Publish and share', level: 1 }).waitFor();
      await page.getByText('The form is not public.').waitFor();
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await page.getByText('The form is public').waitFor();
      const { shareUrl } = await api.forms.retrieve(form.id);
      const link = `${origin}/f/${shareUrl}`;
      await expect.poll(() => page.getByRole('textbox', { name: 'Public link' }).inputValue()).toBe(link);
      await page.getByRole('img', { name: 'QR code of the public link' }).waitFor();
      for (const name of ['Script tag', 'Custom element', 'React'])
        await page.getByRole('heading', { name, level: 3 }).waitFor();
      const code = await page.locator('pre').allTextContents();
      expect(code[0]).toBe(
        `<script src="${origin}/embed.js" data-formloom-code="${shareUrl}" async></script>`,
      );
      expect(code[1]).toContain(`<formloom-form code="${shareUrl}" api="${origin}"></formloom-form>`);
      expect(code[2]).toContain(`<FormloomForm api="${origin}" code="${shareUrl}" />`);
      expect(await page.getByRole('link', { name: 'Open the public page' }).getAttribute('href')).toBe(link);
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(opened)).toBe(true);
      await page.screenshot({ path: join(ARTIFACTS, 'dashboard-share-360.png'), fullPage: true });

      // The link opens the public page for someone else (no cookie).
      const other = await page.context().browser()!.newContext();
      try {
        const visitor = await other.newPage();
        await visitor.goto(link);
        await visitor.getByRole('heading', { name: 'Share me' }).waitFor();
      } finally {
        await other.close();
      }

      await page.getByRole('button', { name: 'Unpublish' }).click();
      await page.getByText('The form is not public.').waitFor();
      expect((await api.forms.retrieve(form.id)).publishStatus).toBe('DRAFT');
      // The sign-in page's check of who is signed in answers 401 before signing in.
      expect(opened.problems.filter((p) => !p.includes('401'))).toEqual([]);
    }, 90_000);

    it('sets the sites that may embed the form on the share page (settings.allowedOrigins); accessible at 360 px', async () => {
      const { api, origin } = server();
      const form = await api.forms.create({ title: 'Embed me' });
      const opened = await pages.open('about:blank', PHONE);
      const { page } = opened;
      await signIn(opened, server());
      await page.goto(`${origin}/app/forms/${form.id}/share`);
      await page.getByRole('heading', { name: 'Sites that may embed it', level: 2 }).waitFor();
      const field = page.getByRole('textbox', { name: 'Allowed origins' });
      // A line that is no origin is named, and nothing is saved.
      await field.fill('https://shop.example\nshop.example/path');
      await page.getByRole('button', { name: 'Save the origins' }).click();
      await page.getByText('Not an origin: shop.example/path.').waitFor();
      expect((await api.forms.retrieve(form.id)).settings.allowedOrigins).toBeUndefined();
      expect(await axeViolations(page)).toEqual([]);
      // Written as people do (a capital, a trailing slash): saved as a browser sends it.
      await field.fill('https://Shop.example/\nhttp://localhost:5173');
      await page.getByRole('button', { name: 'Save the origins' }).click();
      await page.getByRole('status').getByText('Saved.').waitFor();
      expect((await api.forms.retrieve(form.id)).settings.allowedOrigins).toEqual([
        'https://shop.example',
        'http://localhost:5173',
      ]);
      expect(await field.inputValue()).toBe('https://shop.example\nhttp://localhost:5173');
      // Emptied: any site may embed it again.
      await field.fill('');
      await page.getByRole('button', { name: 'Save the origins' }).click();
      await page.getByRole('status').getByText('Saved.').waitFor();
      expect((await api.forms.retrieve(form.id)).settings.allowedOrigins).toBeUndefined();
      expect(await fitsWidth(opened)).toBe(true);
      expect(opened.problems.filter((p) => !p.includes('401'))).toEqual([]);
    }, 90_000);
  },
);
