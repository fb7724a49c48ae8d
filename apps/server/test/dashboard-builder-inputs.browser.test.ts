import { CONDITION_OPERATORS, type Field, type FormSchema, operatorAppliesTo } from '@formloom/contract';
import { axeViolations } from '@formloom/server/testing/axe';
import { chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { describe, expect, it } from 'vitest';
import {
  builderSaved,
  fitsWidth,
  isFocused,
  openBuilder,
  optionValues,
  PHONE,
  useDashboardServer,
} from './dashboard-support.js';

const executable = chromiumOrSkip();
const DESKTOP = { width: 1280, height: 1100 };

const schema: FormSchema = {
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: 'Inputs and notices', language: 'en', submitLabel: 'Send' },
  sections: [{ id: 'main', title: 'Main', order: 0 }],
  fields: [{ id: 'name', sectionId: 'main', type: 'text', label: 'Name', order: 0 }],
};

/** The operators the engine allows on a type, sorted (the select lists the current one first). */
const operatorsOf = (type: Field['type']) =>
  CONDITION_OPERATORS.filter((op) => operatorAppliesTo(op, type)).sort();

describe.skipIf(executable === undefined)(
  'the builder in Chromium: phone, url, time, datetime, address, signature, consent and statement',
  () => {
    const pages = usePages(executable);
    const server = useDashboardServer('formloom-builder-inputs-');

    it('adds each type by mouse or keyboard, configures it, sets conditions on them, lists their texts for translation; the API reads back what was built', async () => {
      const opened = await pages.open('about:blank', DESKTOP);
      const form = await openBuilder(opened, server(), schema);
      const { page, problems } = opened;
      page.setDefaultTimeout(30_000);
      const properties = page.getByRole('region', { name: /^Properties/ });
      const saved = () => builderSaved(opened);
      const label = () => properties.getByRole('combobox', { name: 'Label', exact: true });
      const addByMouse = async (type: Field['type'], text: string) => {
        await page.getByLabel('Field type').first().selectOption(type);
        await page.getByRole('button', { name: 'Add a field' }).click();
        await label().fill(text);
      };
      // The type picked in the focused select, then Tab past the section to "Add a field" and Enter.
      const addByKeyboard = async (type: Field['type'], text: string) => {
        const select = page.getByLabel('Field type').first();
        await select.focus();
        await select.selectOption(type);
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        expect(await isFocused(page.getByRole('button', { name: 'Add a field' }))).toBe(true);
        await page.keyboard.press('Enter');
        await expect.poll(() => properties.getByLabel('Field type').inputValue()).toBe(type);
        await label().fill(text);
      };

      // A phone read in Germany, its countries named in the dashboard's language, with a pattern.
      await addByMouse('phone', 'Your phone');
      const country = properties.getByLabel('Default country');
      expect(await country.inputValue()).toBe('');
      expect(await country.locator('option[value="DE"]').textContent()).toBe('Germany');
      expect(await country.locator('option[value="JP"]').textContent()).toBe('Japan');
      await country.selectOption('DE');
      await properties.getByRole('button', { name: 'Add a rule' }).click();
      // A phone takes a pattern but no length: the new rule is its pattern (the list keeps its
      // order whichever type is chosen).
      expect(await optionValues(properties.getByLabel('Rule 1 type'))).toEqual(['required', 'pattern']);
      expect(await properties.getByLabel('Rule 1 type').inputValue()).toBe('pattern');
      await properties.getByLabel('Rule 1 value').fill('^\\+49');

      // A website by keyboard, with a minimum and maximum length.
      await addByKeyboard('url', 'Your website');
      await properties.getByRole('button', { name: 'Add a rule' }).click();
      expect(await properties.getByLabel('Rule 1 type').inputValue()).toBe('maxLength');
      await properties.getByLabel('Rule 1 value').fill('200');
      await properties.getByRole('button', { name: 'Add a rule' }).click();
      await properties.getByLabel('Rule 2 type').selectOption('minLength');
      await properties.getByLabel('Rule 2 value').fill('10');

      await addByMouse('time', 'Arrival time');
      await addByKeyboard('datetime', 'Meeting');

      // An address asking for the postal code and not the city, the checkbox toggled by keyboard.
      await addByMouse('address', 'Postal address');
      const parts = properties.getByRole('group', { name: 'Parts an answer must fill in' });
      const part = (name: string) => parts.getByRole('checkbox', { name });
      expect(await part('Street and number').isChecked()).toBe(true);
      expect(await part('City').isChecked()).toBe(true);
      expect(await part('Postal code').isChecked()).toBe(false);
      expect(await part('Country').isChecked()).toBe(true);
      await part('Postal code').focus();
      await page.keyboard.press('Space');
      await part('City').click();
      await saved();

      await addByKeyboard('signature', 'Sign here');

      // A consent with a link, required; the text box says how a link is written.
      await addByMouse('consent', 'Privacy');
      const consentText = properties.getByRole('textbox', { name: 'Text the respondent agrees to' });
      expect(await consentText.inputValue()).toBe('I agree to the terms and conditions.');
      await properties.getByText('Write [label](https://…) for a link.', { exact: false }).waitFor();
      await consentText.fill('I agree to the [privacy policy](https://example.com/privacy).');
      await properties.getByRole('checkbox', { name: 'Required' }).check();

      // A statement: never answered, so neither required nor validated.
      await addByMouse('statement', 'Before you start');
      expect(await properties.getByRole('checkbox', { name: 'Required' }).count()).toBe(0);
      expect(await properties.getByRole('button', { name: 'Add a rule' }).count()).toBe(0);
      await properties
        .getByRole('textbox', { name: 'Text shown' })
        .fill('Read [our terms](https://example.com/terms).');
      await saved();
      expect(await axeViolations(page)).toEqual([]);
      await page.setViewportSize(PHONE);
      expect(await fitsWidth(opened)).toBe(true);
      await page.setViewportSize(DESKTOP);

      // Conditions on them, built in the editor of the Name field.
      await page.getByRole('button', { name: 'Edit Name' }).click();
      await properties.getByRole('checkbox', { name: 'Show or hide by conditions' }).check();
      const target = (c: number) => properties.getByLabel(`Group 1, condition ${c}: field`);
      const operator = (c: number) => properties.getByLabel(`Group 1, condition ${c}: operator`);
      const value = (c: number) => properties.getByLabel(`Group 1, condition ${c}: value`, { exact: true });
      // A statement has no answer to compare.
      expect(await optionValues(target(1))).not.toContain('statement_1');
      for (const [id, type] of [
        ['phone_1', 'phone'],
        ['url_1', 'url'],
        ['signature_1', 'signature'],
      ] as const) {
        await target(1).selectOption(id);
        expect((await optionValues(operator(1))).sort()).toEqual(operatorsOf(type));
      }
      // An address compares its country, picked by name.
      await target(1).selectOption('address_1');
      expect((await optionValues(operator(1))).sort()).toEqual(operatorsOf('address'));
      await operator(1).selectOption('equals');
      expect(await optionValues(properties.getByLabel('Group 1, condition 1: part'))).toEqual(['country']);
      expect(await value(1).locator('option[value="FR"]').textContent()).toBe('France');
      await value(1).selectOption('FR');
      // A time after half past nine.
      const addCondition = () => properties.getByRole('button', { name: 'Add a condition (and)' }).click();
      await addCondition();
      await target(2).selectOption('time_1');
      expect((await optionValues(operator(2))).sort()).toEqual(operatorsOf('time'));
      await operator(2).selectOption('after');
      expect(await value(2).getAttribute('type')).toBe('time');
      await value(2).fill('09:30');
      // A date and time before a moment an hour east of UTC.
      await addCondition();
      await target(3).selectOption('datetime_1');
      expect((await optionValues(operator(3))).sort()).toEqual(operatorsOf('datetime'));
      await operator(3).selectOption('before');
      expect(await value(3).getAttribute('type')).toBe('datetime-local');
      await properties.getByLabel('Group 1, condition 3: value: UTC offset').selectOption('+01:00');
      await value(3).fill('2026-12-01T09:30');
      // A consent, given.
      await addCondition();
      await target(4).selectOption('consent_1');
      expect((await optionValues(operator(4))).sort()).toEqual(operatorsOf('consent'));
      await operator(4).selectOption('isChecked');
      expect(await value(4).count()).toBe(0);
      // A phone number written nationally, kept as E.164 read in the phone's default country.
      await addCondition();
      await target(5).selectOption('phone_1');
      await operator(5).selectOption('equals');
      await value(5).fill('030 1234567');
      await value(5).blur();
      expect(await value(5).inputValue()).toBe('+49301234567');
      await saved();
      expect(await axeViolations(page)).toEqual([]);
      await page.setViewportSize(PHONE);
      expect(await fitsWidth(opened)).toBe(true);
      await page.setViewportSize(DESKTOP);

      // The preview draws them: the consent's text with its https link, opened safely.
      const previewLink = page
        .locator('section[aria-labelledby="builder-preview"]')
        .getByRole('link', { name: 'privacy policy' });
      await previewLink.waitFor();
      expect(await previewLink.getAttribute('href')).toBe('https://example.com/privacy');
      expect(await previewLink.getAttribute('rel')).toContain('noopener');

      // The consent's and the statement's texts are translated like the others.
      await page.getByRole('tab', { name: 'Translations' }).click();
      await page.getByRole('tabpanel', { name: 'Translations' }).getByLabel('Language').selectOption('de');
      const box = (key: string) => page.getByRole('textbox', { name: `Translation of ${key}` });
      expect(await box('fields.consent_1.consent').getAttribute('placeholder')).toBe(
        'I agree to the [privacy policy](https://example.com/privacy).',
      );
      expect(await box('fields.statement_1.statement').getAttribute('placeholder')).toBe(
        'Read [our terms](https://example.com/terms).',
      );
      await box('fields.consent_1.consent').fill(
        'Ich stimme der [Datenschutzerklärung](https://example.com/privacy) zu.',
      );
      await saved();
      expect(await axeViolations(page)).toEqual([]);

      const stored = (await server().api.forms.retrieve(form.id)).schema;
      const byId = (id: string) => {
        const { sectionId: _s, order: _o, ...rest } = stored.fields.find((f) => f.id === id)!;
        return rest;
      };
      expect(byId('phone_1')).toEqual({
        id: 'phone_1',
        type: 'phone',
        label: 'Your phone',
        phone: { defaultCountry: 'DE' },
        validation: { rules: [{ type: 'pattern', value: '^\\+49' }] },
      });
      expect(byId('url_1')).toEqual({
        id: 'url_1',
        type: 'url',
        label: 'Your website',
        validation: {
          rules: [
            { type: 'maxLength', value: 200 },
            { type: 'minLength', value: 10 },
          ],
        },
      });
      expect(byId('time_1')).toEqual({ id: 'time_1', type: 'time', label: 'Arrival time' });
      expect(byId('datetime_1')).toEqual({ id: 'datetime_1', type: 'datetime', label: 'Meeting' });
      expect(byId('address_1')).toEqual({
        id: 'address_1',
        type: 'address',
        label: 'Postal address',
        address: { required: ['line1', 'postalCode', 'country'] },
      });
      expect(byId('signature_1')).toEqual({ id: 'signature_1', type: 'signature', label: 'Sign here' });
      expect(byId('consent_1')).toEqual({
        id: 'consent_1',
        type: 'consent',
        label: 'Privacy',
        required: true,
        consent: { text: 'I agree to the [privacy policy](https://example.com/privacy).' },
      });
      expect(byId('statement_1')).toEqual({
        id: 'statement_1',
        type: 'statement',
        label: 'Before you start',
        statement: { text: 'Read [our terms](https://example.com/terms).' },
      });
      expect(byId('name').conditionalLogic).toEqual({
        action: 'show',
        conditionGroups: [
          {
            conditions: [
              { fieldId: 'address_1', part: 'country', operator: 'equals', value: 'FR' },
              { fieldId: 'time_1', operator: 'after', value: '09:30' },
              { fieldId: 'datetime_1', operator: 'before', value: '2026-12-01T09:30:00+01:00' },
              { fieldId: 'consent_1', operator: 'isChecked' },
              { fieldId: 'phone_1', operator: 'equals', value: '+49301234567' },
            ],
          },
        ],
      });
      expect(stored.translations).toEqual({
        de: {
          'fields.consent_1.consent':
            'Ich stimme der [Datenschutzerklärung](https://example.com/privacy) zu.',
        },
      });
      // 401: the session check before sign-in.
      expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
    }, 400_000);
  },
);
