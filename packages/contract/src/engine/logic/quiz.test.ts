import { describe, expect, it } from 'vitest';
import type { FormSchema } from '../../models/form-schema.js';
import { checkSchema, schemaWarnings } from '../integrity/index.js';
import { translateSchema } from '../texts/translate-schema.js';
import { translationKeys } from '../texts/translation-keys.js';
import { compileForm } from '../validate/compile-form.js';
import { computeVariables, validateResponse } from '../validate/validate-response.js';
import { isRightAnswer } from './expressions.js';
import { formPath } from './pages.js';
import { markQuiz, withoutQuizAnswers } from './quiz.js';

/** A three-question quiz: one radio, one checkbox with two right options, one question shown only to some. */
function quiz(extra: Partial<FormSchema> = {}): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2024-01-01',
    meta: { title: 'Quiz', language: 'en' },
    settings: {
      quiz: { feedback: 'at-end', passScore: 60 },
      endings: [
        {
          id: 'top',
          title: 'Top marks',
          message: '{{right}} of 3',
          conditionGroups: [{ conditions: [{ fieldId: 'right', operator: 'greaterThan', value: 2 }] }],
        },
      ],
    },
    sections: [{ id: 's', title: 'Quiz', order: 0 }],
    fields: [
      {
        id: 'capital',
        sectionId: 's',
        type: 'radio',
        label: 'Capital of France?',
        order: 0,
        options: [
          { label: 'Paris', value: 'paris', correct: true, feedback: 'Yes: Paris.' },
          { label: 'Lyon', value: 'lyon', feedback: 'Lyon is the third city.' },
        ],
      },
      {
        id: 'primes',
        sectionId: 's',
        type: 'checkbox',
        label: 'Which are prime?',
        order: 1,
        options: [
          { label: '2', value: '2', correct: true },
          { label: '3', value: '3', correct: true },
          { label: '4', value: '4', feedback: '4 = 2 x 2.' },
        ],
      },
      {
        id: 'bonus',
        sectionId: 's',
        type: 'select',
        label: 'Bonus: 6 x 7?',
        order: 2,
        options: [
          { label: '42', value: '42', correct: true },
          { label: '48', value: '48' },
        ],
        conditionalLogic: {
          action: 'show',
          conditionGroups: [{ conditions: [{ fieldId: 'capital', operator: 'equals', value: 'paris' }] }],
        },
      },
      { id: 'name', sectionId: 's', type: 'text', label: 'Name', order: 3 },
    ],
    variables: [
      { id: 'right', type: 'number', expression: { correctCount: true } },
      { id: 'firstRight', type: 'text', expression: { if: [{ correct: 'capital' }, 'yes', 'no'] } },
    ],
    ...extra,
  };
}

describe('marking a quiz', () => {
  it('takes one correct option for a single choice, and exactly the correct set for a multiple one', () => {
    const [capital, primes] = quiz().fields;
    expect(isRightAnswer(capital!, 'paris')).toBe(true);
    expect(isRightAnswer(capital!, 'lyon')).toBe(false);
    expect(isRightAnswer(capital!, undefined)).toBe(false);
    expect(isRightAnswer(primes!, ['3', '2'])).toBe(true);
    expect(isRightAnswer(primes!, ['2'])).toBe(false);
    expect(isRightAnswer(primes!, ['2', '3', '4'])).toBe(false);
    expect(isRightAnswer(primes!, ['2', '2'])).toBe(false);
    expect(isRightAnswer(primes!, ['2', { other: '3' }])).toBe(false);
    expect(isRightAnswer(primes!, '2')).toBe(false);
  });

  it('counts only the questions asked, with the share in percent and the pass mark', () => {
    const schema = quiz();
    const all = markQuiz(schema, { capital: 'paris', primes: ['2', '3'], bonus: '42' }, new Set(), true);
    expect(all).toEqual({
      correct: 3,
      total: 3,
      score: 100,
      passed: true,
      questions: [
        { fieldId: 'capital', correct: true, feedback: 'Yes: Paris.' },
        { fieldId: 'primes', correct: true },
        { fieldId: 'bonus', correct: true },
      ],
    });
    // The bonus is hidden for Lyon: two questions asked, none right.
    const hidden = compileForm(schema).visibility({ capital: 'lyon' }).hiddenFields;
    expect(markQuiz(schema, { capital: 'lyon', primes: ['4'] }, hidden)).toEqual({
      correct: 0,
      total: 2,
      score: 0,
      passed: false,
    });
    expect(markQuiz(schema, { capital: 'paris', primes: ['2'] }, new Set()).score).toBe(33);
    const noPass = quiz({ settings: { quiz: { feedback: 'none' } } });
    expect(markQuiz(noPass, { capital: 'paris' }, new Set()).passed).toBeNull();
  });

  it('computes `correct` and `correctCount` on the server, and an ending may read them', () => {
    const schema = quiz();
    const answers = { capital: 'paris', primes: ['2', '3'], bonus: '42', name: 'Ada' };
    const result = validateResponse(schema, answers);
    expect(result.ok && result.variables).toEqual({ right: 3, firstRight: 'yes' });
    expect(computeVariables(schema, { capital: 'lyon', bonus: '42' })).toEqual({
      right: 0,
      firstRight: 'no',
    });
    expect(formPath(schema, answers).endingId).toBe('top');
    expect(formPath(schema, { capital: 'paris', primes: ['2'] }).endingId).toBeNull();
    // A hidden question's answer is dropped before the count.
    expect(computeVariables(schema, { capital: 'lyon', bonus: '42', primes: ['2', '3'] }).right).toBe(1);
  });

  it('reads no marks from a public form: its options carry no right answers or feedback', () => {
    const schema = quiz({
      translations: {
        de: { 'fields.capital.feedback.paris': 'Ja: Paris.', 'fields.capital.label': 'Hauptstadt?' },
      },
    });
    const shown = withoutQuizAnswers(schema);
    expect(JSON.stringify(shown.fields)).not.toMatch(/"correct"|"feedback"/);
    expect(JSON.stringify(shown)).not.toMatch(/Yes: Paris|Ja: Paris|third city/);
    expect(shown.translations?.de).toEqual({ 'fields.capital.label': 'Hauptstadt?' });
    expect(computeVariables(shown, { capital: 'paris', primes: ['2', '3'] })).toEqual({
      right: 0,
      firstRight: 'no',
    });
    // The schema without a quiz is the same object.
    const plain = quiz({ fields: [quiz().fields[3]!], variables: [] });
    expect(withoutQuizAnswers(plain)).toBe(plain);
  });

  it('translates feedback like any option text', () => {
    const schema = quiz({ translations: { de: { 'fields.capital.feedback.paris': 'Ja: Paris.' } } });
    expect(translationKeys(schema).map((t) => t.key)).toContain('fields.primes.feedback.4');
    const german = translateSchema(schema, 'de');
    expect(markQuiz(german, { capital: 'paris' }, new Set(), true).questions?.[0]?.feedback).toBe(
      'Ja: Paris.',
    );
  });
});

describe('quiz integrity', () => {
  const codes = (schema: FormSchema) => checkSchema(schema).map((p) => `${p.code} ${p.path}`);

  it('takes a well-formed quiz', () => {
    expect(checkSchema(quiz())).toEqual([]);
    expect(schemaWarnings(quiz())).toEqual([]);
  });

  it('refuses marks read by show/hide, jumps and rules, directly or through another variable', () => {
    const schema = quiz();
    schema.variables!.push({ id: 'twice', type: 'number', expression: { '*': [{ var: 'right' }, 2] } });
    schema.fields[3]!.conditionalLogic = {
      action: 'show',
      conditionGroups: [{ conditions: [{ fieldId: 'twice', operator: 'greaterThan', value: 1 }] }],
    };
    schema.fields[3]!.validation = {
      rules: [{ type: 'required', when: { field: 'firstRight', equals: 'yes' } }],
    };
    expect(codes(schema)).toEqual([
      'marks_not_allowed $.fields[3].conditionalLogic.conditionGroups[0].conditions[0].fieldId',
      'marks_not_allowed $.fields[3].validation.rules[0].when.field',
    ]);
  });

  it('refuses `correct` of a field that is not a question, and quiz questions in repeating sections', () => {
    const schema = quiz();
    schema.variables![1]!.expression = { correct: 'name' };
    schema.variables!.push({ id: 'ghost', type: 'number', expression: { '+': [{ correct: 'nope' }, 1] } });
    schema.variables!.push({ id: 'bad', type: 'number', expression: { correctCount: 1 } });
    schema.sections.push({ id: 'kids', title: 'Kids', order: 1, repeat: { min: 0, max: 3 } });
    schema.fields.push({
      id: 'kid',
      sectionId: 'kids',
      type: 'radio',
      label: 'Pick',
      order: 0,
      options: [{ label: 'A', value: 'a', correct: true }],
    });
    expect(codes(schema)).toEqual([
      'correct_not_applicable $.variables[1].expression.correct',
      'unknown_field_reference $.variables[2].expression["+"][0].correct',
      'invalid_expression $.variables[3].expression.correctCount',
      'quiz_in_repeat $.fields[4].options',
    ]);
  });

  it('warns of a quiz without questions', () => {
    const schema = quiz({ variables: [] });
    schema.settings!.endings = [];
    for (const f of schema.fields) for (const o of f.options ?? []) delete o.correct;
    expect(schemaWarnings(schema).map((w) => w.code)).toEqual(['quiz_without_questions']);
  });
});
