import { join } from 'node:path';
import type { FormSchema } from '@formloom/contract';
import { axeViolations } from '@formloom/server/testing/axe';
import { ARTIFACTS, chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { describe, expect, it } from 'vitest';
import {
  builderSaved,
  expectAccessibleAtPhoneWidth,
  fitsWidth,
  isFocused,
  openBuilder,
  optionValues,
  PHONE,
  useDashboardServer,
} from './dashboard-support.js';

const executable = chromiumOrSkip();
const DESKTOP = { width: 1280, height: 1100 };

const option = (label: string, score?: number) => ({
  label,
  value: label.toLowerCase(),
  ...(score === undefined ? {} : { score }),
});

/** A paged form: a plan with two scored questions, billing, a profile. */
const schema: FormSchema = {
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: 'Pickers', language: 'en' },
  settings: { layout: 'paged' },
  sections: [
    { id: 'plan', title: 'Plan', order: 0 },
    { id: 'billing', title: 'Billing', order: 1 },
    { id: 'profile', title: 'Profile', order: 2 },
  ],
  fields: [
    {
      id: 'kind',
      sectionId: 'plan',
      type: 'radio',
      label: 'Kind',
      order: 0,
      options: [option('Free'), option('Pro'), option('None')],
    },
    {
      id: 'q1',
      sectionId: 'plan',
      type: 'radio',
      label: 'Capital of France?',
      order: 1,
      options: [option('Paris', 1), option('Lyon')],
    },
    {
      id: 'q2',
      sectionId: 'plan',
      type: 'checkbox',
      label: 'Which are prime?',
      order: 2,
      options: [option('Two', 1), option('Three', 1), option('Four', -1)],
    },
    { id: 'card', sectionId: 'billing', type: 'text', label: 'Card', order: 0 },
    { id: 'name', sectionId: 'profile', type: 'text', label: 'Name', order: 0 },
    { id: 'seats', sectionId: 'profile', type: 'number', label: 'Seats', order: 1 },
  ],
};

const when = (value: string) => [{ conditions: [{ fieldId: 'kind', operator: 'equals', value }] }];

describe.skipIf(executable === undefined)('the builder in Chromium: logic without JSON', () => {
  const pages = usePages(executable);
  const server = useDashboardServer('formloom-builder-pickers-');

  it('endings, jumps, a sum of scores and recalls are built with pickers and the menu, stored as the schema says them; axe-clean at 360 px', async () => {
    const opened = await pages.open('about:blank', DESKTOP);
    const form = await openBuilder(opened, server(), schema);
    const { page, problems } = opened;
    page.setDefaultTimeout(30_000);
    const saved = () => builderSaved(opened);
    const stored = async () => (await server().api.forms.retrieve(form.id)).schema;
    const properties = page.getByRole('region', { name: /^Properties/ });

    // An ending, its message recalled from the {{ menu.
    await page.getByRole('tab', { name: 'Texts and completion' }).click();
    const texts = page.getByRole('tabpanel', { name: 'Texts and completion' });
    await texts.getByRole('button', { name: 'Add an ending' }).click();
    await texts.getByLabel('Ending 1 id').fill('bye');
    await texts.getByRole('combobox', { name: 'Ending 1 title' }).fill('Goodbye');
    const message = texts.getByRole('textbox', { name: 'Ending 1 message' });
    await message.click();
    await page.keyboard.type('See you, {{');
    const menu = texts.getByRole('listbox', { name: 'Answers and variables to recall' });
    await menu.waitFor();
    expect(await menu.getByRole('option').allTextContents()).toEqual([
      'Kind (kind)',
      'Capital of France? (q1)',
      'Which are prime? (q2)',
      'Card (card)',
      'Name (name)',
      'Seats (seats)',
    ]);
    expect(await message.getAttribute('aria-controls')).toBe(await menu.getAttribute('id'));
    const active = async () => {
      const id = await message.getAttribute('aria-activedescendant');
      return id === null ? null : menu.locator(`[id="${id}"]`).textContent();
    };
    expect(await active()).toBe('Kind (kind)');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await active()).toBe('Which are prime? (q2)');
    await page.keyboard.press('ArrowUp');
    expect(await active()).toBe('Capital of France? (q1)');
    // Typing narrows the list (by id or label); Enter puts the choice in, closed.
    await page.keyboard.type('na');
    expect(await menu.getByRole('option').allTextContents()).toEqual(['Name (name)']);
    expect(await active()).toBe('Name (name)');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'detached' });
    expect(await message.inputValue()).toBe('See you, {{name}}');
    expect(await message.getAttribute('aria-activedescendant')).toBeNull();
    // Escape closes it: what follows is typed as text.
    await page.keyboard.type(' {{');
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    // An unknown name and a single brace are flagged under the box as they are typed.
    await page.keyboard.type('nme}} {seats}');
    await texts
      .getByText('{{nme}} recalls nothing: "nme" is neither a field nor a variable this text may recall.')
      .waitFor();
    await texts.getByText('{seats} is shown as written: to recall it, write {{seats}}.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await message.fill('See you, {{name}}.');
    await expect.poll(() => texts.getByText(/recalls nothing|shown as written/).count()).toBe(0);
    // Reached by conditions too: through the same pickers as show/hide.
    await texts.getByRole('checkbox', { name: 'Ending 1 is also reached when conditions hold' }).check();
    expect(await texts.getByLabel('Ending 1: Group 1, condition 1: field').inputValue()).toBe('kind');
    await texts.getByLabel('Ending 1: Group 1, condition 1: value').selectOption('pro');
    // A second ending, for a jump.
    await texts.getByRole('button', { name: 'Add an ending' }).click();
    await saved();
    await expect
      .poll(async () => (await stored()).settings?.endings)
      .toEqual([
        { id: 'bye', title: 'Goodbye', message: 'See you, {{name}}.', conditionGroups: when('pro') },
        { id: 'ending_1', title: 'Ending 2' },
      ]);
    await expectAccessibleAtPhoneWidth(opened);

    // Jumps out of the first page: to a later page or an ending, nothing earlier.
    await page.getByRole('tab', { name: 'Build' }).click();
    await page.getByRole('button', { name: 'Edit Page 1: Plan' }).click();
    const jumps = properties.getByRole('group', { name: 'Jumps' });
    await jumps.getByText(/the first jump whose conditions hold is followed/).waitFor();
    await jumps.getByRole('button', { name: 'Add a jump' }).click();
    expect(await optionValues(properties.getByLabel('Jump 1: go to'))).toEqual([
      'section:billing',
      'section:profile',
      'ending:bye',
      'ending:ending_1',
    ]);
    await properties.getByLabel('Jump 1: go to').selectOption('section:profile');
    await properties.getByLabel('Jump 1: Group 1, condition 1: value').selectOption('free');
    await jumps.getByRole('button', { name: 'Add a jump' }).click();
    await properties.getByLabel('Jump 2: go to').selectOption('ending:ending_1');
    await properties.getByLabel('Jump 2: Group 1, condition 1: value').selectOption('none');
    // The first that matches wins: the second is moved first, by keyboard.
    const up = properties.getByRole('button', { name: 'Move jump 2 up' });
    await up.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => properties.getByLabel('Jump 1: go to').inputValue()).toBe('ending:ending_1');
    // The focus went with the jump: at the top, to its other move button.
    await expect
      .poll(() => isFocused(properties.getByRole('button', { name: 'Move jump 1 down' })))
      .toBe(true);
    await saved();
    await expect
      .poll(async () => (await stored()).sections.find((s) => s.id === 'plan')!.jumps)
      .toEqual([
        { conditionGroups: when('none'), to: { ending: 'ending_1' } },
        { conditionGroups: when('free'), to: { section: 'profile' } },
      ]);
    await expectAccessibleAtPhoneWidth(opened);
    // "Free, or anything but free" always matches: Billing is on no path, which its panel warns of.
    const second = properties.getByRole('group', { name: 'Jump 2', exact: true });
    await second.getByRole('button', { name: 'Add a group (or)' }).click();
    await properties.getByLabel('Jump 2: Group 2, condition 1: operator').selectOption('notEquals');
    await properties.getByLabel('Jump 2: Group 2, condition 1: value').selectOption('free');
    await saved();
    await page.getByRole('button', { name: 'Edit Page 2: Billing' }).click();
    const warning = properties
      .getByRole('status')
      .filter({ hasText: 'Warnings' })
      .getByText('No path reaches this page: every way through the form jumps past it.');
    await warning.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Edit Page 1: Plan' }).click();
    // Back on the page, each jump is one line; by keyboard, the second opens to be edited.
    const editSecond = properties.getByRole('button', { name: 'Edit jump 2' });
    expect(await editSecond.getAttribute('aria-expanded')).toBe('false');
    expect(await properties.getByLabel('Jump 2: go to').count()).toBe(0);
    expect(await jumps.getByRole('region', { name: 'Jump 1' }).textContent()).toContain(
      'If Kind is None → Ending: Ending 2',
    );
    // A narrow column: one line per jump, the one edited with its pickers, no sideways scrolling.
    await page.setViewportSize(PHONE);
    await editSecond.focus();
    await page.keyboard.press('Enter');
    expect(await editSecond.getAttribute('aria-expanded')).toBe('true');
    await properties.getByLabel('Jump 2: go to').waitFor();
    expect(await fitsWidth(opened)).toBe(true);
    // For a person to look at (test-artifacts), not a picture of the docs.
    await jumps.screenshot({ path: join(ARTIFACTS, 'builder-jumps-360.png') });
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);
    await properties.getByRole('button', { name: 'Jump 2: Remove group 2' }).click();
    await page.getByRole('button', { name: 'Edit Page 2: Billing' }).click();
    await expect.poll(() => warning.count()).toBe(0);
    // The last page may only end.
    await page.getByRole('button', { name: 'Edit Page 3: Profile' }).click();
    await jumps.getByRole('button', { name: 'Add a jump' }).click();
    expect(await optionValues(properties.getByLabel('Jump 1: go to'))).toEqual([
      'ending:bye',
      'ending:ending_1',
    ]);
    await properties.getByRole('button', { name: 'Remove jump 1' }).click();
    expect(await properties.getByLabel('Jump 1: go to').count()).toBe(0);
    // The last one gone, the focus is on the add button, not lost to the page.
    await expect.poll(() => isFocused(jumps.getByRole('button', { name: 'Add a jump' }))).toBe(true);

    // A variable: the sum of the scored questions, then times ten, by pickers; the JSON on request.
    await page.getByRole('tab', { name: 'Variables and prefill' }).click();
    const logic = page.getByRole('tabpanel', { name: 'Variables and prefill' });
    await logic.getByRole('button', { name: 'Add a variable' }).click();
    await logic.getByLabel('Variable 1 id').fill('total');
    expect(await logic.getByLabel('Variable 1: calculation').inputValue()).toBe('single');
    await logic.getByLabel('Variable 1, value 1', { exact: true }).selectOption('scores');
    const fields = logic.getByRole('group', { name: 'Variable 1, value 1: fields whose scores add up' });
    const ticked = (label: string) => fields.getByRole('checkbox', { name: label }).isChecked();
    expect(await ticked('Capital of France? (q1)')).toBe(true);
    expect(await ticked('Which are prime? (q2)')).toBe(true);
    expect(await ticked('Kind (kind)')).toBe(false);
    await saved();
    const total = async () => (await stored()).variables?.find((v) => v.id === 'total')?.expression;
    await expect.poll(total).toEqual({ '+': [{ score: 'q1' }, { score: 'q2' }] });
    await logic.getByLabel('Variable 1: calculation').selectOption('*');
    await logic.getByLabel('Variable 1, value 2: number').fill('10');
    await saved();
    await expect.poll(total).toEqual({ '*': [{ '+': [{ score: 'q1' }, { score: 'q2' }] }, 10] });
    expect(await axeViolations(page)).toEqual([]);
    const asJson = logic.getByRole('switch', { name: 'Variable 1: edit as JSON' });
    await asJson.check();
    const json = logic.getByLabel('Variable 1 expression (JSON)');
    expect(JSON.parse(await json.inputValue())).toEqual(await total());
    // What the pickers cannot say stays JSON; what they can, they show again.
    await json.fill('{"if": [{">": [{"var": "seats"}, 50]}, 1, 0]}');
    await logic.getByText('The pickers cannot show this expression: it stays JSON.').waitFor();
    expect(await asJson.isDisabled()).toBe(true);
    await json.fill('{"score": "q1"}');
    await expect.poll(() => asJson.isDisabled()).toBe(false);
    await asJson.uncheck();
    expect(await logic.getByLabel('Variable 1, value 1', { exact: true }).inputValue()).toBe('scores');
    expect(await ticked('Which are prime? (q2)')).toBe(false);
    await fields.getByRole('checkbox', { name: 'Which are prime? (q2)' }).check();
    await saved();
    await expect.poll(total).toEqual({ '+': [{ score: 'q1' }, { score: 'q2' }] });
    await expectAccessibleAtPhoneWidth(opened);

    // A recall of the variable in a field's help text, chosen with Tab; the label is a combobox.
    await page.getByRole('tab', { name: 'Build' }).click();
    await page.getByRole('button', { name: 'Edit Seats' }).click();
    const label = properties.getByRole('combobox', { name: 'Label', exact: true });
    await label.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' ({{');
    expect(await label.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await label.getAttribute('aria-expanded')).toBe('false');
    expect(await isFocused(label)).toBe(true);
    await label.fill('Seats');
    const help = properties.getByRole('textbox', { name: 'Help text' });
    await help.click();
    await page.keyboard.type('Your score: {{to');
    const helpMenu = properties.getByRole('listbox', { name: 'Answers and variables to recall' });
    expect(await helpMenu.getByRole('option').allTextContents()).toEqual(['total (variable)']);
    await page.keyboard.press('Tab');
    await helpMenu.waitFor({ state: 'detached' });
    expect(await isFocused(help)).toBe(true);
    await page.keyboard.type('.');
    expect(await help.inputValue()).toBe('Your score: {{total}}.');
    await saved();
    await expect
      .poll(async () => (await stored()).fields.find((f) => f.id === 'seats')!.helpText)
      .toBe('Your score: {{total}}.');

    // The ending's texts are translated as the others are.
    await page.getByRole('tab', { name: 'Translations' }).click();
    await page.getByRole('tabpanel', { name: 'Translations' }).getByLabel('Language').selectOption('de');
    await page.getByRole('textbox', { name: 'Translation of endings.bye.title' }).fill('Tschüss');
    await page
      .getByRole('textbox', { name: 'Translation of endings.bye.message' })
      .fill('Bis bald, {{name}}.');
    await saved();
    await expect
      .poll(async () => (await stored()).translations?.de)
      .toEqual({
        'endings.bye.title': 'Tschüss',
        'endings.bye.message': 'Bis bald, {{name}}.',
      });

    // Removing the ending a jump goes to removes that jump with it (one step, undoable).
    await page.getByRole('tab', { name: 'Texts and completion' }).click();
    await texts.getByText('1 jump(s) go to this ending; removing it removes them too.').waitFor();
    await texts.getByRole('button', { name: 'Remove ending 2' }).click();
    await expect.poll(() => texts.getByLabel('Ending 2 id').count()).toBe(0);
    await saved();
    const planJumps = async () => (await stored()).sections.find((s) => s.id === 'plan')!.jumps;
    await expect.poll(async () => (await stored()).settings?.endings?.map((e) => e.id)).toEqual(['bye']);
    expect(await planJumps()).toEqual([{ conditionGroups: when('free'), to: { section: 'profile' } }]);
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await texts.getByLabel('Ending 2 id').waitFor();
    await saved();
    await expect.poll(async () => (await planJumps())?.length).toBe(2);

    // The map opens an ending where it is edited: its first box takes the focus.
    await page.getByRole('tab', { name: 'Map' }).click();
    await page
      .getByRole('region', { name: 'Drawing of the map' })
      .getByRole('button', { name: 'Ending Goodbye' })
      .click();
    await expect.poll(() => isFocused(texts.getByLabel('Ending 1 id'))).toBe(true);
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
  }, 240_000);
});
