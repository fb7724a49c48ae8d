import type { FormSchema } from '@formloom/contract';
import { prefillAnswers } from '@formloom/contract/engine';
import { Formloom, type FormResponse, prefillUrl, type VariableValue } from '@formloom/sdk';
import {
  INPUT_TYPES_SCHEMA,
  INPUT_TYPES_STORED,
  INPUT_TYPES_SUBMITTED,
  quizSchema,
} from '@formloom/server/testing';
import { beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { useBuiltServer } from './support/built-server.js';

const server = useBuiltServer();
let client: Formloom;

/** The server tests' quiz with a hidden UTM field of at most 20 characters. */
const schema = (): FormSchema => {
  const quiz = quizSchema();
  quiz.fields.push({
    id: 'utm_source',
    sectionId: 'main',
    type: 'hidden',
    label: 'Source',
    order: 2,
    validation: { rules: [{ type: 'maxLength', value: 20 }] },
  });
  return quiz;
};

beforeAll(async () => {
  client = new Formloom({ apiKey: await server.key(), baseUrl: server.baseUrl });
});

describe('the form model through the SDK', () => {
  it('prefilled hidden values are stored, an invalid one dropped; variables come back typed', async () => {
    const form = await client.forms.create({ title: 'Quiz', schema: schema() });
    const published = await client.forms.publish(form.id);
    const link = prefillUrl(published.publicUrl, { utm_source: 'newsletter' });
    expect(link).toBe(`${published.publicUrl}?utm_source=newsletter`);

    // What the public page does with the link: the prefilled answers, plus the respondent's.
    const prefilled = prefillAnswers(form.schema, new URL(link).searchParams);
    const kept = await client.public.submitResponse(published.shareUrl!, {
      answers: { ...prefilled, capital: 'paris' },
    });
    const dropped = await client.public.submitResponse(published.shareUrl!, {
      answers: { capital: 'lyon', utm_source: 'x'.repeat(21) },
    });

    const first = await client.responses.retrieve(form.id, kept.responseId);
    expect(first.answers).toEqual({ capital: 'paris', utm_source: 'newsletter' });
    expect(first.variables).toEqual({ score: 1, grade: 'fail' });
    const second = await client.responses.retrieve(form.id, dropped.responseId);
    expect(second.answers).toEqual({ capital: 'lyon' });
    expect(second.variables).toEqual({ score: 0, grade: 'fail' });
    expectTypeOf(first.variables).toEqualTypeOf<Record<string, VariableValue>>();
    expectTypeOf<FormResponse['variables']>().toEqualTypeOf<Record<string, number | string>>();

    const listed = await client.responses.list(form.id).collect();
    expect(listed.items.map((r) => r.variables.score).sort()).toEqual([0, 1]);
  });

  it('phone, url, time, datetime, address and consent answers come back as stored, a statement never', async () => {
    const form = await client.forms.create({ title: 'Inputs', schema: INPUT_TYPES_SCHEMA });
    const published = await client.forms.publish(form.id);
    const { responseId } = await client.public.submitResponse(published.shareUrl!, {
      answers: INPUT_TYPES_SUBMITTED,
    });
    const stored = await client.responses.retrieve(form.id, responseId);
    expect(stored.answers).toEqual(INPUT_TYPES_STORED);
  });
});
