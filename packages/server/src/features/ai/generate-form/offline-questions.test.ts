import { describe, expect, it } from 'vitest';
import type { FieldDraft } from './form-draft.js';
import { offlineFormDraft } from './offline-form.js';
import { rangeIn } from './offline-questions.js';

const fieldsOf = (prompt: string, language: 'en' | 'de' | 'tr' = 'en'): FieldDraft[] =>
  offlineFormDraft(prompt, language).sections.flatMap((s) => s.fields);
const only = (prompt: string, type: FieldDraft['type']): FieldDraft => {
  const found = fieldsOf(prompt).filter((f) => f.type === type);
  expect(found, prompt).toHaveLength(1);
  return found[0]!;
};

describe('the offline reader of the question types', () => {
  it('reads ranges as people write them', () => {
    expect(rangeIn('on a scale of 1 to 7')).toEqual([1, 7]);
    expect(rangeIn('between 5 and 500 euros')).toEqual([5, 500]);
    expect(rangeIn('%0 ile %100 arasında')).toEqual([0, 100]);
    expect(rangeIn('von 1 bis 5 Sternen')).toEqual([1, 5]);
    expect(rangeIn('from 10 to 3')).toBeNull();
    expect(rangeIn('no numbers here')).toBeNull();
  });

  it('a long "all that apply" list: a multi-select, "Other" and "None of the above" in their parts', () => {
    const select = only(
      'Which tools do you use? Select all that apply: Slack, Teams, Zoom, Meet, Webex, Discord, Signal, Skype, Other, None of the above.',
      'select',
    );
    expect(select.multiple).toBe(true);
    expect(select.other).toBe('Other');
    expect(select.options).not.toContain('Other');
    expect(select.exclusiveOption).toBe('None of the above');
    expect(select.options).toContain('None of the above');
    expect(select.label).toBe('Which tools do you use?');
  });

  it('a short one stays checkboxes; a yes/no recommendation stays a radio, not an NPS', () => {
    expect(
      only('Which snacks do you like? Pick all that apply: chips, nuts, fruit.', 'checkbox').multiple,
    ).toBeNull();
    const types = fieldsOf('Would you recommend us (yes/no)').map((f) => f.type);
    expect(types).not.toContain('nps');
    expect(types).toContain('radio');
  });

  it('a ranking keeps its options in order and its top', () => {
    const ranking = only('Rank your top 2 of these: price, quality, speed, support.', 'ranking');
    expect(ranking.options).toEqual(['price', 'quality', 'speed', 'support']);
    expect(ranking.ranking).toEqual({ top: 2 });
  });

  it('a picture choice labels each image by the words before it, or numbers it', () => {
    const picture = only(
      'Choose a logo: https://cdn.example.com/a.png, https://cdn.example.com/b.png',
      'picture_choice',
    );
    expect(picture.options).toEqual(['1', '2']);
    expect(picture.imageUrls).toEqual(['https://cdn.example.com/a.png', 'https://cdn.example.com/b.png']);
    // http images are not enough for a picture choice.
    expect(
      fieldsOf('Pick one: A http://x.example/a.png, B http://x.example/b.png').map((f) => f.type),
    ).not.toContain('picture_choice');
  });

  it('an item of a field list becomes its type and leaves the rest of the list', () => {
    const fields = fieldsOf('Kundenumfrage mit Name, E-Mail und Weiterempfehlung von 0 bis 10', 'de');
    expect(fields.map((f) => f.type)).toEqual(['text', 'email', 'nps', 'textarea']);
    expect(
      offlineFormDraft('Kundenumfrage mit Name, E-Mail und Weiterempfehlung von 0 bis 10', 'de').title,
    ).toBe('Kundenumfrage');
  });

  it('a rating from 0 is a scale from 0; a slider over a wide range gets a round step', () => {
    expect(only('Rate our service from 0 to 10?', 'scale').scale).toMatchObject({ min: 0, max: 10 });
    expect(only('How much do you spend on rent, between 0 and 3000 dollars?', 'slider').slider).toEqual({
      min: 0,
      max: 3000,
      step: 50,
      unit: '$',
    });
  });

  it('a matrix of statements gets Likert columns in the form language', () => {
    const prompt = 'Her bir ifadeye ne kadar katılıyorsunuz: ürün kaliteli, fiyat uygun, teslimat hızlı.';
    const matrix = fieldsOf(prompt, 'tr').find((f) => f.type === 'matrix');
    expect(matrix?.matrix?.rows).toEqual(['ürün kaliteli', 'fiyat uygun', 'teslimat hızlı']);
    expect(matrix?.matrix?.columns).toEqual([
      'Kesinlikle katılmıyorum',
      'Katılmıyorum',
      'Kararsızım',
      'Katılıyorum',
      'Kesinlikle katılıyorum',
    ]);
  });
});
