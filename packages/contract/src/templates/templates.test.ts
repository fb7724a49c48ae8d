import { describe, expect, it } from 'vitest';
import { checkSchema, schemaWarnings } from '../engine/integrity/index.js';
import { recallReferences } from '../engine/texts/recall.js';
import { translationKeys } from '../engine/texts/translation-keys.js';
import { FormSchema } from '../models/form-schema.js';
import { LANGUAGES } from '../models/limits.js';
import { TEMPLATE_CATEGORIES } from '../models/template.js';
import { formTemplate, formTemplates, templateView } from './index.js';

const OTHER_LANGUAGES = LANGUAGES.filter((language) => language !== 'en');
const templates = formTemplates();

describe('the template library', () => {
  it('has at least 24 templates with unique ids, each in a known category', () => {
    expect(templates.length).toBeGreaterThanOrEqual(24);
    expect(new Set(templates.map((tpl) => tpl.id)).size).toBe(templates.length);
    for (const tpl of templates) expect(TEMPLATE_CATEGORIES).toContain(tpl.category);
  });

  it('finds a template by id and nothing for an unknown one', () => {
    expect(formTemplate('nps-survey')?.schema.fields.some((f) => f.type === 'nps')).toBe(true);
    expect(formTemplate('no-such-template')).toBeUndefined();
  });

  it('shows a template in the language asked for, with a schema that carries all six', () => {
    const nps = formTemplate('nps-survey');
    if (nps === undefined) throw new Error('no NPS template');
    const view = templateView(nps, 'de');
    expect(view).toMatchObject({ id: 'nps-survey', category: 'feedback', name: 'NPS-Umfrage' });
    expect(view.description).toBe(nps.description.de);
    expect(view.languages).toEqual(['en', 'tr', 'es', 'it', 'de', 'nl']);
    expect(view.schema.meta.language).toBe('en');
    expect(templateView(nps).name).toBe('NPS survey');
  });

  describe.each(templates.map((tpl) => [tpl.id, tpl] as const))('%s', (_id, tpl) => {
    it('is a valid schema: no integrity problem, no warning, within the size limit', () => {
      expect(FormSchema.parse(tpl.schema)).toEqual(tpl.schema);
      expect(checkSchema(tpl.schema)).toEqual([]);
      expect(schemaWarnings(tpl.schema)).toEqual([]);
      expect(new TextEncoder().encode(JSON.stringify(tpl.schema)).length).toBeLessThan(64 * 1024);
    });

    it('names and describes itself in the six languages', () => {
      for (const language of LANGUAGES) {
        expect(tpl.name[language].trim()).not.toBe('');
        expect(tpl.description[language].trim()).not.toBe('');
      }
      for (const language of OTHER_LANGUAGES) expect(tpl.description[language]).not.toBe(tpl.description.en);
    });

    it('has every text in every language: present, recalling the same answers, translated', () => {
      const keys = translationKeys(tpl.schema);
      expect(keys.length).toBeGreaterThan(3);
      for (const language of OTHER_LANGUAGES) {
        const table = tpl.schema.translations?.[language] ?? {};
        for (const { key, text } of keys) {
          const translated = table[key];
          expect(translated?.trim(), `${language} ${key}`).toBeTruthy();
          expect(recallReferences(translated ?? '').sort(), `${language} ${key}`).toEqual(
            recallReferences(text).sort(),
          );
          if (translated !== text) continue;
          // A word such as "Email" or "Hybrid" may be the same in two languages, and a name or a
          // number ("Miguel de Cervantes", "100 °C") the same in all six; a sentence never is.
          const everywhere = OTHER_LANGUAGES.every(
            (other) => tpl.schema.translations?.[other]?.[key] === text,
          );
          const words = text.split(/\s+/).length;
          expect(
            words <= (everywhere ? 4 : 2) && !/[.?!…:]$/.test(text),
            `${language} ${key} "${text}" is untranslated`,
          ).toBe(true);
        }
      }
    });
  });
});
