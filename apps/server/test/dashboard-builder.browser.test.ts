import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { Formloom } from '@formloom/sdk';
import { axeViolations } from '@formloom/server/testing/axe';
import { ARTIFACTS, chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../../scripts/ensure-built.js';
import { freePort } from './dashboard-support.js';
import { printedKey, type Serve, startServe } from './support.js';

const executable = chromiumOrSkip();
const DESKTOP = { width: 1280, height: 1000 };
const PHONE = { width: 360, height: 800 };
const DIST = fileURLToPath(new URL('../../dashboard/dist/assets/', import.meta.url));

describe.skipIf(executable === undefined)('the form builder in Chromium, on formloom serve', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'formloom-builder-'));
  const pages = usePages(executable);
  let serve: Serve;
  let origin = '';
  let api: Formloom;

  beforeAll(async () => {
    await ensureBuilt('dashboard');
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    serve = await startServe(dataDir, { PORT: String(port), FORMLOOM_PUBLIC_URL: origin });
    api = new Formloom({ apiKey: printedKey(serve)!, baseUrl: `${origin}/v1` });
  }, 300_000);
  afterAll(async () => {
    serve?.child.kill('SIGTERM');
    await serve?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('builds a form: sections, fields, a condition, keyboard reorder, preview, undo/redo, saved; a stale save is refused', async () => {
    const line = serve.lines.find((l) => l.startsWith('Set up the dashboard'))!;
    const { page, problems } = await pages.open(line.slice(line.indexOf(origin)), DESKTOP);
    await page.getByLabel('Email').fill('owner@example.com');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a long enough password');
    await page.getByRole('button', { name: 'Create owner and sign in' }).click();
    await page.getByRole('heading', { name: 'No forms yet' }).waitFor();

    const created = await api.forms.create({ title: 'Workshop signup' });
    await page.reload();
    await page.getByRole('link', { name: 'Workshop signup' }).click();
    await page.getByRole('heading', { name: 'Builder: Workshop signup' }).waitFor();
    const saved = page.getByRole('status').getByText('Saved', { exact: true });
    await saved.waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // A second section, titled.
    await page.getByRole('button', { name: 'Add a section' }).click();
    await page.getByLabel('Section title').fill('Details');
    // A required text field in it.
    await page.getByLabel('Field type').first().selectOption('text');
    await page.getByRole('button', { name: 'Add a field' }).click();
    const properties = page.getByRole('region', { name: /^Properties/ });
    await properties.getByRole('combobox', { name: 'Label', exact: true }).fill('Your name');
    await properties.getByRole('checkbox', { name: 'Required' }).check();
    // A choice with two options.
    await page.getByLabel('Field type').first().selectOption('radio');
    await page.getByRole('button', { name: 'Add a field' }).click();
    await properties.getByRole('combobox', { name: 'Label', exact: true }).fill('Workshop');
    await properties.getByLabel('Option 1 label').fill('React');
    await properties.getByLabel('Option 1 value').fill('react');
    await properties.getByLabel('Option 2 label').fill('Node');
    await properties.getByLabel('Option 2 value').fill('node');
    // A field shown only when the choice is React.
    await page.getByLabel('Field type').first().selectOption('text');
    await page.getByRole('button', { name: 'Add a field' }).click();
    await properties.getByRole('combobox', { name: 'Label', exact: true }).fill('Which React version?');
    await properties.getByRole('checkbox', { name: 'Show or hide by conditions' }).check();
    await properties.getByLabel('Group 1, condition 1: field').selectOption('radio_1');
    await properties.getByLabel('Group 1, condition 1: operator').selectOption('equals');
    await properties.getByLabel('Group 1, condition 1: value').selectOption('react');
    await saved.waitFor({ timeout: 15_000 }).catch(async (error: unknown) => {
      const said = await page.getByRole('status').allTextContents();
      const alerts = await page.getByRole('alert').allTextContents();
      throw new Error(
        `not saved: status ${JSON.stringify(said)}, alerts ${JSON.stringify(alerts)}; problems ${JSON.stringify(problems)}`,
        { cause: error },
      );
    });
    expect(await axeViolations(page)).toEqual([]);

    // Reorder by keyboard: "Workshop" up, above "Your name".
    const details = page.getByRole('region', { name: 'Section 2: Details' });
    const order = () =>
      details
        .getByRole('listitem')
        .getByRole('button', { name: /^Edit / })
        .allTextContents();
    expect(await order()).toEqual(['Your name', 'Workshop', 'Which React version?']);
    await details.getByRole('button', { name: 'Move Workshop up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(order).toEqual(['Workshop', 'Your name', 'Which React version?']);
    // And by dragging with the keyboard (dnd-kit: space, an arrow, space), then undone.
    const handle = details.getByRole('button', { name: 'Drag Which React version?' });
    await handle.focus();
    await page.keyboard.press('Space');
    // Each key once dnd-kit has taken the last one (on a loaded machine it lags): picked up, then moved over.
    await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
    const announced = () => page.locator('[id^="DndLiveRegion"]').textContent();
    const before = await announced();
    await page.keyboard.press('ArrowUp');
    await expect.poll(announced).not.toBe(before);
    await page.keyboard.press('Space');
    await expect.poll(order).toEqual(['Workshop', 'Which React version?', 'Your name']);
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(order).toEqual(['Workshop', 'Your name', 'Which React version?']);

    // The preview follows: the conditional field shows once React is picked there.
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByLabel('Your name').waitFor();
    expect(await preview.getByLabel('Which React version?').isVisible()).toBe(false);
    await preview.getByRole('radio', { name: 'React' }).check();
    await preview.getByLabel('Which React version?').waitFor();

    // Undo (button) and redo (keyboard) the move.
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(order).toEqual(['Your name', 'Workshop', 'Which React version?']);
    await page.getByRole('heading', { name: 'Structure' }).click();
    await page.keyboard.press('Control+Shift+Z');
    await expect.poll(order).toEqual(['Workshop', 'Your name', 'Which React version?']);
    await saved.waitFor({ timeout: 15_000 });

    // Saved through the API: what the server holds, and what a reload shows.
    const stored = await api.forms.retrieve(created.id);
    const byId = Object.fromEntries(stored.schema.fields.map((f) => [f.id, f]));
    expect(stored.schema.sections.map((s) => s.title)).toEqual(['', 'Details']);
    expect(byId.text_1).toMatchObject({
      label: 'Your name',
      required: true,
      sectionId: 'section_1',
      order: 1,
    });
    expect(byId.radio_1).toMatchObject({
      label: 'Workshop',
      order: 0,
      options: [
        { label: 'React', value: 'react' },
        { label: 'Node', value: 'node' },
      ],
    });
    expect(byId.text_2!.conditionalLogic).toEqual({
      action: 'show',
      conditionGroups: [{ conditions: [{ fieldId: 'radio_1', operator: 'equals', value: 'react' }] }],
    });
    await page.reload();
    await expect.poll(order).toEqual(['Workshop', 'Your name', 'Which React version?']);

    // A change made elsewhere meanwhile: the builder's next save is refused and says so.
    await api.forms.fields.update(created.id, 'text_1', { label: 'Full name' });
    await details.getByRole('button', { name: 'Edit Workshop' }).click();
    await properties.getByRole('combobox', { name: 'Label', exact: true }).fill('Workshop track');
    const conflict = page.getByRole('alert').filter({ hasText: 'Conflict' });
    await conflict.waitFor({ timeout: 15_000 });
    expect(await axeViolations(page)).toEqual([]);
    expect((await api.forms.retrieve(created.id)).schema.fields.find((f) => f.id === 'radio_1')!.label).toBe(
      'Workshop',
    );
    await conflict.getByRole('button', { name: 'Reload' }).click();
    await details.getByRole('button', { name: 'Edit Full name' }).waitFor();
    await saved.waitFor();

    // The other tabs, checked by axe too.
    for (const tab of ['Variables and prefill', 'Translations', 'Texts and completion']) {
      await page.getByRole('tab', { name: tab }).click();
      expect(await axeViolations(page), tab).toEqual([]);
    }
    await page.getByRole('tab', { name: 'Build' }).click();

    // At 360 px: nothing wider than the screen, still accessible.
    await page.setViewportSize(PHONE);
    await details.getByRole('button', { name: 'Edit Full name' }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'dashboard-builder-360.png'), fullPage: true });
    expect(problems.filter((p) => !p.includes('412') && !p.includes('401'))).toEqual([]);
  }, 240_000);

  it('measures: the builder chunk, gzipped, is not part of the forms list', () => {
    const files = readdirSync(DIST);
    const size = (prefix: string) =>
      files
        .filter((f) => f.startsWith(prefix) && f.endsWith('.js'))
        .reduce((sum, f) => sum + gzipSync(readFileSync(join(DIST, f)), { level: 9 }).length, 0);
    const builder = size('builder-page-');
    const integrity = size('integrity-');
    const entry = files.find((f) => f.startsWith('index-') && f.endsWith('.js'))!;
    const forms = files.find((f) => f.startsWith('forms-page-') && f.endsWith('.js'))!;
    // The entry and the forms list's chunk never name the builder's chunk statically.
    for (const file of [entry, forms]) {
      const text = readFileSync(join(DIST, file), 'utf8');
      expect(text).not.toMatch(/^import[^;]*builder-page-/m);
    }
    console.log(
      `builder chunk: ${(builder / 1024).toFixed(1)} KB gzipped; its integrity check: ${(integrity / 1024).toFixed(1)} KB gzipped`,
    );
    expect(builder).toBeGreaterThan(0);
  });
});
