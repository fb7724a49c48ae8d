import { readFileSync } from 'node:fs';
import { computeVariables, formPath } from '@formloom/contract/engine';
import { checkSchema } from '@formloom/contract/integrity';
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../../domain-errors.js';
import { fromTypeform } from './typeform.js';

const corpus = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../corpus/typeform/${name}.json`, import.meta.url), 'utf8'));

const field = (ref: string, type: string, title: string, properties: object = {}) => ({
  ref,
  type,
  title,
  properties,
});

describe('Typeform logic as Formloom jumps', () => {
  it('puts each question on its page and follows the NPS jumps to the question each score asks', () => {
    const { schema, report } = fromTypeform(corpus('nps-with-logic'));
    expect(checkSchema(schema)).toEqual([]);
    expect(schema.settings?.layout).toBe('paged');
    expect(
      schema.sections.map((s) => schema.fields.filter((f) => f.sectionId === s.id).map((f) => f.id)),
    ).toEqual([['nps'], ['detractor'], ['passive'], ['promoter'], ['contact_ok'], ['contact_email']]);
    expect(report.map((p) => p.path)).toEqual(['$.theme']);
    const path = (answers: object) => formPath(schema, answers);
    expect(path({ nps: 3, contact_ok: 'yes' }).pages).toEqual(['page_1', 'page_2', 'page_5', 'page_6']);
    expect(path({ nps: 7, contact_ok: 'yes' }).pages).toEqual(['page_1', 'page_3', 'page_5', 'page_6']);
    expect(path({ nps: 10, contact_ok: 'yes' }).pages).toEqual(['page_1', 'page_4', 'page_5', 'page_6']);
    // "May we contact you?" answered no (Typeform's false) ends on its own thank-you screen.
    expect(path({ nps: 10, contact_ok: 'no' })).toMatchObject({
      pages: ['page_1', 'page_4', 'page_5'],
      endingId: 'end_no_contact',
    });
  });

  it('turns and/or conditions into groups: one per way the condition can hold', () => {
    const { schema } = fromTypeform(corpus('lead-qualification'));
    const budget = schema.sections.find((s) =>
      schema.fields.some((f) => f.sectionId === s.id && f.id === 'budget'),
    )!;
    expect(budget.jumps?.[0]?.conditionGroups).toEqual([
      {
        conditions: [
          { fieldId: 'budget', operator: 'equals', value: 'Over $50k' },
          { fieldId: 'company_size', operator: 'equals', value: '201-1000' },
        ],
      },
      {
        conditions: [
          { fieldId: 'budget', operator: 'equals', value: 'Over $50k' },
          { fieldId: 'company_size', operator: 'equals', value: '1000+' },
        ],
      },
    ]);
    // The group is one page: a jump from it leaves after its three questions.
    expect(formPath(schema, { company_size: '1-10', industry: 'Retail' }).pages).toEqual([
      'page_1',
      'page_5',
    ]);
    expect(
      formPath(schema, { company_size: '1000+', industry: 'Retail', budget: 'Over $50k' }).pages,
    ).toEqual(['page_1', 'page_2', 'page_3', 'page_5']);
  });

  it('reports a jump back, a jump to nothing and an operator it does not know, and keeps the rest', () => {
    const doc = {
      title: 'Loops',
      fields: [field('a', 'short_text', 'A'), field('b', 'short_text', 'B'), field('c', 'short_text', 'C')],
      logic: [
        {
          type: 'field',
          ref: 'b',
          actions: [
            {
              action: 'jump',
              details: { to: { type: 'field', value: 'a' } },
              condition: { op: 'always', vars: [] },
            },
            {
              action: 'jump',
              details: { to: { type: 'field', value: 'gone' } },
              condition: { op: 'always', vars: [] },
            },
            {
              action: 'jump',
              details: { to: { type: 'field', value: 'c' } },
              condition: {
                op: 'sounds_like',
                vars: [
                  { type: 'field', value: 'b' },
                  { type: 'constant', value: 'x' },
                ],
              },
            },
            {
              action: 'jump',
              details: { to: { type: 'field', value: 'c' } },
              condition: {
                op: 'ends_with',
                vars: [
                  { type: 'field', value: 'b' },
                  { type: 'constant', value: '!' },
                ],
              },
            },
          ],
        },
      ],
    };
    const { schema, report } = fromTypeform(doc);
    expect(checkSchema(schema)).toEqual([]);
    expect(report.map((p) => p.path)).toEqual([
      '$.logic[0].actions[1].details.to',
      '$.logic[0].actions[2].condition',
      '$.logic[0].actions[0]',
    ]);
    expect(report[2]!.problem).toMatch(/^Left out: .*goes back/);
    expect(schema.sections[1]!.jumps).toEqual([
      {
        conditionGroups: [{ conditions: [{ fieldId: 'b', operator: 'endsWith', value: '!' }] }],
        to: { section: 'page_3' },
      },
    ]);
  });

  it('recalls answers, hidden fields and variables by their Formloom ids, and reports a recall of nothing', () => {
    const { schema, report } = fromTypeform({
      title: 'Recall',
      hidden: ['utm source'],
      variables: { score: 0 },
      fields: [
        field('name', 'short_text', 'Name?'),
        field(
          'hi',
          'short_text',
          'Hi {{field:name}} from {{hidden:utm source}}, score {{var:score}} {{field:nobody}}',
        ),
      ],
    });
    expect(schema.fields[1]!.label).toBe('Hi {{name}} from {{utm_source}}, score {{score}} ');
    expect(schema.fields.find((f) => f.type === 'hidden')).toMatchObject({
      id: 'utm_source',
      label: 'utm source',
    });
    expect(report.map((p) => p.path)).toEqual(['$.fields[1].title', '$.hidden[0]']);
    expect(checkSchema(schema)).toEqual([]);
  });

  it('fits a long form into 50 pages, keeping a page of its own for each question a jump leaves or reaches', () => {
    const fields = Array.from({ length: 70 }, (_, i) => field(`q${i}`, 'short_text', `Question ${i}`));
    const always = { op: 'always', vars: [] };
    const { schema, report } = fromTypeform({
      title: 'Long',
      fields,
      logic: [
        {
          type: 'field',
          ref: 'q10',
          actions: [{ action: 'jump', details: { to: { type: 'field', value: 'q60' } }, condition: always }],
        },
      ],
    });
    expect(checkSchema(schema)).toEqual([]);
    // Questions 0-9, 10 (the jump leaves it), 11-59, 60 (the jump reaches it), 61-69.
    expect(schema.sections).toHaveLength(5);
    expect(schema.fields).toHaveLength(70);
    const pageOf = (id: string) => schema.fields.find((f) => f.id === id)!.sectionId;
    const onPage = (id: string) => schema.fields.filter((f) => f.sectionId === pageOf(id)).map((f) => f.id);
    expect(onPage('q10').at(-1)).toBe('q10');
    expect(onPage('q60')[0]).toBe('q60');
    expect(formPath(schema, {}).pages).toEqual([pageOf('q0'), pageOf('q10'), pageOf('q60'), pageOf('q61')]);
    expect(report.map((p) => p.path)).toEqual(['$.fields']);
  });

  it('stays quick and reports what no Typeform form holds: conditions nested deep or multiplying out, groups in groups', () => {
    const is = (value: string) => ({
      op: 'equal',
      vars: [
        { type: 'field', value: 'a' },
        { type: 'constant', value },
      ],
    });
    let deep: object = is('x');
    for (let i = 0; i < 5000; i++) deep = { op: 'and', vars: [deep] };
    // Ten "or"s of five, joined by "and": 5^10 ways for it to hold.
    const product = {
      op: 'and',
      vars: Array.from({ length: 10 }, () => ({ op: 'or', vars: ['1', '2', '3', '4', '5'].map(is) })),
    };
    let nested: Record<string, unknown> = field('leaf', 'short_text', 'Leaf');
    for (let i = 0; i < 5000; i++)
      nested = { ...field('g', 'group', 'Group'), properties: { fields: [nested] } };
    const jumpIf = (condition: object) => ({
      action: 'jump',
      details: { to: { type: 'field', value: 'c' } },
      condition,
    });
    const started = performance.now();
    const { schema, report } = fromTypeform({
      title: 'Hostile',
      fields: [field('a', 'short_text', 'A'), nested, field('c', 'short_text', 'C')],
      logic: [{ type: 'field', ref: 'a', actions: [jumpIf(deep), jumpIf(product)] }],
    });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(checkSchema(schema)).toEqual([]);
    expect(schema.sections[0]!.jumps).toBeUndefined();
    expect(report.map((p) => p.problem)).toEqual([
      expect.stringMatching(/nested deeper than Typeform/),
      expect.stringMatching(/nested deeper than 8/),
      expect.stringMatching(/too many alternatives/),
    ]);
  });

  it('refuses a form of more questions than Formloom holds', () => {
    const fields = Array.from({ length: 201 }, (_, i) => field(`q${i}`, 'short_text', `Q${i}`));
    expect(() => fromTypeform({ title: 'Huge', fields })).toThrow(InvalidInputError);
  });

  it('refuses a document that is not a Typeform form', () => {
    expect(() => fromTypeform({})).toThrow(InvalidInputError);
    expect(() => fromTypeform({ title: 'x', fields: [{ title: 'no type' }] })).toThrow(InvalidInputError);
  });
});

describe('Typeform scores and prices as Formloom variables', () => {
  it('adds and subtracts a score per choice, and ends on the thank-you screen the score reaches', () => {
    const { schema } = fromTypeform(corpus('trivia-quiz-score'));
    expect(checkSchema(schema)).toEqual([]);
    const all = { planet: 'Jupiter', moon: 'Neil Armstrong', rocky: ['Mercury', 'Mars'], light: 8 };
    expect(computeVariables(schema, all)).toEqual({ score: 6 });
    // Uranus is not rocky: it takes a point off.
    expect(computeVariables(schema, { ...all, rocky: ['Mercury', 'Uranus'], light: 5 }).score).toBe(2);
    expect(computeVariables(schema, {}).score).toBe(0);
    expect(formPath(schema, all).endingId).toBe('end_expert');
    expect(formPath(schema, { ...all, light: 1, rocky: ['Uranus'] }).endingId).toBe('end_rookie');
    expect(schema.settings?.endings?.find((e) => e.id === 'end_expert')?.message).toBe(
      'You scored {{score}} points.',
    );
  });

  it('keeps the additions of a price and reports a multiplication it cannot say', () => {
    const { schema, report } = fromTypeform(corpus('pizza-order-price'));
    expect(
      computeVariables(schema, { pizza: 'Pepperoni', quantity: 2, extras: ['Extra cheese', 'Olives'] }).price,
    ).toBe(13.5);
    expect(report.find((p) => p.path === '$.logic[1].actions[0]')?.problem).toMatch(/multiply/);
    expect(report.find((p) => p.path === '$.fields[4]')?.problem).toMatch(/payment/);
    expect(schema.fields.find((f) => f.id === 'pizza')).toMatchObject({ type: 'picture_choice' });
    expect(schema.fields.find((f) => f.id === 'delivery')).toMatchObject({
      type: 'address',
      required: true,
      address: { required: ['line1', 'city', 'postalCode', 'country'] },
    });
  });
});

describe('Typeform question types', () => {
  it('maps scales, ratings and a matrix to their Formloom types, with the words of the form language', () => {
    const { schema, report } = fromTypeform({
      title: 'Types',
      settings: { language: 'de' },
      fields: [
        field('scale', 'opinion_scale', 'S', {
          steps: 5,
          start_at_one: true,
          labels: { left: 'Low', right: 'High' },
        }),
        field('wide', 'opinion_scale', 'W', { steps: 11, start_at_one: true }),
        field('stars', 'rating', 'R', { steps: 7, shape: 'heart' }),
        field('yn', 'yes_no', 'Y'),
        field('terms', 'legal', 'T'),
        {
          ...field('grid', 'matrix', 'M', {
            allow_multiple_selection: true,
            fields: [
              field('r1', 'multiple_choice', 'Row 1', {
                choices: [
                  { ref: 'c1', label: 'Bad' },
                  { ref: 'c2', label: 'Good' },
                ],
              }),
              field('r2', 'multiple_choice', 'Row 2', {
                choices: [
                  { ref: 'c1', label: 'Bad' },
                  { ref: 'c2', label: 'Good' },
                ],
              }),
            ],
          }),
        },
      ],
    });
    expect(checkSchema(schema)).toEqual([]);
    const byId = Object.fromEntries(schema.fields.map((f) => [f.id, f]));
    expect(schema.meta.language).toBe('de');
    expect(byId.scale).toMatchObject({
      type: 'scale',
      scale: { min: 1, max: 5, lowLabel: 'Low', highLabel: 'High' },
    });
    expect(byId.wide).toMatchObject({ type: 'slider', slider: { min: 1, max: 11, step: 1 } });
    expect(byId.stars).toMatchObject({ type: 'rating', rating: { max: 7, icon: 'heart' } });
    expect(byId.yn?.options).toEqual([
      { label: 'Ja', value: 'yes' },
      { label: 'Nein', value: 'no' },
    ]);
    expect(byId.terms).toMatchObject({ type: 'consent', consent: { text: 'Ich stimme zu' } });
    expect(byId.grid).toMatchObject({
      type: 'matrix',
      matrix: {
        rows: [
          { id: 'r1', label: 'Row 1' },
          { id: 'r2', label: 'Row 2' },
        ],
        columns: [
          { label: 'Bad', value: 'Bad' },
          { label: 'Good', value: 'Good' },
        ],
        multiple: true,
      },
    });
    expect(report.map((p) => p.path)).toEqual(['$.fields[1].properties.steps']);
  });
});
