import { readFileSync } from 'node:fs';
import type { Field, FormSchema } from '@formloom/contract';
import { checkSchema } from '@formloom/contract/integrity';
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../../domain-errors.js';
import { groupsOf, parseExpression } from './survey-expression.js';
import { fromSurveyJs } from './surveyjs.js';

const corpus = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../corpus/surveyjs/${name}.json`, import.meta.url), 'utf8'));
const field = (schema: FormSchema, id: string): Field => {
  const found = schema.fields.find((f) => f.id === id);
  if (found === undefined) throw new Error(`no field ${id}`);
  return found;
};

describe('SurveyJS expressions', () => {
  it('reads comparisons, and, or, not and parentheses into OR-ed groups, not pushed to the comparisons', () => {
    const groups = groupsOf(parseExpression("{a} = 'x' and ({b} > 2 or not {c} empty)"));
    expect(groups).toEqual([
      [
        { comparison: { kind: 'cmp', name: 'a', op: '=', value: 'x' }, negated: false },
        { comparison: { kind: 'cmp', name: 'b', op: '>', value: 2 }, negated: false },
      ],
      [
        { comparison: { kind: 'cmp', name: 'a', op: '=', value: 'x' }, negated: false },
        { comparison: { kind: 'cmp', name: 'c', op: 'empty' }, negated: true },
      ],
    ]);
    // not (A or B) is (not A and not B).
    expect(groupsOf(parseExpression("!({a} = 1 || {b} <> 'y')"))).toHaveLength(1);
  });

  it('refuses what a condition cannot say, with the reason', () => {
    expect(() => parseExpression('{a} = {b}')).toThrow(/two questions/);
    expect(() => parseExpression('age({birth}) > 18')).toThrow(/age/);
    expect(() => parseExpression("{a} = 'x")).toThrow(/not closed/);
    expect(() => parseExpression('{a} + 1 > 2')).toThrow();
    expect(() => parseExpression(`${'{a} = 1 or '.repeat(300)}{a} = 1`)).toThrow(/2,000/);
  });
});

describe('SurveyJS import', () => {
  it('an NPS survey: a 0..10 scale, features shown to promoters, endings by score', () => {
    const { schema, report } = fromSurveyJs(corpus('nps-with-followups'));
    expect(checkSchema(schema)).toEqual([]);
    expect(field(schema, 'nps_score')).toMatchObject({
      type: 'scale',
      required: true,
      scale: { min: 0, max: 10, lowLabel: 'Most unlikely', highLabel: 'Most likely' },
    });
    expect(field(schema, 'promoter_features')).toMatchObject({
      type: 'checkbox',
      other: { label: 'Other feature:' },
      validation: {
        rules: [{ type: 'maxLength', value: 2, message: 'Please select two features maximum.' }],
      },
      conditionalLogic: {
        action: 'show',
        conditionGroups: [
          { conditions: [{ fieldId: 'nps_score', operator: 'greaterThanOrEqual', value: 9 }] },
        ],
      },
    });
    expect(field(schema, 'disappointing_experience').conditionalLogic?.conditionGroups).toEqual([
      {
        conditions: [
          { fieldId: 'nps_score', operator: 'isNotEmpty' },
          { fieldId: 'nps_score', operator: 'lessThanOrEqual', value: 6 },
        ],
      },
    ]);
    expect(schema.settings?.completion).toEqual({ message: 'Thank you for your feedback' });
    expect(
      schema.settings?.endings?.map((e) => [e.message, e.conditionGroups?.[0]?.conditions[0]?.operator]),
    ).toEqual([
      ['Thank you for your feedback\nWe are glad that you love our product.', 'greaterThanOrEqual'],
      ['Thank you for your feedback\nWe will do our best to do better.', 'lessThanOrEqual'],
    ]);
    expect(report).toEqual([]);
  });

  it('yes/no questions keep their own values, and conditions on them compare with those', () => {
    const { schema } = fromSurveyJs(corpus('page-visibility-anyof'));
    expect(checkSchema(schema)).toEqual([]);
    expect(field(schema, 'helmet').options).toEqual([
      { value: 'Y', label: 'Yes' },
      { value: 'N', label: 'No' },
    ]);
    const rail = schema.sections.find((s) => s.id === 'rail')!;
    expect(rail.conditionalLogic?.conditionGroups).toEqual([
      { conditions: [{ fieldId: 'modes', operator: 'contains', value: 'train' }] },
      { conditions: [{ fieldId: 'modes', operator: 'contains', value: 'plane' }] },
    ]);
    const bike = schema.sections.find((s) => s.id === 'bike')!;
    expect(bike.conditionalLogic?.conditionGroups).toEqual([
      {
        conditions: [
          { fieldId: 'modes', operator: 'contains', value: 'bike' },
          { fieldId: 'often', operator: 'notEquals', value: 'yearly' },
        ],
      },
    ]);
    expect(field(schema, 'other').conditionalLogic?.conditionGroups).toEqual([
      { conditions: [{ fieldId: 'often', operator: 'equals', value: 'weekly' }] },
      { conditions: [{ fieldId: 'often', operator: 'equals', value: 'monthly' }] },
      { conditions: [{ fieldId: 'helmet', operator: 'equals', value: 'N' }] },
    ]);
    expect(schema.settings?.layout).toBe('paged');
  });

  it('a complete trigger jumps to an ending, a skip trigger to its question’s page; other triggers are reported', () => {
    const { schema, report } = fromSurveyJs(corpus('triggers-complete-skip'));
    expect(checkSchema(schema)).toEqual([]);
    const [age, country] = schema.sections;
    expect(age?.jumps).toEqual([
      {
        conditionGroups: [{ conditions: [{ fieldId: 'age', operator: 'lessThan', value: 18 }] }],
        to: { ending: 'trigger_end1' },
      },
    ]);
    expect(country?.jumps).toEqual([
      {
        conditionGroups: [{ conditions: [{ fieldId: 'country', operator: 'equals', value: 'Other' }] }],
        to: { section: 'final' },
      },
    ]);
    expect(report).toEqual([
      { path: '$.triggers[2]', problem: 'A "setvalue" trigger has no counterpart: left out' },
    ]);
  });

  it('carries each localized text into the translations, the survey’s own language as the base', () => {
    const english = fromSurveyJs(corpus('localized-feedback')).schema;
    expect(checkSchema(english)).toEqual([]);
    expect(english.meta).toMatchObject({ title: 'Website feedback', language: 'en' });
    expect(english.translations?.de).toMatchObject({
      'meta.title': 'Feedback zur Website',
      'sections.page1.title': 'Ihr Besuch',
      'fields.found.options.no': 'Nein',
      'fields.missing.placeholder': 'Erzählen Sie uns',
      'completion.message': 'Vielen Dank!',
    });
    expect(english.translations?.es?.['fields.found.label']).toBe('¿Encontró lo que buscaba?');
    const german = fromSurveyJs(corpus('german-base-survey')).schema;
    expect(german.meta.language).toBe('de');
    expect(german.translations?.en?.['fields.firma.label']).toBe('Company');
  });

  it('a panel’s heading becomes a text, its visibility joins its questions’ own', () => {
    const { schema } = fromSurveyJs(corpus('panels-with-logic'));
    expect(checkSchema(schema)).toEqual([]);
    expect(field(schema, 'car_heading')).toMatchObject({
      type: 'statement',
      statement: { text: 'Your car\n\nTell us about it' },
    });
    expect(field(schema, 'year').conditionalLogic?.conditionGroups).toEqual([
      {
        conditions: [
          { fieldId: 'has_car', operator: 'equals', value: 'yes' },
          { fieldId: 'make', operator: 'isNotEmpty' },
        ],
      },
    ]);
  });

  it('a dynamic panel is a repeating section; a quiz keeps its right answers', () => {
    const rsvp = fromSurveyJs(corpus('event-rsvp-guests'));
    expect(checkSchema(rsvp.schema)).toEqual([]);
    expect(rsvp.schema.sections.find((s) => s.id === 'guests')).toMatchObject({
      repeat: { min: 0, max: 4, addLabel: 'Add a guest' },
    });
    expect(rsvp.report.map((r) => r.path)).toContain('$.pages[0].elements[2].visibleIf');
    const quiz = fromSurveyJs(corpus('quiz-capitals'));
    expect(checkSchema(quiz.schema)).toEqual([]);
    expect(quiz.schema.settings?.quiz).toEqual({ feedback: 'at-end' });
    expect(field(quiz.schema, 'civilwar').options?.find((o) => o.correct)?.value).toBe('1861-1865');
    expect(field(quiz.schema, 'libertyordeath').shuffle).toBe(true);
    expect(quiz.report.map((r) => r.path)).toEqual(
      expect.arrayContaining(['$.maxTimeToFinish', '$.completedHtmlOnCondition[1].expression']),
    );
  });

  it('refuses what is not a survey', () => {
    expect(() => fromSurveyJs({ title: 'x' })).toThrow(/not a SurveyJS survey/);
    expect(() => fromSurveyJs([1, 2])).toThrow(/not a SurveyJS survey/);
  });
});

describe('SurveyJS limits', () => {
  it('refuses a survey of more questions than Formloom holds, naming the count', () => {
    const elements = Array.from({ length: 201 }, (_, i) => ({ type: 'text', name: `q${i}` }));
    expect(() => fromSurveyJs({ elements })).toThrow(InvalidInputError);
    try {
      fromSurveyJs({ elements });
    } catch (error) {
      expect((error as InvalidInputError).issues).toEqual([
        expect.objectContaining({
          path: 'body.definition',
          message: expect.stringMatching(/^201 questions/),
        }),
      ]);
    }
    expect(fromSurveyJs({ elements: elements.slice(0, 200) }).schema.fields).toHaveLength(200);
  });
});
