import type { Field } from '@formloom/contract';
import { describe, expect, it } from 'vitest';
import { formProblems } from '../../../platform/form-problems.js';
import { draftToSchema, type FieldDraft, FormDraft } from './form-draft.js';
import { generateFormTask } from './generate-form-task.js';
import { fieldDraft } from './offline-form.js';

/** A model's answer as it arrives: JSON text, parsed with the draft model, then made a schema. */
function fromModel(fields: FieldDraft[]): Field[] {
  const json = JSON.stringify({
    title: 'Survey',
    description: null,
    layout: null,
    quiz: null,
    sections: [{ title: 'Questions', description: null, fields }],
  });
  return draftToSchema(FormDraft.parse(JSON.parse(json)), 'en').fields;
}

const field = (type: FieldDraft['type'], extra: Partial<FieldDraft>) =>
  fieldDraft(type, type, `A ${type} question`, { required: true, ...extra });

describe('a model draft with the question types', () => {
  it('keeps valid configs, makes the matrix ids and values and passes the integrity check', () => {
    const fields: FieldDraft[] = [
      field('rating', { rating: { max: 10, icon: 'heart' } }),
      field('nps', { nps: { lowLabel: 'Never', highLabel: 'Surely' } }),
      field('scale', { scale: { min: 0, max: 4, lowLabel: 'No', midLabel: 'Maybe', highLabel: 'Yes' } }),
      field('slider', { slider: { min: 0, max: 100, step: 5, unit: '%' } }),
      field('matrix', {
        matrix: {
          rows: ['The app is fast', 'Prices are fair'],
          columns: ['Disagree', 'Agree'],
          multiple: null,
        },
        shuffle: true,
      }),
      field('ranking', {
        options: ['Price', 'Quality', 'Speed'],
        ranking: { top: 2 },
        other: 'Something else',
      }),
      field('picture_choice', {
        options: ['Blue', 'Red'],
        imageUrls: ['https://cdn.example.com/blue.png', 'https://cdn.example.com/red.png'],
        multiple: true,
      }),
      field('select', {
        options: ['Tea', 'Coffee', 'None of these'],
        multiple: true,
        exclusiveOption: 'None of these',
        other: 'Other',
      }),
    ];
    const [rating, nps, scale, slider, matrix, ranking, picture, select] = fromModel(fields);
    expect(rating!.rating).toEqual({ max: 10, icon: 'heart' });
    expect(nps!.nps).toEqual({ lowLabel: 'Never', highLabel: 'Surely' });
    expect(scale!.scale).toEqual({ min: 0, max: 4, lowLabel: 'No', midLabel: 'Maybe', highLabel: 'Yes' });
    expect(slider!.slider).toEqual({ min: 0, max: 100, step: 5, unit: '%' });
    expect(matrix!.matrix).toEqual({
      rows: [
        { id: 'the_app_is_fast', label: 'The app is fast' },
        { id: 'prices_are_fair', label: 'Prices are fair' },
      ],
      columns: [
        { value: 'disagree', label: 'Disagree' },
        { value: 'agree', label: 'Agree' },
      ],
    });
    expect(matrix!.shuffle).toBe(true);
    expect(ranking!.ranking).toEqual({ top: 2 });
    expect(ranking!.other).toEqual({ label: 'Something else' });
    expect(picture!.multiple).toBe(true);
    expect(picture!.options!.map((o) => o.imageUrl)).toEqual([
      'https://cdn.example.com/blue.png',
      'https://cdn.example.com/red.png',
    ]);
    expect(select).toMatchObject({
      multiple: true,
      exclusiveValue: 'none_of_these',
      other: { label: 'Other' },
    });

    const schema = draftToSchema(
      FormDraft.parse({
        title: 'Survey',
        description: null,
        layout: null,
        quiz: null,
        sections: [{ title: 'Q', description: null, fields }],
      }),
      'en',
    );
    expect(formProblems('Survey', schema)).toEqual([]);
  });

  it('brings configs out of bounds within them and gives a missing required config its default', () => {
    const [rating, bigScale, noScale, slider, noSlider, noRating] = fromModel([
      field('rating', { rating: { max: 20, icon: null } }),
      field('scale', { scale: { min: 3, max: 50, lowLabel: ' ', midLabel: null, highLabel: null } }),
      field('scale', {}),
      field('slider', { slider: { min: 1000, max: 0, step: -1, unit: null } }),
      field('slider', { slider: { min: 5, max: 5, step: 1, unit: null } }),
      field('rating', {}),
    ]);
    expect(rating!.rating).toEqual({ max: 10 });
    expect(bigScale!.scale).toEqual({ min: 1, max: 10 });
    expect(noScale!.scale).toEqual({ min: 1, max: 5 });
    expect(slider!.slider).toEqual({ min: 0, max: 1000, step: 10 });
    expect(noSlider!.slider).toEqual({ min: 0, max: 100, step: 1 });
    expect(noRating!.rating).toEqual({ max: 5 });
  });

  it('drops configs on other types and parts that name nothing', () => {
    const [text, radio, checkbox, ranking] = fromModel([
      field('text', {
        rating: { max: 5, icon: null },
        matrix: { rows: ['A'], columns: ['x', 'y'], multiple: null },
        other: 'Other',
        multiple: true,
        shuffle: true,
      }),
      field('radio', { options: ['A', 'B'], multiple: true, exclusiveOption: 'A' }),
      field('checkbox', { options: ['A', 'B'], exclusiveOption: 'Neither' }),
      field('ranking', { options: ['A', 'B', 'C'], ranking: { top: 3 } }),
    ]);
    for (const key of ['rating', 'matrix', 'other', 'multiple', 'shuffle'] as const)
      expect(text![key]).toBeUndefined();
    expect(radio!.multiple).toBeUndefined();
    expect(radio!.exclusiveValue).toBeUndefined();
    expect(checkbox!.exclusiveValue).toBeUndefined();
    // Ranking all three is what ranking without `top` means.
    expect(ranking!.ranking).toBeUndefined();
  });

  it('dedupes a matrix, drops one with too few columns and keeps only https images', () => {
    const [matrix, thin, picture] = fromModel([
      field('matrix', {
        matrix: { rows: ['Food', 'food', ' ', 'Service'], columns: ['Good', 'Good', 'Bad'], multiple: true },
      }),
      field('matrix', { matrix: { rows: ['Food'], columns: ['Good'], multiple: null } }),
      field('picture_choice', {
        options: ['A', 'B'],
        imageUrls: ['http://cdn.example.com/a.png', 'javascript:alert(1)'],
      }),
    ]);
    expect(matrix!.matrix).toEqual({
      rows: [
        { id: 'food', label: 'Food' },
        { id: 'service', label: 'Service' },
      ],
      columns: [
        { value: 'good', label: 'Good' },
        { value: 'bad', label: 'Bad' },
      ],
      multiple: true,
    });
    expect(thin!.matrix).toBeUndefined();
    expect(picture!.options!.every((o) => o.imageUrl === undefined)).toBe(true);
  });

  it('the model is told the question types, their configs and when to use them', () => {
    const system = generateFormTask.messages({ prompt: 'A survey', language: 'en' })[0]!.content;
    for (const type of ['rating', 'nps', 'scale', 'slider', 'matrix', 'ranking', 'picture_choice'])
      expect(system).toMatch(new RegExp(`- ${type}: `));
    for (const part of ['multiple true', 'other', 'exclusiveOption', 'shuffle', 'https image URLs'])
      expect(system).toContain(part);
    // The draft model the provider's JSON Schema comes from carries every config.
    expect(Object.keys(FormDraft.shape.sections.element.shape.fields.element.shape)).toEqual(
      expect.arrayContaining([
        'rating',
        'nps',
        'scale',
        'slider',
        'matrix',
        'ranking',
        'imageUrls',
        'multiple',
      ]),
    );
  });
});

describe('a model draft with a repeating section', () => {
  /** A two-section draft whose second section repeats as `repeat` says, as JSON text from a model. */
  function repeating(repeat: unknown, key = 'guest_name') {
    const json = JSON.stringify({
      title: 'Booking',
      description: null,
      layout: null,
      quiz: null,
      sections: [
        {
          title: 'You',
          description: null,
          repeat: null,
          fields: [fieldDraft('section_2', 'text', 'Your name')],
        },
        { title: 'Guests', description: null, repeat, fields: [fieldDraft(key, 'text', 'Guest name')] },
      ],
    });
    return draftToSchema(FormDraft.parse(JSON.parse(json)), 'en');
  }

  it('brings min and max within the engine bounds, keeps the add label, and passes the integrity check', () => {
    expect(repeating({ min: 2, max: 5, addLabel: ' Add a guest ' }).sections[1]!.repeat).toEqual({
      min: 2,
      max: 5,
      addLabel: 'Add a guest',
    });
    expect(repeating({ min: 80, max: 200.4, addLabel: null }).sections[1]!.repeat).toEqual({
      min: 50,
      max: 50,
    });
    expect(repeating({ min: 4, max: 2, addLabel: '' }).sections[1]!.repeat).toEqual({ min: 2, max: 2 });
    expect(repeating({ min: null, max: null, addLabel: null }).sections[1]!.repeat).toEqual({});
    const schema = repeating({ min: 1, max: 3, addLabel: 'Add a guest' });
    // The section's id is its answer's key: it is not a field's.
    expect(schema.fields.map((f) => f.id)).toEqual(['section_2', 'guest_name']);
    expect(schema.sections[1]!.id).toBe('section_2_2');
    expect(formProblems(schema.meta.title, schema)).toEqual([]);
  });

  it('a draft without `repeat` (null or left out) makes an ordinary section; the instructions describe it', () => {
    expect(repeating(null).sections[1]).not.toHaveProperty('repeat');
    expect(fromModel([field('text', {})])).toHaveLength(1);
    const system = generateFormTask.messages({ prompt: 'A booking', language: 'en' })[0]!.content;
    expect(system).toContain('(`repeat`: {min, max, addLabel})');
    expect(Object.keys(FormDraft.shape.sections.element.shape)).toContain('repeat');
  });
});
