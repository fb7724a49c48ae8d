import { readFileSync } from 'node:fs';
import { computeVariables, formPath } from '@formloom/contract/engine';
import { checkSchema } from '@formloom/contract/integrity';
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../../domain-errors.js';
import { fromGoogleForms } from './google-forms.js';

const corpus = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../corpus/google_forms/${name}.json`, import.meta.url), 'utf8'));

describe('Google Forms sections and branching', () => {
  it('makes a page of each section and a jump of each "go to section" choice', () => {
    const { schema, report } = fromGoogleForms(corpus('event-registration'));
    expect(checkSchema(schema)).toEqual([]);
    expect(report).toEqual([]);
    expect(schema.settings?.layout).toBe('paged');
    const [start, maybe, details, sorry] = schema.sections.map((s) => s.id);
    expect(schema.sections.map((s) => s.title)).toEqual([
      '',
      'Maybe next time?',
      'Great! A few details',
      'Sorry to miss you',
    ]);
    const attend = schema.fields.find((f) => f.label === 'Will you attend?')!.id;
    const remind = schema.fields.find((f) => f.label === 'Should we remind you a week before?')!.id;
    expect(formPath(schema, { [attend]: 'Yes' }).pages).toEqual([start, details, sorry]);
    expect(formPath(schema, { [attend]: 'No' }).pages).toEqual([start, sorry]);
    // "Maybe" goes on to the next section, whose "No thanks" submits the form.
    expect(formPath(schema, { [attend]: 'Maybe', [remind]: 'Yes please' }).pages).toEqual([
      start,
      maybe,
      details,
      sorry,
    ]);
    expect(formPath(schema, { [attend]: 'Maybe', [remind]: 'No thanks' })).toMatchObject({
      pages: [start, maybe],
      endingId: 'submitted',
    });
  });

  it('reports a choice that restarts the form, and a jump back to an earlier section', () => {
    const doc = corpus('branching-survey');
    const { schema, report } = fromGoogleForms(doc);
    expect(report.map((p) => p.path)).toEqual(['$.items[0].questionItem.question.choiceQuestion.options[2]']);
    expect(schema.sections[0]!.jumps).toHaveLength(2);

    const items = doc.items as { itemId: string; questionItem?: { question: Record<string, unknown> } }[];
    const back = structuredClone(items);
    back[4]!.questionItem!.question.choiceQuestion = {
      type: 'RADIO',
      options: [{ value: 'Start again', goToSectionId: items[1]!.itemId }, { value: 'Done' }],
    };
    const looped = fromGoogleForms({ ...doc, items: back });
    expect(checkSchema(looped.schema)).toEqual([]);
    expect(looped.report.at(-1)).toMatchObject({
      path: '$.items[4].questionItem.question.choiceQuestion.options[0]',
      problem: expect.stringMatching(/^Left out: .*goes back/),
    });
  });

  it('refuses a document that is not a Google Forms form', () => {
    expect(() => fromGoogleForms({})).toThrow(InvalidInputError);
    expect(() => fromGoogleForms({ info: { title: 'x' }, items: 'none' })).toThrow(InvalidInputError);
  });
});

describe('Google Forms quizzes', () => {
  it('marks the right options with their points and feedback, and sums the points in a variable', () => {
    const { schema, report } = fromGoogleForms(corpus('capitals-quiz'));
    expect(checkSchema(schema)).toEqual([]);
    expect(schema.settings?.quiz).toEqual({ feedback: 'at-end' });
    const byLabel = (label: string) => schema.fields.find((f) => f.label.startsWith(label))!;
    expect(byLabel('What is the capital of Italy?').options).toEqual([
      { label: 'Milan', value: 'Milan', feedback: 'Not quite: it is Rome.' },
      { label: 'Rome', value: 'Rome', correct: true, score: 2, feedback: 'Correct: Rome is the capital.' },
      { label: 'Naples', value: 'Naples', feedback: 'Not quite: it is Rome.' },
      { label: 'Turin', value: 'Turin', feedback: 'Not quite: it is Rome.' },
    ]);
    const capitals = byLabel('Which of these are capitals?');
    expect(capitals.options?.filter((o) => o.correct).map((o) => o.value)).toEqual(['Madrid', 'Lisbon']);
    const ids = {
      italy: byLabel('What is the capital of Italy?').id,
      capitals: capitals.id,
      germany: byLabel('Capital of Germany').id,
      dutch: byLabel('Capital of the Netherlands').id,
    };
    // Four points a right option of the multiple choice: all right scores 2 + 8 + 2 + 2.
    expect(
      computeVariables(schema, {
        [ids.italy]: 'Rome',
        [ids.capitals]: ['Madrid', 'Lisbon'],
        [ids.germany]: 'Berlin',
        [ids.dutch]: 'Amsterdam',
      }),
    ).toEqual({ points: 14 });
    expect(computeVariables(schema, { [ids.italy]: 'Milan', [ids.germany]: 'Munich' })).toEqual({
      points: 0,
    });
    expect(report.map((p) => p.path)).toEqual([
      '$.items[3].questionItem.question.grading',
      '$.items[3].questionItem.question.grading.generalFeedback',
    ]);
  });
});

describe('Google Forms grids, scales and the rest', () => {
  it('asks for the address first when Google collects it, and says when Google verified it by sign-in', () => {
    const asked = fromGoogleForms(corpus('job-application'));
    expect(asked.schema.fields[0]).toMatchObject({ type: 'email', label: 'Email', required: true, order: 0 });
    expect(asked.report).toEqual([]);
    const verified = fromGoogleForms(corpus('exit-interview'));
    expect(verified.schema.fields[0]).toMatchObject({ type: 'email', required: true });
    expect(verified.report.map((p) => p.path)).toEqual(['$.settings.emailCollectionType']);
  });

  it('makes a matrix of a grid: its rows, its columns, several answers a row for a checkbox grid', () => {
    const { schema } = fromGoogleForms(corpus('volunteer-availability'));
    expect(schema.fields.find((f) => f.type === 'matrix')).toMatchObject({
      label: 'When are you available?',
      matrix: {
        rows: [{ label: 'Monday' }, { label: 'Wednesday' }, { label: 'Saturday' }],
        columns: [
          { label: 'Morning', value: 'Morning' },
          { label: 'Afternoon', value: 'Afternoon' },
          { label: 'Evening', value: 'Evening' },
        ],
        multiple: true,
      },
    });
    const course = fromGoogleForms(corpus('course-evaluation')).schema.fields.find(
      (f) => f.type === 'matrix',
    );
    expect(course).toMatchObject({ required: true, shuffle: true });
    expect(course?.matrix?.multiple).toBeUndefined();
  });

  it('maps scales, ratings, dates, times, uploads and pictures to their Formloom types', () => {
    const satisfaction = fromGoogleForms(corpus('customer-satisfaction')).schema;
    expect(satisfaction.fields.map((f) => f.rating ?? f.scale ?? null).slice(0, 2)).toEqual([
      { max: 5, icon: 'star' },
      { min: 0, max: 10, lowLabel: 'Not likely', highLabel: 'Very likely' },
    ]);
    const timeOff = fromGoogleForms(corpus('time-off-request')).schema.fields.map((f) => f.type);
    expect(timeOff).toEqual(['text', 'date', 'datetime', 'time', 'text', 'radio']);
    const bug = fromGoogleForms(corpus('bug-report'));
    expect(bug.schema.fields.find((f) => f.type === 'file')?.fileConfig).toEqual({
      allowedTypes: ['image/*', 'video/*'],
      maxSizeMB: 10,
    });
    const shirt = fromGoogleForms(corpus('tshirt-order')).schema.fields[0]!;
    expect(shirt.type).toBe('picture_choice');
    expect(shirt.options?.every((o) => o.imageUrl?.startsWith('https://images.example.org/'))).toBe(true);
  });
});
