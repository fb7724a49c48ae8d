import { describe, expect, it } from 'vitest';
import type { Field } from '../../models/field.js';
import { shuffled } from './shuffle.js';
import { answerDisplayText } from './table.js';

const field = (extra: Partial<Field>): Field => ({
  id: 'q',
  sectionId: 's',
  type: 'radio',
  label: 'Q',
  order: 0,
  ...extra,
});

describe('shuffled', () => {
  const items = Array.from({ length: 12 }, (_, i) => `o${i}`);
  it('keeps the listed order without shuffle', () => {
    expect(shuffled(field({}), items, 'seed')).toEqual(items);
  });
  it('gives one seed one order, other seeds other orders, and keeps the exclusive option last', () => {
    const f = field({ shuffle: true });
    const keepLast = (o: string) => o === 'o3';
    const a = shuffled(f, items, 'respondent-1', keepLast);
    expect(shuffled(f, items, 'respondent-1', keepLast)).toEqual(a);
    expect(a.at(-1)).toBe('o3');
    expect([...a].sort()).toEqual([...items].sort());
    const orders = new Set(Array.from({ length: 20 }, (_, i) => shuffled(f, items, `r${i}`).join()));
    expect(orders.size).toBeGreaterThan(15);
  });
});

describe('answerDisplayText', () => {
  it('shows each question type as one line of text', () => {
    expect(answerDisplayText(field({ type: 'rating', rating: { max: 5 } }), 4)).toBe('4/5');
    expect(
      answerDisplayText(field({ type: 'slider', slider: { min: 0, max: 10, step: 0.5, unit: 'km' } }), 2.5),
    ).toBe('2.5 km');
    const matrix = field({
      type: 'matrix',
      matrix: {
        rows: [
          { id: 'speed', label: 'Speed' },
          { id: 'price', label: 'Price' },
        ],
        columns: [
          { value: 'good', label: 'Good' },
          { value: 'bad', label: 'Bad' },
        ],
      },
    });
    expect(answerDisplayText(matrix, { price: 'bad', speed: 'good' })).toBe('Speed: Good; Price: Bad');
    const options = [
      { value: 'a', label: 'Apples' },
      { value: 'b', label: 'Bananas' },
    ];
    expect(answerDisplayText(field({ type: 'ranking', options }), ['b', 'a'])).toBe('1. Bananas, 2. Apples');
    expect(answerDisplayText(field({ type: 'checkbox', options }), ['a', { other: 'Kiwis' }])).toBe(
      'Apples, Kiwis',
    );
    expect(answerDisplayText(field({ type: 'radio', options }), { other: 'Kiwis' })).toBe('Kiwis');
    expect(answerDisplayText(field({ type: 'nps' }), undefined)).toBe('');
  });
});
