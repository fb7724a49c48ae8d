import type { FormSchema } from '@formloom/sdk';
import { axeViolations } from '@formloom/server/testing/axe';
import { chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { describe, expect, it } from 'vitest';
import { builderSaved, fitsWidth, openBuilder, PHONE, useDashboardServer } from './dashboard-support.js';

const executable = chromiumOrSkip();

const schema: FormSchema = {
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: 'Live form', language: 'en' },
  sections: [{ id: 'main', title: 'Main', order: 0 }],
  fields: [{ id: 'code', sectionId: 'main', type: 'text', label: 'Code', order: 0 }],
};

describe.skipIf(executable === undefined)("a live form's draft and history in the builder", () => {
  const pages = usePages(executable);
  const server = useDashboardServer('formloom-builder-drafts-');

  it('edits stay a draft until published; the history restores an earlier revision', async () => {
    const opened = await pages.open('about:blank', PHONE);
    const { page, problems } = opened;
    const { api, origin } = server();
    const form = await openBuilder(opened, server(), schema);
    await api.forms.publish(form.id);
    await page.reload();
    const bar = page.getByTestId('draft-bar');
    await bar
      .getByText('This form is live: your changes are kept as a draft until you publish them.')
      .waitFor();

    // An edit is saved to the draft; the live form is as it was.
    await page.getByRole('button', { name: 'Edit Code' }).click();
    const properties = page.getByRole('region', { name: /^Properties/ });
    await properties.getByRole('combobox', { name: 'Label' }).fill('Voucher code');
    await builderSaved(opened);
    await bar.getByText('Your changes are not live yet.').waitFor();
    expect((await api.forms.retrieve(form.id)).schema.fields[0]!.label).toBe('Code');
    expect((await api.forms.draft.retrieve(form.id))?.schema.fields[0]?.label).toBe('Voucher code');
    expect(await fitsWidth(opened)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // Published: the live form has it, as revision 2; the builder starts over without a draft.
    await bar.getByRole('button', { name: 'Publish changes' }).click();
    await page
      .getByText('This form is live: your changes are kept as a draft until you publish them.')
      .waitFor();
    const live = await api.forms.retrieve(form.id);
    expect(live.schema.fields[0]!.label).toBe('Voucher code');
    expect(live.revision).toBe(2);

    // The history lists both; restoring the first makes it live again as revision 3.
    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByRole('list', { name: 'History' });
    await history.getByText('Revision 2').waitFor();
    expect(await history.getByRole('listitem').count()).toBe(2);
    expect(await axeViolations(page)).toEqual([]);
    await history.getByRole('button', { name: 'Restore revision 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restore revision 1?' });
    await dialog.getByRole('button', { name: 'Restore revision 1' }).click();
    await expect.poll(async () => (await api.forms.retrieve(form.id)).revision).toBe(3);
    expect((await api.forms.retrieve(form.id)).schema.fields[0]!.label).toBe('Code');
    const publicForm = await fetch(`${origin}/v1/public/forms/${live.shareUrl}`).then((r) => r.json());
    expect(publicForm.data.schema.fields[0].label).toBe('Code');
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
  }, 180_000);

  it('a publish refused because the live form moved on says so; the draft can be discarded', async () => {
    const opened = await pages.open('about:blank', PHONE);
    const { page } = opened;
    const { api } = server();
    const form = await openBuilder(opened, server(), { ...schema, meta: { ...schema.meta, title: 'Raced' } });
    await api.forms.publish(form.id);
    await page.reload();
    await page.getByRole('button', { name: 'Edit Code' }).click();
    await page
      .getByRole('region', { name: /^Properties/ })
      .getByRole('combobox', { name: 'Label' })
      .fill('Mine');
    await builderSaved(opened);
    // Someone else changes the live form meanwhile.
    await api.forms.update(form.id, { title: 'Raced elsewhere' });
    const bar = page.getByTestId('draft-bar');
    await bar.getByRole('button', { name: 'Publish changes' }).click();
    await bar
      .getByRole('alert')
      .getByText(/changed by someone else since your draft began/)
      .waitFor();
    expect((await api.forms.retrieve(form.id)).schema.fields[0]!.label).toBe('Code');
    await bar.getByRole('button', { name: 'Discard changes' }).click();
    await page
      .getByRole('dialog', { name: 'Discard your changes?' })
      .getByRole('button', { name: 'Discard changes' })
      .click();
    await page
      .getByText('This form is live: your changes are kept as a draft until you publish them.')
      .waitFor();
    expect(await api.forms.draft.retrieve(form.id)).toBeNull();
  }, 180_000);
});
