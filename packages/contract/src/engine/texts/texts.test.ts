import { describe, expect, it } from 'vitest';
import { type FormSchema, FormSchema as FormSchemaModel } from '../../models/form-schema.js';
import { checkSchema } from '../integrity/index.js';
import fixture from './fixtures/texts.fixture.json' with { type: 'json' };
import { formLanguages, type LanguageRequest, pickLanguage } from './languages.js';
import { recallReferences, recallText } from './recall.js';
import { translateSchema } from './translate-schema.js';
import { RESPONDENT_COPY_SUBJECT, translationKeys } from './translation-keys.js';

const schema = fixture.schema as FormSchema;

interface RecallCase {
  name: string;
  text: string;
  answers: Record<string, unknown>;
  variables?: Record<string, number | string>;
  language?: 'de';
  expected: string;
}

describe('pickLanguage (fixtures)', () => {
  it.each(fixture.pickLanguage.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(pickLanguage(schema, c.request as LanguageRequest)).toBe(c.expected);
  });
});

describe('recallText (fixtures)', () => {
  it.each((fixture.recall as RecallCase[]).map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const shown = c.language ? translateSchema(schema, c.language) : schema;
    expect(recallText(c.text, { schema: shown, answers: c.answers, variables: c.variables })).toBe(
      c.expected,
    );
  });

  it('lists the ids a text recalls, each once', () => {
    expect(recallReferences('{{a}} {{ b.c }} {{a}} {x}')).toEqual(['a', 'b.c']);
    expect(recallReferences('no recall')).toEqual([]);
  });
});

describe('formLanguages', () => {
  it('is the base language first, then the translated ones', () => {
    expect(formLanguages(schema)).toEqual(['en', 'de', 'nl']);
    expect(formLanguages({ ...schema, translations: undefined })).toEqual(['en']);
  });
});

describe('translationKeys', () => {
  it('lists every existing text with its key and base text, in reading order', () => {
    const keys = translationKeys(schema).map(({ key, text }) => `${key}=${text}`);
    expect(keys).toEqual([
      'meta.title=Sign-up',
      'meta.description=Hello {{name}}',
      'sections.about.title=About you',
      'sections.about.description=A few words about you',
      'fields.name.label=Name',
      'fields.age.label=Age',
      'fields.born.label=Born',
      'fields.plan.label=Plan',
      'fields.plan.options.free=Free',
      'fields.plan.options.pro=Professional',
      'fields.tools.label=Tools',
      'fields.tools.options.hammer=Hammer',
      'fields.tools.options.saw=Saw',
      'fields.cv.label=CV',
      'fields.utm.label=Source',
      'completion.message=Thanks {{name}}, you scored {{score}}.',
    ]);
  });

  it('names placeholders, help texts, the submit label and rule messages when they exist', () => {
    const withMore: FormSchema = {
      ...schema,
      meta: { ...schema.meta, submitLabel: 'Send' },
      fields: [
        {
          id: 'name',
          sectionId: 'about',
          type: 'text',
          label: 'Name',
          order: 0,
          placeholder: 'Ada',
          helpText: 'As in your passport',
          validation: {
            rules: [
              { type: 'minLength', value: 2 },
              { type: 'required', message: 'Say who you are' },
            ],
          },
        },
      ],
    };
    const keys = translationKeys(withMore).map((t) => t.key);
    expect(keys).toContain('meta.submitLabel');
    expect(keys).toContain('fields.name.placeholder');
    expect(keys).toContain('fields.name.helpText');
    expect(keys).toContain('fields.name.rules.1.message');
    expect(keys).not.toContain('fields.name.rules.0.message');
  });
});

describe('translateSchema', () => {
  const full: FormSchema = {
    ...schema,
    translations: {
      de: Object.fromEntries(translationKeys(schema).map((t) => [t.key, `DE ${t.text}`])),
    },
  };

  it('replaces every text it has, keeps ids and values, and drops translations', () => {
    expect(checkSchema(full)).toEqual([]);
    const de = translateSchema(full, 'de');
    expect(de.translations).toBeUndefined();
    expect(de.meta).toMatchObject({ language: 'de', title: 'DE Sign-up', description: 'DE Hello {{name}}' });
    expect(de.settings?.completion?.message).toBe('DE Thanks {{name}}, you scored {{score}}.');
    expect(de.sections[0]).toMatchObject({ title: 'DE About you', description: 'DE A few words about you' });
    expect(de.fields.map((f) => f.id)).toEqual(schema.fields.map((f) => f.id));
    expect(de.fields[3]?.options).toEqual([
      { label: 'DE Free', value: 'free', score: 0 },
      { label: 'DE Professional', value: 'pro', score: 2 },
    ]);
    // Every text of the translated form is now the German one.
    expect(translationKeys(de).every((t) => t.text.startsWith('DE '))).toBe(true);
    expect(checkSchema(de)).toEqual([]);
  });

  it('falls back to the base text for a missing or empty translation', () => {
    const partial: FormSchema = {
      ...schema,
      translations: { nl: { 'meta.title': 'Aanmelding', 'fields.name.label': '' } },
    };
    const nl = translateSchema(partial, 'nl');
    expect(nl.meta.title).toBe('Aanmelding');
    expect(nl.fields[0]?.label).toBe('Name');
    expect(nl.sections[0]).toMatchObject({ title: 'About you', description: 'A few words about you' });
  });

  it('leaves the base language as it is, and does not change its input', () => {
    const before = JSON.stringify(full);
    const en = translateSchema(full, 'en');
    expect(JSON.stringify(full)).toBe(before);
    const { translations: _dropped, ...rest } = full;
    expect(en).toEqual(rest);
  });
});

describe("a section's description", () => {
  const guests: FormSchema = {
    ...schema,
    sections: [
      ...schema.sections,
      { id: 'guests', title: 'Guests', description: 'About {{guest}}', order: 1, repeat: { max: 5 } },
    ],
    fields: [...schema.fields, { id: 'guest', sectionId: 'guests', type: 'text', label: 'Guest', order: 0 }],
    translations: {
      de: { 'sections.about.description': 'Ein paar Worte', 'sections.guests.description': 'Über {{guest}}' },
    },
  };
  const problems = (translations: FormSchema['translations']) =>
    checkSchema({ ...guests, translations }).map((p) => [p.code, p.message]);

  it('is translatable, recalled only in a repeating section, and translated for the respondent', () => {
    const texts = translationKeys(guests).filter((t) => t.key.endsWith('.description'));
    expect(texts.map(({ key, recall }) => [key, recall])).toEqual([
      ['meta.description', true],
      ['sections.about.description', false],
      ['sections.guests.description', true],
    ]);
    expect(checkSchema(guests)).toEqual([]);
    const de = translateSchema(guests, 'de');
    expect(de.sections.map((s) => s.description)).toEqual(['Ein paar Worte', 'Über {{guest}}']);
    expect(de.sections[1]?.repeat).toEqual({ max: 5 });
  });

  it('is refused where the section has none, and a repeating one recalls only what its titles may', () => {
    const bare: FormSchema = {
      ...guests,
      sections: [{ id: 'about', title: 'About you', order: 0 }, guests.sections[1]!],
    };
    expect(checkSchema({ ...bare, translations: { de: { 'sections.about.description': 'Worte' } } })).toEqual(
      [
        expect.objectContaining({
          code: 'unknown_translation_key',
          message:
            'Translation key "sections.about.description": section "about" has no description to translate; add the base text first.',
        }),
      ],
    );
    expect(problems({ de: { 'sections.guests.description': 'Über {{gast}}' } })).toEqual([
      [
        'unknown_recall_reference',
        'The "de" text of the description of section "guests" recalls "{{gast}}", but "gast" is neither a field nor a variable of this form.',
      ],
    ]);
    // A plain section's description is shown as written: braces there recall nothing.
    expect(problems({ de: { 'sections.about.description': 'Worte {{gast}}' } })).toEqual([]);
  });
});

describe("the respondent copy's subject", () => {
  const withSubject = (translated: string): FormSchema => ({
    ...schema,
    fields: [...schema.fields, { id: 'email', sectionId: 'about', type: 'email', label: 'Email', order: 9 }],
    settings: {
      ...schema.settings,
      notifications: { respondentCopy: { emailFieldId: 'email', subject: 'Your answers' } },
    },
    translations: {
      ...schema.translations,
      de: { ...schema.translations?.de, [RESPONDENT_COPY_SUBJECT]: translated },
    },
  });

  it('is a translatable text (no recall) that translateSchema replaces; a missing translation keeps the base', () => {
    const form = withSubject('Ihre Antworten');
    expect(translationKeys(form).find((t) => t.key === RESPONDENT_COPY_SUBJECT)).toMatchObject({
      text: 'Your answers',
      recall: false,
    });
    expect(checkSchema(form)).toEqual([]);
    expect(translateSchema(form, 'de').settings?.notifications?.respondentCopy?.subject).toBe(
      'Ihre Antworten',
    );
    expect(translateSchema(form, 'nl').settings?.notifications?.respondentCopy?.subject).toBe('Your answers');
    // The rest of the settings (the completion message) is translated alongside.
    expect(translateSchema(form, 'de').settings?.completion?.message).toBe(
      translateSchema(schema, 'de').settings?.completion?.message,
    );
  });

  it('must be one line in every language, as the base subject', () => {
    const parsed = FormSchemaModel.safeParse(withSubject('Hallo\r\nBcc: a@b.example'));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ['translations', 'de', RESPONDENT_COPY_SUBJECT],
      message: 'must be one line, without line breaks or control characters',
    });
    expect(FormSchemaModel.safeParse(withSubject('Ihre Antworten')).success).toBe(true);
  });
});
