import type { FormSchema } from '@formloom/contract';
import { axeViolations } from '@formloom/server/testing/axe';
import { chromiumOrSkip, type OpenedPage, usePages } from '@formloom/server/testing/browser';
import { describe, expect, it } from 'vitest';
import {
  builderSaved,
  expectAccessibleAtPhoneWidth,
  isFocused,
  openBuilder,
  optionValues,
  useDashboardServer,
} from './dashboard-support.js';

const executable = chromiumOrSkip();
type Locator = ReturnType<OpenedPage['page']['locator']>;
const DESKTOP = { width: 1280, height: 1100 };

/**
 * A host page and a guests page (not repeating yet); a field of the host page has the guests
 * section's id, which a repeating section may not share.
 */
const schema: FormSchema = {
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: 'Dinner', language: 'en', submitLabel: 'Send' },
  sections: [
    { id: 'main', title: 'Host', order: 0 },
    { id: 'guests', title: 'Guests', order: 1 },
  ],
  fields: [
    { id: 'host', sectionId: 'main', type: 'text', label: 'Your name', order: 0 },
    { id: 'note', sectionId: 'main', type: 'text', label: 'Kitchen note', order: 1 },
    { id: 'guests', sectionId: 'main', type: 'number', label: 'Number of guests', order: 2 },
    { id: 'guest', sectionId: 'guests', type: 'text', label: 'Guest name', order: 0 },
    {
      id: 'meal',
      sectionId: 'guests',
      type: 'radio',
      label: 'Meal',
      order: 1,
      options: [
        { label: 'Fish', value: 'fish' },
        { label: 'Meat', value: 'meat' },
      ],
    },
    { id: 'age', sectionId: 'guests', type: 'number', label: 'Age', order: 2 },
  ],
};

describe.skipIf(executable === undefined)('the builder in Chromium: repeating sections', () => {
  const pages = usePages(executable);
  const server = useDashboardServer('formloom-builder-repeat-');

  it('makes a section repeating by keyboard, sets its bounds and add label, shows its problems, conditions and a rule on any or every entry, sums entries in a variable, translates the label; the API reads it back, and turning it off removes it', async () => {
    const opened = await pages.open('about:blank', DESKTOP);
    const form = await openBuilder(opened, server(), schema);
    const { page, problems } = opened;
    page.setDefaultTimeout(30_000);
    const properties = page.getByRole('region', { name: /^Properties/ });
    const saved = () => builderSaved(opened);
    const stored = async () => (await server().api.forms.retrieve(form.id)).schema;

    // The switch, reached and turned on by keyboard.
    await page.getByRole('button', { name: 'Edit Section 2: Guests' }).click();
    const repeats = properties.getByRole('switch', { name: /^Repeat this section/ });
    expect(await repeats.isChecked()).toBe(false);
    expect(await properties.getByLabel(/^Most entries/).count()).toBe(0);
    await repeats.focus();
    await page.keyboard.press('Space');
    expect(await repeats.isChecked()).toBe(true);
    // The section's id is a field's: said in the builder's words, and nothing is saved.
    const clash = properties.getByRole('alert').getByText("This section's id is also a field's id.", {
      exact: false,
    });
    await clash.waitFor();
    await page.getByRole('status').getByText('Not saved', { exact: false }).waitFor();
    expect((await stored()).sections[1]!.repeat).toBeUndefined();
    await page.getByRole('button', { name: 'Remove Number of guests' }).click();
    await saved();
    expect(await clash.count()).toBe(0);
    expect((await stored()).sections[1]!.repeat).toEqual({});

    // Fewest above most: the error is tied to the fewest, in the dashboard's language.
    const fewest = properties.getByRole('textbox', { name: /^Fewest entries/ });
    const most = properties.getByRole('textbox', { name: /^Most entries/ });
    await most.fill('3');
    await fewest.fill('4');
    const crossed = 'The fewest entries are more than the most entries allowed.';
    await properties.getByText(crossed).waitFor();
    const described = (await fewest.getAttribute('aria-describedby')) ?? '';
    expect(described).not.toBe('');
    const error = await Promise.all(
      described.split(' ').map((id) => page.locator(`[id="${id}"]`).textContent()),
    );
    expect(error).toContain(crossed);
    expect(await fewest.getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('de');
    await page.getByText('Die wenigsten Einträge sind mehr als die meisten erlaubten Einträge.').waitFor();
    await page.getByRole('combobox', { name: 'Sprache', exact: true }).selectOption('en');
    await fewest.fill('1');
    await properties.getByRole('textbox', { name: 'Label of the add button' }).fill('Add a guest');
    // More than 50 is at most 50.
    await most.fill('80');
    await expect.poll(() => most.inputValue()).toBe('50');
    await most.fill('3');
    await saved();
    expect((await stored()).sections[1]!.repeat).toEqual({ min: 1, max: 3, addLabel: 'Add a guest' });
    // The structure says the section repeats, and how often.
    await page
      .getByRole('region', { name: 'Section 2: Guests' })
      .getByText('Repeats: 1 to 3 entries')
      .waitFor();
    // The preview draws the entries: the fewest to start with, and its Add adds one.
    const preview = page.locator('section[aria-labelledby="builder-preview"]');
    await preview.getByRole('group', { name: /^Guests 1/ }).waitFor();
    expect(await preview.getByRole('group', { name: /^Guests 2/ }).count()).toBe(0);
    await preview.getByRole('button', { name: 'Add a guest' }).click();
    await preview.getByRole('group', { name: /^Guests 2/ }).waitFor();
    await expectAccessibleAtPhoneWidth(opened);

    /** An entries picker: any entry at first, then "every entry" chosen, the focus kept on it. */
    const everyEntry = async (select: Locator) => {
      expect(await select.inputValue()).toBe('any');
      expect(await select.locator('option').allTextContents()).toEqual([
        'in any entry of Guests',
        'in every entry of Guests',
      ]);
      await select.focus();
      await select.selectOption('all');
      expect(await isFocused(select)).toBe(true);
    };

    // A condition outside on a field inside: shown when every guest chose fish.
    await page.getByRole('button', { name: 'Edit Kitchen note' }).click();
    await properties.getByRole('checkbox', { name: 'Show or hide by conditions' }).check();
    const target = properties.getByLabel('Group 1, condition 1: field');
    expect(await optionValues(target)).toEqual(['host', 'guest', 'meal', 'age']);
    await target.selectOption('meal');
    await everyEntry(properties.getByLabel('Group 1, condition 1: entries'));
    await properties.getByLabel('Group 1, condition 1: value').selectOption('fish');
    // A field outside a repeating section has no choice of entries.
    await properties.getByRole('button', { name: 'Add a condition (and)' }).click();
    expect(await properties.getByLabel('Group 1, condition 2: field').inputValue()).toBe('host');
    expect(await properties.getByLabel('Group 1, condition 2: entries').count()).toBe(0);
    await properties.getByRole('button', { name: 'Remove condition 2 of group 1' }).click();
    // A rule's `when` on a field of the guests chooses its entries as a condition does.
    await properties.getByRole('button', { name: 'Add a rule' }).click();
    await properties.getByLabel('Rule 1 type').selectOption('required');
    const whenField = properties.getByLabel('Rule 1: when field');
    expect(await optionValues(whenField)).toEqual(['', 'host', 'guest', 'meal', 'age']);
    await whenField.selectOption('host');
    expect(await properties.getByLabel('Rule 1: entries').count()).toBe(0);
    await whenField.selectOption('meal');
    await everyEntry(properties.getByLabel('Rule 1: entries'));
    await properties.getByLabel('Rule 1: value').selectOption('meat');
    await saved();

    // Inside the section a condition reads its own entry: no choice of entries, and no variable.
    await page.getByRole('button', { name: 'Edit Age' }).click();
    await properties.getByRole('checkbox', { name: 'Show or hide by conditions' }).check();
    expect(await optionValues(properties.getByLabel('Group 1, condition 1: field'))).toEqual([
      'host',
      'note',
      'guest',
      'meal',
    ]);
    await properties.getByLabel('Group 1, condition 1: field').selectOption('meal');
    expect(await properties.getByLabel('Group 1, condition 1: entries').count()).toBe(0);
    await properties.getByLabel('Group 1, condition 1: value').selectOption('meat');
    await saved();
    await expectAccessibleAtPhoneWidth(opened);

    // Variables count and sum the entries, picked: the section's number field is the one offered.
    await page.getByRole('tab', { name: 'Variables and prefill' }).click();
    await page.getByRole('button', { name: 'Add a variable' }).click();
    await page.getByLabel('Variable 1, value 1', { exact: true }).selectOption('entrySum');
    expect(await page.getByLabel('Variable 1, value 1: repeating section').inputValue()).toBe('guests');
    expect(await optionValues(page.getByLabel('Variable 1, value 1: number field'))).toEqual(['age']);
    await page.getByRole('button', { name: 'Add a variable' }).click();
    await page.getByLabel('Variable 2, value 1', { exact: true }).selectOption('entries');
    await saved();
    // A field of the section read directly (only JSON says it) is a problem, said in the builder's words.
    await page.getByRole('switch', { name: 'Variable 2: edit as JSON' }).check();
    await page.getByLabel('Variable 2 expression (JSON)').fill('{"var": "age"}');
    await page.getByRole('alert').getByText('A variable reads a repeating section by counting its entries', {
      exact: false,
    });
    await page.getByLabel('Variable 2 expression (JSON)').fill('{"entries": "guests"}');
    await saved();
    expect(await axeViolations(page)).toEqual([]);

    // The add label is translated like the other texts.
    await page.getByRole('tab', { name: 'Translations' }).click();
    await page.getByRole('tabpanel', { name: 'Translations' }).getByLabel('Language').selectOption('de');
    const box = page.getByRole('textbox', { name: 'Translation of sections.guests.repeat.addLabel' });
    expect(await box.getAttribute('placeholder')).toBe('Add a guest');
    await box.fill('Gast hinzufügen');
    await saved();

    const built = await stored();
    expect(built.sections[1]).toEqual({
      id: 'guests',
      title: 'Guests',
      order: 1,
      repeat: { min: 1, max: 3, addLabel: 'Add a guest' },
    });
    expect(built.fields.find((f) => f.id === 'note')!.conditionalLogic).toEqual({
      action: 'show',
      conditionGroups: [
        { conditions: [{ fieldId: 'meal', operator: 'equals', value: 'fish', entry: 'all' }] },
      ],
    });
    expect(built.fields.find((f) => f.id === 'note')!.validation).toEqual({
      rules: [{ type: 'required', when: { field: 'meal', equals: 'meat', entry: 'all' } }],
    });
    expect(built.fields.find((f) => f.id === 'age')!.conditionalLogic).toEqual({
      action: 'show',
      conditionGroups: [{ conditions: [{ fieldId: 'meal', operator: 'equals', value: 'meat' }] }],
    });
    expect(built.variables).toEqual([
      { id: 'variable_1', type: 'number', expression: { sum: ['guests', 'age'] } },
      { id: 'variable_2', type: 'number', expression: { entries: 'guests' } },
    ]);
    expect(built.translations).toEqual({ de: { 'sections.guests.repeat.addLabel': 'Gast hinzufügen' } });

    // Reloaded, the builder shows what was stored: the variables by the pickers, the section's settings.
    await page.reload();
    await page.getByRole('heading', { name: 'Builder: Dinner' }).waitFor();
    await page.getByRole('tab', { name: 'Variables and prefill' }).click();
    expect(await page.getByLabel('Variable 1, value 1', { exact: true }).inputValue()).toBe('entrySum');
    expect(await page.getByLabel('Variable 1, value 1: number field').inputValue()).toBe('age');
    expect(await page.getByLabel('Variable 2, value 1', { exact: true }).inputValue()).toBe('entries');
    expect(await page.getByLabel('Variable 2, value 1: repeating section').inputValue()).toBe('guests');
    await page.getByRole('button', { name: 'Remove variable 2' }).click();
    await page.getByRole('button', { name: 'Remove variable 1' }).click();
    await saved();
    await page.getByRole('tab', { name: 'Build' }).click();
    await page.getByRole('button', { name: 'Edit Section 2: Guests' }).click();
    expect(await fewest.inputValue()).toBe('1');
    expect(await most.inputValue()).toBe('3');

    // Turned off: repeat, the add label's translation and the choice of entries go.
    await repeats.click();
    expect(await most.count()).toBe(0);
    expect(await page.getByText('Repeats:', { exact: false }).count()).toBe(0);
    await saved();
    const plain = await stored();
    expect(plain.sections[1]).toEqual({ id: 'guests', title: 'Guests', order: 1 });
    expect(plain.translations).toBeUndefined();
    expect(plain.fields.find((f) => f.id === 'note')!.conditionalLogic!.conditionGroups).toEqual([
      { conditions: [{ fieldId: 'meal', operator: 'equals', value: 'fish' }] },
    ]);
    expect(plain.fields.find((f) => f.id === 'note')!.validation!.rules).toEqual([
      { type: 'required', when: { field: 'meal', equals: 'meat' } },
    ]);
    expect(plain.variables).toBeUndefined();
    // 401: the session check before sign-in.
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
  }, 400_000);
});
