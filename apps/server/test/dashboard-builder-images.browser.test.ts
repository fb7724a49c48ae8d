import type { FormSchema } from '@formloom/contract';
import { axeViolations } from '@formloom/server/testing/axe';
import { chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { describe, expect, it } from 'vitest';
import { fitsWidth, openBuilder, PHONE, PNG, useDashboardServer } from './dashboard-support.js';

const executable = chromiumOrSkip();

const schema: FormSchema = {
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: 'Pictures', language: 'en' },
  sections: [{ id: 'main', title: 'Main', order: 0 }],
  fields: [{ id: 'name', sectionId: 'main', type: 'text', label: 'Name', order: 0 }],
};

describe.skipIf(executable === undefined)(
  'the builder in Chromium: uploaded images of a picture choice',
  () => {
    const pages = usePages(executable);
    const server = useDashboardServer('formloom-builder-images-');

    it('uploads an image by keyboard, names it upload:<id>, shows it in the thumbnail and the preview, and says why a file is refused', async () => {
      const opened = await pages.open('about:blank', PHONE);
      const form = await openBuilder(opened, server(), schema);
      const { page, problems } = opened;
      page.setDefaultTimeout(30_000);
      const properties = page.getByRole('region', { name: /^Properties/ });
      await page.getByLabel('Field type').first().selectOption('picture_choice');
      await page.getByRole('button', { name: 'Add a field' }).click();
      await properties.getByRole('combobox', { name: 'Label', exact: true }).fill('Pick a pet');
      await properties.getByLabel('Option 2 image URL (https)').fill('https://example.com/dog.png');

      // The button opens the file picker from the keyboard.
      const pick = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
        const chooser = page.waitForEvent('filechooser');
        await properties.getByRole('button', { name: 'Upload an image for option 1' }).focus();
        await page.keyboard.press('Enter');
        await (await chooser).setFiles(file);
      };
      await pick({ name: 'cat.png', mimeType: 'image/png', buffer: PNG });
      const url = properties.getByLabel('Option 1 image URL (https)');
      await expect.poll(() => url.inputValue()).toMatch(/^upload:[A-Za-z0-9_-]{24}$/);
      const id = (await url.inputValue()).slice('upload:'.length);

      const thumbnail = properties.getByRole('img', { name: 'Image of option 1' });
      expect(await thumbnail.getAttribute('src')).toBe(`/v1/public/images/${id}`);
      await expect.poll(() => thumbnail.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
      // The preview shows the same image (the public form's address), loaded under the dashboard's CSP.
      const previewed = page.locator(`img[src="/v1/public/images/${id}"]`);
      await expect.poll(() => previewed.count()).toBeGreaterThan(1);
      await page.getByRole('status').getByText('Saved', { exact: true }).waitFor();
      const stored = await server().api.forms.retrieve(form.id);
      expect(stored.schema.fields[1]?.options?.map((o) => o.imageUrl)).toEqual([
        `upload:${id}`,
        'https://example.com/dog.png',
      ]);

      // Refused: an SVG by the server, a file over 5 MB before it is sent; each says why.
      await pick({
        name: 'x.svg',
        mimeType: 'image/svg+xml',
        buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      });
      await expect
        .poll(() => properties.getByRole('alert').allTextContents())
        .toEqual(['This file is not a PNG, JPEG, GIF or WebP image.']);
      await pick({
        name: 'big.png',
        mimeType: 'image/png',
        buffer: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]),
      });
      await expect
        .poll(() => properties.getByRole('alert').allTextContents())
        .toEqual(['The image is larger than 5 MB: choose a smaller one.']);
      expect(await url.inputValue()).toBe(`upload:${id}`);

      expect(await fitsWidth(opened)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);

      // The published form shows the uploaded image on its public page, from a server without TLS
      // (this one runs on http://127.0.0.1): the page's img points at the server's image route.
      const code = (await server().api.forms.publish(form.id)).shareUrl!.split('/').at(-1)!;
      const visitor = await page.context().newPage();
      try {
        await visitor.goto(`${server().origin}/f/${code}`);
        const shown = visitor.locator(`img[src="${server().origin}/v1/public/images/${id}"]`);
        await expect.poll(() => shown.count()).toBe(1);
        await expect.poll(() => shown.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
      } finally {
        await visitor.close();
      }
      // Expected: the sign-in page's 401 before signing in, the refused upload's 415,
      // and example.com's image (unreachable here).
      expect(problems.filter((p) => !/ 401 | 415 |ERR_NAME_NOT_RESOLVED|example\.com/.test(p))).toEqual([]);
    }, 300_000);
  },
);
