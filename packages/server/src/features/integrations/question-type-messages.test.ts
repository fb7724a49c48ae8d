import type { WebhookEvent } from '@formloom/contract';
import { describe, expect, it } from 'vitest';
import { QUESTION_TYPES_ANSWERS, QUESTION_TYPES_SCHEMA } from '../../../test/support/question-types.js';
import { describeEvent, slackMessage } from './notification.js';

const LINES = [
  'Stars: 4/5',
  'Recommend: 9',
  'Agree: 2',
  'Distance: 2.5 km',
  'Service: Speed: Good, Bad; Price: Bad',
  'Rank: 1. Bananas, 2. Dates, 3. Apples',
  'Pet: Ferret',
  'Tags: Fast, =1+1',
];

describe('chat messages show every question type as its display text', () => {
  it('a Slack message, with the fields given; as stored without them', () => {
    const answers = Object.fromEntries(
      QUESTION_TYPES_SCHEMA.fields.map((f) => [
        f.id,
        { question: f.label, answer: QUESTION_TYPES_ANSWERS[f.id as keyof typeof QUESTION_TYPES_ANSWERS] },
      ]),
    );
    const event = {
      type: 'FORM_RESPONSE_CREATED',
      createdAt: '2026-11-25T00:00:00.000Z',
      data: { formId: 'f1', formTitle: 'Every question type', responseId: 'r1', answers },
    } as unknown as WebhookEvent;
    const note = describeEvent(event, 'https://forms.example', QUESTION_TYPES_SCHEMA);
    expect(note.fields.map((f) => `${f.name}: ${f.value}`)).toEqual(LINES.slice(0, 3));
    const text = JSON.stringify(slackMessage(note, 'C1'));
    expect(text).toContain('4/5');
    expect(describeEvent(event, 'https://forms.example').fields[0]!.value).toBe('4');
  });
});
