import type { FormSchema } from '@formloom/sdk';
import { axeViolations } from '@formloom/server/testing/axe';
import { ARTIFACTS, chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { describe, expect, it } from 'vitest';
import { fitsWidth, PHONE, signIn, useDashboardServer } from './dashboard-support.js';

const executable = chromiumOrSkip();

const schema: FormSchema = {
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: 'Workshop signup', language: 'en' },
  sections: [{ id: 'main', title: 'About you', order: 0 }],
  fields: [
    { id: 'name', sectionId: 'main', type: 'text', label: 'Name', order: 0, required: true },
    {
      id: 'workshop',
      sectionId: 'main',
      type: 'radio',
      label: 'Workshop',
      order: 1,
      options: [
        { label: 'React basics', value: 'react' },
        { label: 'Node streams', value: 'node' },
      ],
    },
  ],
};

describe.skipIf(executable === undefined)('an edited response in the dashboard, in Chromium', () => {
  const pages = usePages(executable);
  const server = useDashboardServer('formloom-dashboard-response-edits-');

  it('says the respondent edited it and shows the earlier answers, by keyboard, accessible at 360 px', async () => {
    const { api, origin } = server();
    const form = await api.forms.create({ title: 'Workshop signup', schema });
    const published = await api.forms.publish(form.id);
    const code = published.shareUrl!.split('/').pop()!;
    await api.forms.access.put(form.id, { allowEdit: { hours: 24 } });
    const sent = await api.public.submitResponse(code, { answers: { name: 'Ada', workshop: 'react' } });
    await api.public.updateResponse(code, sent.editToken!, { answers: { name: 'Ada', workshop: 'node' } });

    const opened = await pages.open('about:blank', PHONE);
    const { page } = opened;
    await signIn(opened, server());
    await page.goto(`${origin}/app/forms/${form.id}/responses/${sent.responseId}`);
    const history = page.getByRole('region', { name: 'Earlier answers' });
    await history.getByText(/^The respondent edited this response on /).waitFor();
    // The answers now, and the earlier ones behind their summary.
    await page.getByRole('cell', { name: 'Node streams' }).first().waitFor();
    const summary = history.locator('summary');
    expect(await summary.textContent()).toMatch(/^Given on .+, replaced on .+$/);
    expect(await history.getByRole('cell', { name: 'React basics' }).isVisible()).toBe(false);
    await summary.focus();
    await page.keyboard.press('Enter');
    await history.getByRole('cell', { name: 'React basics' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(opened)).toBe(true);
    await page.screenshot({ path: `${ARTIFACTS}dashboard-response-edited-360.png`, fullPage: true });
  });
});
