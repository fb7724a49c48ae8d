import { describe, expect, it } from 'vitest';
import { QUESTION_TYPES_ANSWERS, QUESTION_TYPES_SCHEMA } from '../../../test/support/question-types.js';
import { ownerMails } from './mail-content.js';

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

describe('owner mails show every question type as its display text', () => {
  it('an owner mail', () => {
    const [mail] = ownerMails(
      {
        formId: 'f1',
        responseId: 'r1',
        schema: QUESTION_TYPES_SCHEMA,
        language: 'en',
        answers: QUESTION_TYPES_ANSWERS,
        dashboardOrigin: 'https://forms.example',
      },
      ['owner@example.com'],
    );
    for (const line of LINES) {
      const [label, value] = [line.slice(0, line.indexOf(': ')), line.slice(line.indexOf(': ') + 2)];
      expect(mail!.text).toContain(`${label}\n  ${value}\n`);
    }
    expect(mail!.text).not.toContain('"other"');
  });
});
