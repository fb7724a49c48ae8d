import type { WebhookEvent } from '@formloom/contract';
import { describe, expect, it } from 'vitest';
import { guestsSchema } from '../../../test/support/page-fixtures.js';
import {
  ANSWER_PREVIEW_CHARS,
  answerText,
  cut,
  describeEvent,
  discordMessage,
  ENTRIES_PREVIEW_CHARS,
  LIMITS,
  slackMessage,
} from './notification.js';

const response = (
  answers: Record<string, { question: string; answer: unknown; entries?: unknown[] }>,
): WebhookEvent =>
  ({
    type: 'FORM_RESPONSE_CREATED',
    created_at: '2026-11-25T00:00:00.000Z',
    data: { formId: 'f1', formTitle: 'T'.repeat(400), responseId: 'r1', answers },
  }) as WebhookEvent;

describe('notification content', () => {
  it('cuts answers to a preview, never mid-character, and shows a file by name and size only', () => {
    expect(answerText('é'.repeat(500))).toHaveLength(ANSWER_PREVIEW_CHARS);
    expect(Array.from(cut('😀'.repeat(10), 4))).toEqual(['😀', '😀', '😀', '…']);
    const file = {
      uploadId: 'u1',
      name: 'cv.pdf',
      size: 204_800,
      type: 'application/pdf',
      content: 'SECRET BYTES',
    };
    expect(answerText(file)).toBe('File: cv.pdf (200 KB)');
    expect(answerText(['a', 'b'])).toBe('a, b');
    expect(answerText('line\u0000break')).toBe('line break');
  });

  it('shows the first 3 answers and stays inside the Slack and Discord limits with huge input', () => {
    const answers = Object.fromEntries(
      Array.from({ length: 10 }, (_, i) => [
        `f${i}`,
        { question: 'Q'.repeat(3000), answer: 'A'.repeat(10_000) },
      ]),
    );
    const note = describeEvent(response(answers), 'https://forms.example.test/');
    expect(note.fields).toHaveLength(3);
    expect(note.summary).toBe('New response (10 answers)');
    expect(note.links).toEqual([
      { label: 'View response', url: 'https://forms.example.test/v1/forms/f1/responses/r1' },
    ]);

    const slack = slackMessage(note, 'C1');
    expect(slack.text.length).toBeLessThanOrEqual(LIMITS.slackText);
    for (const block of slack.blocks) {
      const texts = [
        (block.text as { text?: string } | undefined)?.text,
        ...((block.fields as { text: string }[] | undefined) ?? []).map((f) => f.text),
      ];
      for (const text of texts) expect((text ?? '').length).toBeLessThanOrEqual(LIMITS.slackText);
    }
    expect(JSON.stringify(slack)).not.toContain('A'.repeat(ANSWER_PREVIEW_CHARS + 1));

    const embed = discordMessage(note).embeds[0]!;
    expect(embed.title.length).toBeLessThanOrEqual(256);
    expect(embed.description.length).toBeLessThanOrEqual(4096);
    const total =
      embed.title.length +
      embed.description.length +
      embed.fields.reduce((n, f) => n + f.name.length + f.value.length, 0);
    expect(total).toBeLessThanOrEqual(6000);
    for (const f of embed.fields) {
      expect(f.value.length).toBeLessThanOrEqual(1024);
      expect(f.name.length).toBeLessThanOrEqual(256);
    }
  });

  it("shows a form's variables (a quiz's score) after the answers, the first 3 of them", () => {
    const event = response({ q1: { question: 'Capital of France?', answer: 'paris' } });
    (event.data as { variables?: Record<string, number | string> }).variables = {
      score: 0,
      grade: 'pass',
      bonus: 2,
      extra: 9,
    };
    expect(describeEvent(event, 'https://forms.example.test').fields).toEqual([
      { name: 'Capital of France?', value: 'paris' },
      { name: 'score', value: '0' },
      { name: 'grade', value: 'pass' },
      { name: 'bonus', value: '2' },
    ]);
  });

  it('per event: published has open-form and dashboard links, the limit is a warning, deleted is title-only', () => {
    const published = describeEvent(
      {
        type: 'FORM_PUBLISHED',
        created_at: '2026-11-25T00:00:00.000Z',
        data: {
          formId: 'f',
          formTitle: 'Poll',
          shareUrl: 'abc',
          publicUrl: 'https://x.test/f/abc',
          publishedAt: '2026-11-25T00:00:00.000Z',
        },
      } as WebhookEvent,
      'https://x.test',
    );
    expect(published.links).toEqual([
      { label: 'Open form', url: 'https://x.test/f/abc' },
      { label: 'Dashboard', url: 'https://x.test/app/integrations' },
    ]);
    const limit = describeEvent(
      {
        type: 'FORM_RESPONSES_LIMIT_REACHED',
        created_at: '2026-11-25T00:00:00.000Z',
        data: { formId: 'f', formTitle: 'Poll', maxResponses: 3, responseCount: 3 },
      } as WebhookEvent,
      'https://x.test',
    );
    expect(limit.warning).toBe(true);
    const deleted = describeEvent(
      {
        type: 'FORM_DELETED',
        created_at: '2026-11-25T00:00:00.000Z',
        data: { formId: 'f', formTitle: 'Poll' },
      } as WebhookEvent,
      'https://x.test',
    );
    expect(deleted).toMatchObject({ title: 'Poll', summary: 'Form deleted', links: [], fields: [] });
  });
});

describe("a repeating section's entries", () => {
  const schema = guestsSchema();
  const guests = (n: number, name = (i: number) => `Guest-${i}`) =>
    Array.from({ length: n }, (_, i) => ({ name: name(i), age: 20 + i }));
  // As a delivery carries a repeating section: the list as stored, and `entries` beside it.
  const event = (entries: unknown[]) =>
    response({ guests: { question: 'Guests', answer: entries, entries: entries.map(() => ({})) } });

  it('one numbered line each with the labels of the form, or the stored keys without it', () => {
    const entries = [{ name: 'Ada', age: 40, meal: 'veg' }, { name: 'Bo' }];
    expect(describeEvent(event(entries), 'https://x.test', schema).fields).toEqual([
      {
        name: 'Guests',
        value: 'Guests 1: Guest name: Ada; Age: 40; Meal for Ada: Vegetarian\nGuests 2: Guest name: Bo',
      },
    ]);
    expect(describeEvent(event(entries), 'https://x.test').fields[0]!.value).toBe(
      'Guests 1: name: Ada; age: 40; meal: veg\nGuests 2: name: Bo',
    );
  });

  it('a list of files is no repeating section: shown by name, also without the form', () => {
    const file = (name: string) => ({ uploadId: `u-${name}`, name, size: 2048, type: 'application/pdf' });
    const note = describeEvent(
      response({ cv: { question: 'Your files', answer: [file('a.pdf'), file('b.pdf')] } }),
      'https://x.test',
    );
    expect(note.fields).toEqual([{ name: 'Your files', value: 'File: a.pdf (2 KB), File: b.pdf (2 KB)' }]);
  });

  it('a long list ends with "and N more" and stays inside the Slack and Discord limits', () => {
    const note = describeEvent(event(guests(50, (i) => `${i}-${'x'.repeat(300)}`)), 'https://x.test', schema);
    const value = note.fields[0]!.value;
    const shown = value.split('\n').filter((l) => l.startsWith('Guests '));
    expect(shown.length).toBeGreaterThan(0);
    expect(value.endsWith(`and ${50 - shown.length} more`)).toBe(true);
    expect(value.length).toBeLessThanOrEqual(ENTRIES_PREVIEW_CHARS);
    const slackField = (slackMessage(note, 'C1').blocks[2] as { fields: { text: string }[] }).fields[0]!;
    expect(slackField.text).toContain(`and ${50 - shown.length} more`);
    const embed = discordMessage(note).embeds[0]!;
    expect(embed.fields[0]!.value).toBe(value);
    expect(embed.fields[0]!.value.length).toBeLessThanOrEqual(LIMITS.discordField);

    const few = describeEvent(event(guests(3)), 'https://x.test', schema).fields[0]!.value;
    expect(few).toBe(
      'Guests 1: Guest name: Guest-0; Age: 20\nGuests 2: Guest name: Guest-1; Age: 21\nGuests 3: Guest name: Guest-2; Age: 22',
    );
  });
});
