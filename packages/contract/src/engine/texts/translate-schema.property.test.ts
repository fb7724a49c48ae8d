import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answersArb, formSchemaArb } from '../../../test/support/arbitraries.js';
import type { FormSchema } from '../../models/form-schema.js';
import { LANGUAGES } from '../../models/limits.js';
import { checkSchema } from '../integrity/index.js';
import { validateResponse } from '../validate/validate-response.js';
import { translateSchema } from './translate-schema.js';
import { translationKeys } from './translation-keys.js';

const RUNS = Number(process.env.FC_RUNS ?? 100);

/** A schema with a full translation into another language, every text prefixed with its language. */
const translatedArb = formSchemaArb.chain((schema) =>
  fc.constantFrom(...LANGUAGES.filter((l) => l !== schema.meta.language)).map((language) => {
    const table = Object.fromEntries(translationKeys(schema).map((t) => [t.key, `${language}: ${t.text}`]));
    const withTexts: FormSchema = { ...schema, translations: { [language]: table } };
    return { schema: withTexts, language };
  }),
);

describe('translateSchema properties', () => {
  it('a full translation passes checkSchema, and so does the translated form', () => {
    fc.assert(
      fc.property(translatedArb, ({ schema, language }) => {
        expect(checkSchema(schema)).toEqual([]);
        const translated = translateSchema(schema, language);
        expect(checkSchema(translated)).toEqual([]);
        expect(translationKeys(translated).every((t) => t.text.startsWith(`${language}: `))).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('answers validate the same in every language: same outcome, same fields, same values', () => {
    fc.assert(
      fc.property(
        translatedArb.chain((t) => answersArb(t.schema).map((answers) => ({ ...t, answers }))),
        ({ schema, language, answers }) => {
          const base = validateResponse(schema, answers);
          const translated = validateResponse(translateSchema(schema, language), answers);
          expect(translated.ok).toBe(base.ok);
          expect(translated.value).toEqual(base.value);
          expect(translated.errors.map((e) => `${e.fieldId} ${e.rule}`)).toEqual(
            base.errors.map((e) => `${e.fieldId} ${e.rule}`),
          );
        },
      ),
      { numRuns: RUNS },
    );
  });
});
