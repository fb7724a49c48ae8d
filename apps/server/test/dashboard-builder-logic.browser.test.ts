import {
  CONDITION_OPERATORS,
  type Field,
  type FieldType,
  type FormSchema,
  OPERATOR_TARGET_TYPES,
} from '@formloom/contract';
import { axeViolations } from '@formloom/server/testing/axe';
import { chromiumOrSkip, type OpenedPage, usePages } from '@formloom/server/testing/browser';
import { describe, expect, it } from 'vitest';
import { openBuilder, useDashboardServer } from './dashboard-support.js';

const executable = chromiumOrSkip();
type Locator = ReturnType<OpenedPage['page']['locator']>;
const DESKTOP = { width: 1280, height: 1100 };

/** A schema of sections, each with text fields: `{ intro: ['Name'] }` -> section "Intro", field "name". */
function schemaOf(
  title: string,
  sections: Record<string, string[]>,
  extra: Partial<FormSchema> = {},
): FormSchema {
  const ids = Object.keys(sections);
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title, language: 'en', submitLabel: 'Send' },
    sections: ids.map((id, order) => ({ id, title: id[0]!.toUpperCase() + id.slice(1), order })),
    fields: ids.flatMap((sectionId) =>
      sections[sectionId]!.map((label, order) => ({
        id: label.toLowerCase().replaceAll(' ', '_'),
        sectionId,
        type: 'text' as const,
        label,
        order,
      })),
    ),
    ...extra,
  };
}

/**
 * Drags `item` by `handle` with the mouse so that the item's middle lands on `onto`'s middle (dnd-kit
 * compares the dragged item's rectangle with where the others were when the drag began).
 */
async function drag(
  page: OpenedPage['page'],
  item: Locator,
  handle: Locator,
  onto: Locator,
  /** What the live region says once it is over its place: the drop waits for it (a loaded machine lags). */
  heard: string,
) {
  // Measured once the rows stand still: a row still sliding back from the last move (Escape, a
  // drop) would put the press beside the handle on a loaded machine, and no drag would start.
  let last = '';
  await expect
    .poll(async () => {
      const now = JSON.stringify(await Promise.all([item.boundingBox(), onto.boundingBox()]));
      const still = now === last;
      last = now;
      return still;
    })
    .toBe(true);
  const [box, grip, target] = await Promise.all([
    item.boundingBox(),
    handle.boundingBox(),
    onto.boundingBox(),
  ]);
  const x = grip!.x + grip!.width / 2;
  const y = grip!.y + grip!.height / 2;
  const dy = target!.y + target!.height / 2 - (box!.y + box!.height / 2);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + Math.sign(dy) * 8, { steps: 4 }); // past the 4 px that starts a drag
  await page.mouse.move(x, y + dy, { steps: 20 });
  await expect.poll(() => page.locator('[id^="DndLiveRegion"]').textContent()).toBe(heard);
  await page.mouse.up();
}

describe.skipIf(executable === undefined)(
  'the builder in Chromium: structure, logic, texts and preview',
  () => {
    const pages = usePages(executable);
    const server = useDashboardServer('formloom-builder-logic-');

    async function open(schema: FormSchema) {
      const opened = await pages.open('about:blank', DESKTOP);
      const form = await openBuilder(opened, server(), schema);
      const { page } = opened;
      return {
        ...opened,
        form,
        stored: async () => (await server().api.forms.retrieve(form.id)).schema,
        saved: () =>
          page.getByRole('status').getByText('Saved', { exact: true }).waitFor({ timeout: 15_000 }),
        properties: page.getByRole('region', { name: /^Properties/ }),
        preview: page.getByRole('region', { name: 'Preview' }),
        announced: () => page.locator('[id^="DndLiveRegion"]').textContent(),
      };
    }

    it('sections reorder by pointer and by keyboard (announced, undoable), a field by pointer, into another section; a section is removed with its fields', async () => {
      const { page, problems, stored, saved, preview, announced } = await open(
        schemaOf('Sections', { intro: ['Name'], details: ['Age', 'City', 'Street'], end: ['Notes'] }),
      );
      const sectionButtons = page.getByRole('button', { name: /^Edit Section \d+: / });
      const titles = async () =>
        (await sectionButtons.allTextContents()).map((text) => text.slice(text.indexOf(': ') + 2));
      const storedTitles = async () =>
        [...(await stored()).sections].sort((a, b) => a.order - b.order).map((s) => s.title);
      const previewTitles = () => preview.getByRole('heading', { level: 2 }).allTextContents();
      const section = (name: string) => page.getByRole('region', { name });
      const handle = (name: string) =>
        page.getByRole('button', { name: `Drag ${name} (or press space, then the arrow keys)` });
      expect(await titles()).toEqual(['Intro', 'Details', 'End']);

      // By keyboard: End picked up, one up, dropped; each step announced by name and place.
      await handle('Section 3: End').focus();
      await page.keyboard.press('Space');
      await expect.poll(() => handle('Section 3: End').getAttribute('aria-pressed')).toBe('true');
      await expect.poll(announced).toBe('Picked up Section 3: End.');
      await page.keyboard.press('ArrowUp');
      await expect.poll(announced).toBe('Section 3: End is at position 2 of 3.');
      await page.keyboard.press('Space');
      await expect.poll(titles).toEqual(['Intro', 'End', 'Details']);
      expect(await announced()).toBe('Section 3: End was dropped at position 2 of 3.');
      await saved();
      expect(await storedTitles()).toEqual(['Intro', 'End', 'Details']);
      expect(await previewTitles()).toEqual(['Intro', 'End', 'Details']);
      // The handle says how, in words a screen reader reads before the drag starts.
      const described = await handle('Section 1: Intro').getAttribute('aria-describedby');
      expect(await page.locator(`[id="${described}"]`).textContent()).toMatch(
        /^To pick up an item, press space/,
      );

      // Escape puts it back and says so.
      await handle('Section 1: Intro').focus();
      await page.keyboard.press('Space');
      await expect.poll(announced).toBe('Picked up Section 1: Intro.');
      await page.keyboard.press('ArrowDown');
      await expect.poll(announced).toBe('Section 1: Intro is at position 2 of 3.');
      await page.keyboard.press('Escape');
      await expect.poll(announced).toBe('Moving Section 1: Intro was cancelled.');
      expect(await titles()).toEqual(['Intro', 'End', 'Details']);

      // By pointer: Intro dragged onto Details, the last: it goes last.
      await drag(
        page,
        section('Section 1: Intro'),
        handle('Section 1: Intro'),
        section('Section 3: Details'),
        'Section 1: Intro is at position 3 of 3.',
      );
      await expect.poll(titles).toEqual(['End', 'Details', 'Intro']);
      await saved();
      expect(await storedTitles()).toEqual(['End', 'Details', 'Intro']);
      expect(await previewTitles()).toEqual(['End', 'Details', 'Intro']);
      expect(await axeViolations(page)).toEqual([]);

      // Undone (the stored order follows), then redone.
      await page.getByRole('button', { name: 'Undo', exact: true }).click();
      await expect.poll(titles).toEqual(['Intro', 'End', 'Details']);
      await saved();
      expect(await storedTitles()).toEqual(['Intro', 'End', 'Details']);
      await page.getByRole('button', { name: 'Redo', exact: true }).click();
      await expect.poll(titles).toEqual(['End', 'Details', 'Intro']);

      // A field by pointer within its section: Age onto Street (the last) goes last.
      const details = section('Section 2: Details');
      const fieldOrder = (where: Locator) =>
        where
          .getByRole('listitem')
          .getByRole('button', { name: /^Edit / })
          .allTextContents();
      const fieldItem = (label: string) =>
        page.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Edit ${label}` }) });
      await drag(page, fieldItem('Age'), handle('Age'), fieldItem('Street'), 'Age is at position 3 of 3.');
      await expect.poll(() => fieldOrder(details)).toEqual(['City', 'Street', 'Age']);
      // And into another section: Notes (in End) onto Name (in Intro) takes Name's place there.
      await drag(
        page,
        fieldItem('Notes'),
        handle('Notes'),
        fieldItem('Name'),
        'Notes is at position 1 of 2.',
      );
      await expect.poll(() => fieldOrder(section('Section 3: Intro'))).toEqual(['Notes', 'Name']);
      expect(await section('Section 1: End').getByText('No fields in this section yet.').isVisible()).toBe(
        true,
      );
      await saved();
      const afterDrags = await stored();
      const placed = (sectionId: string) =>
        afterDrags.fields
          .filter((f) => f.sectionId === sectionId)
          .sort((a, b) => a.order - b.order)
          .map((f) => f.id);
      expect([placed('details'), placed('intro'), placed('end')]).toEqual([
        ['city', 'street', 'age'],
        ['notes', 'name'],
        [],
      ]);
      // The preview in the same order: End (now empty), Details, Intro.
      expect(await preview.locator('label.fl-label').allTextContents()).toEqual([
        'City',
        'Street',
        'Age',
        'Notes',
        'Name',
      ]);
      // By keyboard into the empty section: Notes up past Age, Street and City onto End's empty list.
      await handle('Notes').focus();
      await page.keyboard.press('Space');
      await expect.poll(announced).toBe('Picked up Notes.');
      const heard: string[] = [];
      for (let step = 0; step < 6 && heard.at(-1) !== 'Notes is at position 1 of 1.'; step++) {
        const before = await announced();
        await page.keyboard.press('ArrowUp');
        await expect.poll(announced).not.toBe(before);
        heard.push((await announced()) ?? '');
      }
      expect(heard).toEqual([
        'Notes is at position 3 of 4.',
        'Notes is at position 2 of 4.',
        'Notes is at position 1 of 4.',
        'Notes is at position 1 of 1.',
      ]);
      await page.keyboard.press('Space');
      await expect.poll(() => fieldOrder(section('Section 1: End'))).toEqual(['Notes']);
      expect(await announced()).toBe('Notes was dropped at position 1 of 1.');
      await saved();
      expect((await stored()).fields.find((f) => f.id === 'notes')).toMatchObject({
        sectionId: 'end',
        order: 0,
      });
      expect(await preview.locator('label.fl-label').allTextContents()).toEqual([
        'Notes',
        'City',
        'Street',
        'Age',
        'Name',
      ]);

      // Removing a section removes its fields, in the list, the preview and what is stored.
      await page.getByRole('button', { name: 'Remove Section 2: Details' }).click();
      await expect.poll(titles).toEqual(['End', 'Intro']);
      await expect.poll(previewTitles).toEqual(['End', 'Intro']);
      expect(await preview.getByLabel('City').count()).toBe(0);
      await saved();
      const afterRemoval = await stored();
      expect(afterRemoval.sections.map((s) => s.id).sort()).toEqual(['end', 'intro']);
      expect(afterRemoval.fields.map((f) => f.id).sort()).toEqual(['name', 'notes']);
      // The last section cannot be removed.
      await page.getByRole('button', { name: 'Remove Section 1: End' }).click();
      expect(await page.getByRole('button', { name: 'Remove Section 1: Intro' }).isDisabled()).toBe(true);
      expect(problems.filter((p) => !p.includes('401'))).toEqual([]); // 401: the session check before sign-in
    }, 180_000);

    it("conditional logic: the operators offered per type are the contract's, a hide action with AND and OR groups, stored and followed by the preview", async () => {
      const schema = schemaOf('Logic', { main: ['Company', 'Notes', 'Billing email'] });
      const option = (label: string) => ({ label, value: label.toLowerCase() });
      const more: Omit<Field, 'sectionId' | 'order'>[] = [
        { id: 'plan', type: 'radio', label: 'Plan', options: [option('Basic'), option('Pro')] },
        { id: 'seats', type: 'number', label: 'Seats' },
        { id: 'start', type: 'date', label: 'Start' },
        { id: 'extras', type: 'checkbox', label: 'Extras', options: [option('Support')] },
        { id: 'size', type: 'select', label: 'Size', options: [option('Small')] },
        { id: 'contact', type: 'email', label: 'Contact' },
        { id: 'about', type: 'textarea', label: 'About' },
        { id: 'cv', type: 'file', label: 'CV' },
      ];
      schema.fields.push(...more.map((f, i) => ({ ...f, sectionId: 'main', order: 10 + i })));
      const { page, problems, stored, saved, properties, preview } = await open(schema);
      await page.getByRole('button', { name: 'Edit Billing email' }).click();
      await properties.getByRole('checkbox', { name: 'Show or hide by conditions' }).check();

      // Each field the condition may name offers exactly the operators that apply to its type.
      const field = properties.getByLabel('Group 1, condition 1: field');
      const operators = () =>
        properties
          .getByLabel('Group 1, condition 1: operator')
          .locator('option')
          .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
      const types = Object.fromEntries(schema.fields.map((f) => [f.id, f.type])) as Record<string, FieldType>;
      const offered = await field
        .locator('option')
        .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
      // Not itself, not a file (its answer is no value to compare).
      expect(offered.sort()).toEqual(
        Object.keys(types)
          .filter((id) => id !== 'billing_email' && id !== 'cv')
          .sort(),
      );
      for (const id of [
        'plan',
        'extras',
        'seats',
        'start',
        'company',
        'size',
        'contact',
        'about',
        'notes',
        'extras',
        'plan',
      ]) {
        await field.selectOption(id);
        const expected = CONDITION_OPERATORS.filter((op) => OPERATOR_TARGET_TYPES[op].includes(types[id]!));
        await expect.poll(operators, { message: id }).toEqual(expected);
      }
      expect(await axeViolations(page)).toEqual([]);

      // Hide when (Plan is Pro and Seats > 10) or Company starts with ACME.
      await properties.getByLabel('Action', { exact: true }).selectOption('hide');
      await properties.getByLabel('Group 1, condition 1: value').selectOption('pro');
      await properties.getByRole('button', { name: 'Add a condition (and)' }).click();
      await properties.getByLabel('Group 1, condition 2: field').selectOption('seats');
      await properties.getByLabel('Group 1, condition 2: operator').selectOption('greaterThan');
      await properties.getByLabel('Group 1, condition 2: value').fill('10');
      await properties.getByRole('button', { name: 'Add a group (or)' }).click();
      await properties.getByLabel('Group 2, condition 1: field').selectOption('company');
      await properties.getByLabel('Group 2, condition 1: operator').selectOption('startsWith');
      await properties.getByLabel('Group 2, condition 1: value').fill('ACME');
      await saved();
      expect(await axeViolations(page)).toEqual([]);
      expect((await stored()).fields.find((f) => f.id === 'billing_email')!.conditionalLogic).toEqual({
        action: 'hide',
        conditionGroups: [
          {
            conditions: [
              { fieldId: 'plan', operator: 'equals', value: 'pro' },
              { fieldId: 'seats', operator: 'greaterThan', value: 10 },
            ],
          },
          { conditions: [{ fieldId: 'company', operator: 'startsWith', value: 'ACME' }] },
        ],
      });

      // The preview: shown until a group holds whole.
      const billing = preview.getByLabel('Billing email');
      await billing.waitFor();
      await preview.getByRole('radio', { name: 'Pro' }).check();
      expect(await billing.isVisible()).toBe(true); // one of two in the group
      await preview.getByLabel('Seats').fill('12');
      await billing.waitFor({ state: 'detached' });
      await preview.getByLabel('Seats').fill('5');
      await billing.waitFor();
      await preview.getByLabel('Company').fill('ACME Ltd');
      await billing.waitFor({ state: 'detached' });
      await preview.getByLabel('Company').fill('Other Ltd');
      await billing.waitFor();

      // A removed group and condition: stored as what is left.
      await properties.getByRole('button', { name: 'Remove group 2' }).click();
      await properties.getByRole('button', { name: 'Remove condition 1 of group 1' }).click();
      await saved();
      expect((await stored()).fields.find((f) => f.id === 'billing_email')!.conditionalLogic).toEqual({
        action: 'hide',
        conditionGroups: [{ conditions: [{ fieldId: 'seats', operator: 'greaterThan', value: 10 }] }],
      });
      expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
    }, 180_000);

    it("a field's placeholder, help text, file settings, type and a rule with `when`; a field removed", async () => {
      const schema = schemaOf('Properties', { main: ['VAT number', 'Extra'] });
      schema.fields.unshift({
        id: 'country',
        sectionId: 'main',
        type: 'select',
        label: 'Country',
        order: -1,
        options: [
          { label: 'Germany', value: 'de' },
          { label: 'Elsewhere', value: 'other' },
        ],
      });
      schema.fields.push({ id: 'upload', sectionId: 'main', type: 'file', label: 'Upload', order: 5 });
      const { page, problems, stored, saved, properties, preview } = await open(schema);
      const storedField = async (id: string) => (await stored()).fields.find((f) => f.id === id);

      await page.getByRole('button', { name: 'Edit VAT number' }).click();
      await properties.getByRole('combobox', { name: 'Placeholder' }).fill('DE123456789');
      await properties.getByRole('textbox', { name: 'Help text' }).fill('Only for companies');
      // Required only when the country is Germany, with its own message.
      await properties.getByRole('button', { name: 'Add a rule' }).click();
      await properties.getByLabel('Rule 1 type').selectOption('required');
      await properties.getByLabel('Rule 1 message (optional)').fill('A VAT number is needed in Germany');
      await properties.getByLabel('Rule 1: when field').selectOption('country');
      await properties.getByLabel('Rule 1: value').selectOption('de');
      await saved();
      expect(await axeViolations(page)).toEqual([]);
      expect(await storedField('vat_number')).toMatchObject({
        placeholder: 'DE123456789',
        helpText: 'Only for companies',
        validation: {
          rules: [
            {
              type: 'required',
              message: 'A VAT number is needed in Germany',
              when: { field: 'country', equals: 'de' },
            },
          ],
        },
      });

      // The preview: placeholder and help text; the rule fires in Germany only.
      const vat = preview.getByLabel('VAT number');
      expect(await vat.getAttribute('placeholder')).toBe('DE123456789');
      expect(await preview.getByText('Only for companies').isVisible()).toBe(true);
      await preview.getByLabel('Country').selectOption('de');
      await preview.getByRole('button', { name: 'Send' }).click();
      await preview.getByText('A VAT number is needed in Germany').waitFor();
      // "not equals": the same rule now fires everywhere but Germany.
      await properties.getByLabel('Rule 1: comparison').selectOption('notEquals');
      await saved();
      expect((await storedField('vat_number'))!.validation!.rules[0]!.when).toEqual({
        field: 'country',
        notEquals: 'de',
      });
      await preview.getByLabel('Country').selectOption('de');
      await preview.getByRole('button', { name: 'Send' }).click();
      await preview.getByRole('heading', { name: /thank/i }).waitFor();

      // A file field's size and types, stored and on the preview's file input.
      await page.getByRole('button', { name: 'Edit Upload' }).click();
      await properties.getByLabel('Largest file (MB)').fill('5');
      await properties.getByLabel(/^Accepted types/).fill('image/*, application/pdf');
      await saved();
      expect((await storedField('upload'))!.fileConfig).toEqual({
        maxSizeMB: 5,
        allowedTypes: ['image/*', 'application/pdf'],
      });
      expect(await preview.getByLabel('Upload').getAttribute('accept')).toBe('image/*,application/pdf');
      expect(await axeViolations(page)).toEqual([]);

      // A text field turned into a choice gets an option; the preview draws radios.
      await page.getByRole('button', { name: 'Edit Extra' }).click();
      await properties.getByLabel('Field type').selectOption('radio');
      await properties.getByLabel('Option 1 label').fill('Yes please');
      await saved();
      expect(await storedField('extra')).toMatchObject({
        type: 'radio',
        options: [{ label: 'Yes please', value: 'option_1' }],
      });
      await preview.getByRole('radio', { name: 'Yes please' }).waitFor();
      // Back to text: the options go.
      await properties.getByLabel('Field type').selectOption('textarea');
      await saved();
      expect(await storedField('extra')).not.toHaveProperty('options');
      expect(await preview.getByRole('textbox', { name: 'Extra' }).evaluate((e) => e.tagName)).toBe(
        'TEXTAREA',
      );

      // Removed: gone from the list, the preview and the server; its properties close.
      await page.getByRole('button', { name: 'Remove Extra' }).click();
      await page.getByText('Select a field or a section to edit it.').waitFor();
      await saved();
      expect(await storedField('extra')).toBeUndefined();
      expect(await preview.getByLabel('Extra').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Edit Extra' }).count()).toBe(0);
      expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
    }, 180_000);

    it('translations typed side by side are stored and shown by the preview in that language; the completion message and redirect', async () => {
      const signup = schemaOf('Signup', { main: ['Name'] });
      const { page, problems, stored, saved, preview } = await open({
        ...signup,
        fields: signup.fields.map((f) => ({ ...f, required: true })),
      });

      // The completion first, so its message is there to translate.
      await page.getByRole('tab', { name: 'Texts and completion' }).click();
      await page.getByLabel('Message after submitting').fill('Thanks, see you soon');
      await page.getByLabel(/^Redirect to/).fill('https://example.com/thanks');
      await saved();
      expect(await axeViolations(page)).toEqual([]);
      expect((await stored()).settings?.completion).toEqual({
        message: 'Thanks, see you soon',
        redirectUrl: 'https://example.com/thanks',
      });

      await page.getByRole('tab', { name: 'Translations' }).click();
      await page.getByRole('tabpanel', { name: 'Translations' }).getByLabel('Language').selectOption('de');
      const box = (key: string) => page.getByRole('textbox', { name: `Translation of ${key}` });
      expect(await box('fields.name.label').getAttribute('placeholder')).toBe('Name');
      await box('meta.title').fill('Anmeldung');
      await box('fields.name.label').fill('Vollständiger Name');
      await box('meta.submitLabel').fill('Senden');
      await box('completion.message').fill('Danke, bis bald');
      await box('sections.main.title').fill('Haupt');
      await box('sections.main.title').fill(''); // an emptied box is no translation
      await saved();
      expect(await axeViolations(page)).toEqual([]);
      expect((await stored()).translations).toEqual({
        de: {
          'meta.title': 'Anmeldung',
          'fields.name.label': 'Vollständiger Name',
          'meta.submitLabel': 'Senden',
          'completion.message': 'Danke, bis bald',
        },
      });

      // The preview in German, then in English; its submit shows the message and stays on the builder.
      await page.getByRole('tab', { name: 'Build' }).click();
      const redirectNote = page.getByText(
        'After submitting, a respondent is sent to https://example.com/thanks; the preview stays here.',
      );
      await redirectNote.waitFor();
      const language = page.getByLabel('Preview language');
      expect(
        await language.locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value)),
      ).toEqual(['en', 'de']);
      await language.selectOption('de');
      await preview.getByRole('heading', { name: 'Anmeldung', level: 1 }).waitFor();
      // The engine's own messages are German too: the dashboard fetched the language's texts.
      await preview.getByRole('button', { name: 'Senden' }).click();
      await preview.getByText('Dies ist ein Pflichtfeld.').waitFor();
      await preview.getByRole('textbox', { name: 'Vollständiger Name' }).fill('Ada');
      expect(await preview.getByLabel('Name', { exact: true }).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await preview.getByRole('button', { name: 'Senden' }).click();
      await preview.getByText('Danke, bis bald').waitFor();
      expect(new URL(page.url()).pathname).toMatch(/^\/app\/forms\//);
      await language.selectOption('en');
      await preview.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada');
      await preview.getByRole('button', { name: 'Send' }).click();
      await preview.getByText('Thanks, see you soon').waitFor();
      await page.waitForTimeout(300); // a redirect, were there one, would have begun
      expect(new URL(page.url()).pathname).toMatch(/^\/app\/forms\//);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
    }, 180_000);
  },
);
