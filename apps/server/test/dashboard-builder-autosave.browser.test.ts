import type { FormSchema } from '@formloom/sdk';
import { chromiumOrSkip, type OpenedPage, usePages } from '@formloom/server/testing/browser';
import { describe, expect, it } from 'vitest';
import { builderSaved, DESKTOP, openBuilder, useDashboardServer } from './dashboard-support.js';

const executable = chromiumOrSkip();
/** Longer than the builder's pause in editing before it saves (500 ms). */
const PAST_THE_PAUSE_MS = 1000;

const schema: FormSchema = {
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: 'Codes', language: 'en' },
  sections: [{ id: 'main', title: 'Main', order: 0 }],
  fields: [{ id: 'code', sectionId: 'main', type: 'text', label: 'Code', order: 0 }],
};

/** Holds back the requests `matches` picks until `release` is called; the others go on. */
async function holdRequests(
  page: OpenedPage['page'],
  matches: (url: URL, method: string) => boolean,
): Promise<{ release: () => void; held: () => number }> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  await page.route('**/*', async (route) => {
    const request = route.request();
    if (!matches(new URL(request.url()), request.method())) return route.fallback();
    held++;
    await gate;
    await route.continue();
  });
  return { release, held: () => held };
}

/** What the builder's save status (now saying `now`) says, each time it changes, for `ms`. */
function statusChanges(page: OpenedPage['page'], ms: number, now: RegExp = /^Saved$/): Promise<string[]> {
  return page
    .getByRole('status')
    .filter({ hasText: now })
    .evaluate(
      (status, wait) =>
        new Promise<string[]>((resolve) => {
          const said: string[] = [];
          const observer = new MutationObserver(() => said.push(status.textContent ?? ''));
          observer.observe(status, { subtree: true, childList: true, characterData: true });
          setTimeout(() => {
            observer.disconnect();
            resolve(said);
          }, wait);
        }),
      ms,
    );
}

describe.skipIf(executable === undefined)("the builder's autosave in Chromium", () => {
  const pages = usePages(executable);
  const server = useDashboardServer('formloom-builder-autosave-');

  /** Signed in, on the builder of a new form with one text field "Code", its properties open. */
  async function openCodeForm(title: string) {
    const opened = await pages.open('about:blank', DESKTOP);
    const form = await openBuilder(opened, server(), { ...schema, meta: { ...schema.meta, title } });
    await opened.page.getByRole('button', { name: 'Edit Code' }).click();
    const properties = opened.page.getByRole('region', { name: /^Properties/ });
    const stored = async () => (await server().api.forms.retrieve(form.id)).schema;
    return { ...opened, opened, form, properties, stored };
  }

  it('an edit that leaves the form as stored ends at "Saved" and stays there', async () => {
    const { page, problems, opened, properties, stored } = await openCodeForm('Undone by hand');
    await properties.getByRole('button', { name: 'Add a rule' }).click();
    await properties.getByRole('group', { name: 'Rule 1' }).waitFor();
    await properties.getByRole('button', { name: 'Remove rule 1' }).click();
    await builderSaved(opened);
    // Saved it stays: no save of the same again after each pause, no "Unsaved changes" between.
    expect(await statusChanges(page, 3 * PAST_THE_PAUSE_MS)).toEqual([]);
    expect((await stored()).fields[0]!.validation).toBeUndefined();
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]); // 401: the session check before sign-in
  }, 120_000);

  it('a form with a problem stays "Not saved" until it is fixed, with no save tried between', async () => {
    const { page, problems, opened, properties, form, stored } = await openCodeForm('With a problem');
    const saves = await holdRequests(
      page,
      (url, method) => method !== 'GET' && url.pathname.startsWith(`/v1/forms/${form.id}`),
    );
    await properties.getByRole('button', { name: 'Add a rule' }).click();
    await properties.getByLabel('Rule 1 type').selectOption('pattern');
    // A pattern that backtracks catastrophically: a problem the builder marks, never saved.
    await properties.getByRole('textbox', { name: 'Rule 1 value' }).fill('(a+)+$');
    const notSaved = /^Not saved: fix the problems marked below$/;
    await page.getByRole('status').getByText(notSaved).waitFor();
    // It stays: no "Unsaved changes" after each pause, the alert not drawn again, nothing sent.
    expect(await statusChanges(page, 3 * PAST_THE_PAUSE_MS, notSaved)).toEqual([]);
    expect(await page.getByRole('alert').filter({ hasText: notSaved }).count()).toBe(1);
    expect(saves.held()).toBe(0);
    saves.release();
    await properties.getByRole('textbox', { name: 'Rule 1 value' }).fill('^a+$');
    await builderSaved(opened);
    expect((await stored()).fields[0]!.validation?.rules).toEqual([{ type: 'pattern', value: '^a+$' }]);
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
  }, 120_000);

  it('an edit made while a save is under way is saved after it', async () => {
    const { page, problems, opened, properties, form, stored } = await openCodeForm('Edited while saving');
    const saves = await holdRequests(
      page,
      (url, method) => method !== 'GET' && url.pathname.startsWith(`/v1/forms/${form.id}`),
    );
    const label = properties.getByRole('combobox', { name: 'Label', exact: true });
    await label.fill('Code A');
    await page.getByRole('status').getByText('Saving…').waitFor();
    expect(saves.held()).toBe(1);
    await label.fill('Code B');
    // The next save's turn comes while the first is still on its way; it waits for it.
    await page.waitForTimeout(PAST_THE_PAUSE_MS);
    expect(saves.held()).toBe(1);
    saves.release();
    await builderSaved(opened);
    expect((await stored()).fields[0]!.label).toBe('Code B');
    expect(saves.held()).toBe(2);
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
  }, 120_000);

  it("an edit made while a pattern's verdict is on its way is saved once it came", async () => {
    const { page, problems, opened, properties, stored } = await openCodeForm('Pattern pending');
    const analysis = await holdRequests(page, (url) =>
      /\/assets\/pattern-safety-[^/]*\.js$/.test(url.pathname),
    );
    await properties.getByRole('button', { name: 'Add a rule' }).click();
    await properties.getByLabel('Rule 1 type').selectOption('pattern');
    await properties.getByRole('textbox', { name: 'Rule 1 value' }).fill('^[A-Z]+$');
    await expect.poll(() => analysis.held()).toBe(1);
    // Nothing is saved until the verdict comes.
    await page.waitForTimeout(PAST_THE_PAUSE_MS);
    await page.getByRole('status').getByText('Unsaved changes').waitFor();
    expect((await stored()).fields[0]!.validation).toBeUndefined();
    analysis.release();
    await builderSaved(opened);
    expect((await stored()).fields[0]!.validation?.rules).toEqual([{ type: 'pattern', value: '^[A-Z]+$' }]);
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
  }, 120_000);
});
