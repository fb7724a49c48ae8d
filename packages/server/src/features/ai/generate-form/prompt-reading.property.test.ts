import { LANGUAGES } from '@formloom/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formProblems } from '../../../platform/form-problems.js';
import { draftToSchema, FormDraft } from './form-draft.js';
import { offlineFormDraft } from './offline-form.js';

/** Pieces prompts are made of, so random strings hit the reader's paths, not only plain letters. */
const PIECE = fc.constantFrom(
  ' ',
  ',',
  ', ',
  ' and ',
  ' or ',
  ' y ',
  ' und ',
  ' ve ',
  ': ',
  '. ',
  '(',
  ')',
  ';',
  '/',
  '-',
  '1-10',
  ' with ',
  ' mit ',
  ' form',
  ' email',
  ' choose',
  ' required',
  ' as a number',
  ' yes/no',
  ' içeren',
  'ş',
  '__',
  '{{score}}',
  '<b>',
  'x',
  // The question types' words (offline-questions.ts).
  '? ',
  ' rank these: ',
  ' how likely to recommend',
  ' from 0 to 100 %',
  ' 0-10',
  ' https://cdn.example.com/a.png',
  ' https://',
  ' agree with each statement: ',
  ' select all that apply: ',
  ' on a scale of 1 to 7',
  ' stars',
  ' top 2',
  ' none of the above',
  ' other',
  // A repeating section's words (offline-repeat.ts).
  ' for each guest ',
  ' list your ',
  ' one row per ',
  ' their ',
  ' für jeden ',
  ' her ',
  ' için ',
  ' listeleyin',
);
const PROMPT = fc.oneof(
  fc.string({ maxLength: 400 }),
  fc.array(fc.oneof(PIECE, fc.string({ maxLength: 8 })), { maxLength: 200 }).map((parts) => parts.join('')),
);

describe('the offline form reader on any prompt', () => {
  it('always makes a form that passes the same checks as a model answer, deterministically', () => {
    fc.assert(
      fc.property(PROMPT, fc.constantFrom(...LANGUAGES), (prompt, language) => {
        const draft = FormDraft.parse(offlineFormDraft(prompt, language));
        const schema = draftToSchema(draft, language);
        expect(formProblems(schema.meta.title, schema)).toEqual([]);
        expect(offlineFormDraft(prompt, language)).toEqual(draft);
      }),
      { numRuns: 300 },
    );
  });

  it('reads long adversarial prompts in linear time', () => {
    const adversarial = [
      '('.repeat(5_000),
      ', '.repeat(5_000),
      'with '.repeat(2_000),
      'a '.repeat(5_000),
      `${'-'.repeat(3_000)}x`,
      `${'1-'.repeat(2_000)}`,
      `form ${'ile '.repeat(2_000)}`,
      `Choose: ${'a or '.repeat(2_000)}`,
      `${'x'.repeat(10_000)} (${'y, '.repeat(1_000)})`,
      `${'https://a'.repeat(500)}.`,
      `${'1 to '.repeat(1_000)} %`,
      `${'? '.repeat(2_000)}`,
      `how likely to recommend ${'x and '.repeat(1_000)} 0 to 10`,
      'for each question '.repeat(1_000),
      `her ${'x '.repeat(3_000)}`,
      'her için '.repeat(2_000),
      `${'x '.repeat(3_000)} listeleyin`,
    ];
    for (const prompt of adversarial) {
      const started = performance.now();
      for (const language of LANGUAGES) offlineFormDraft(prompt, language);
      expect(performance.now() - started, prompt.slice(0, 20)).toBeLessThan(500);
    }
  });
});
