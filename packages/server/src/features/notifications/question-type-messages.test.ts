import type { FormSchema, Language } from '@formloom/contract';
import { describe, expect, it } from 'vitest';
import { guestsSchema } from '../../../test/support/page-fixtures.js';
import {
  INPUT_TYPES_SCHEMA,
  INPUT_TYPES_STORED,
  QUESTION_TYPES_ANSWERS,
  QUESTION_TYPES_SCHEMA,
} from '../../../test/support/question-types.js';
import { ownerMails, respondentCopy } from './mail-content.js';

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

const INPUT_LINES = [
  'Phone: +4915112345678',
  'Time: 09:05',
  'Appointment: 2026-12-01T13:30:00+01:00',
  'Shipping: Hauptstr. 1, 10115, Berlin, DE',
  'Terms: yes',
];

/** The owner mail of one response to `schema`, as the notifications send it. */
const ownerMail = (schema: typeof QUESTION_TYPES_SCHEMA, answers: Record<string, unknown>) =>
  ownerMails(
    {
      formId: 'f1',
      responseId: 'r1',
      schema,
      language: 'en',
      answers,
      dashboardOrigin: 'https://forms.example',
    },
    ['owner@example.com'],
  )[0]!;

/** Each "Label: value" line is the label, then the value indented on the next line. */
function expectLines(text: string, lines: readonly string[]) {
  for (const line of lines) {
    const [label, value] = [line.slice(0, line.indexOf(': ')), line.slice(line.indexOf(': ') + 2)];
    expect(text).toContain(`${label}\n  ${value}\n`);
  }
}

describe('owner mails show every question type as its display text', () => {
  it('an owner mail', () => {
    const mail = ownerMail(QUESTION_TYPES_SCHEMA, QUESTION_TYPES_ANSWERS);
    expectLines(mail.text, LINES);
    expect(mail.text).not.toContain('"other"');
  });

  it('an address on one line, a consent as yes, phone and times as stored', () => {
    const mail = ownerMail(INPUT_TYPES_SCHEMA, INPUT_TYPES_STORED);
    expectLines(mail.text, INPUT_LINES);
    expect(mail.text).not.toContain('"line1"');
  });
});

describe("mails show a repeating section's entries", () => {
  /** guestsSchema with an email field for the respondent's copy and `completion` as its message. */
  function withCopy(completion: string) {
    const schema = guestsSchema();
    schema.fields.push({ id: 'email', sectionId: 'you', type: 'email', label: 'Email', order: 1 });
    schema.settings = {
      ...schema.settings,
      completion: { message: completion },
      notifications: { respondentCopy: { emailFieldId: 'email' } },
    };
    return schema;
  }
  const input = (schema: FormSchema, answers: Record<string, unknown>, language: Language = 'en') => ({
    formId: 'f1',
    responseId: 'r1',
    schema,
    language,
    answers,
    dashboardOrigin: 'https://forms.example',
  });

  it('no entries, and an entry with nothing answered, say so in the language of the mail', () => {
    const schema = withCopy('Thanks');
    const none = { host: 'Ada', email: 'ada@example.com', guests: [] };
    expect(ownerMails(input(schema, none), ['o@example.com'])[0]!.text).toContain('Guests\n  No entries.\n');
    const german = respondentCopy(input(schema, none, 'de'))!;
    expect(german.text).toContain('Gäste\n  Keine Einträge.\n');
    expect(german.html).toContain('Keine Einträge.');
    const empty = { host: 'Ada', email: 'ada@example.com', guests: [{ name: 'Bo' }, {}] };
    const text = ownerMails(input(schema, empty), ['o@example.com'])[0]!.text;
    expect(text).toContain('  Guests 1\n    Guest name: Bo\n  Guests 2\n    No answers.\n');
  });

  it('a completion message recalling a field inside the section recalls nothing outside an entry, and nothing breaks', () => {
    const schema = withCopy('Guest {{name}} of {{host}}: {{guests}}{{count}}');
    const answers = { host: 'Ada', email: 'ada@example.com', guests: [{ name: 'Bo', age: 40 }] };
    const copy = respondentCopy({ ...input(schema, answers), variables: { count: 1, years: 40 } })!;
    expect(copy.text).toContain('Guest  of Ada: 1');
    expect(copy.text).toContain('  Guests 1\n    Guest name: Bo\n    Age: 40\n');
  });
});
