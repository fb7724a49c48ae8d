import { loadQuestionTypes } from '@formloom/contract/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { countryChoices, countryOptions } from './countries.js';

describe('the countries the builder picks from', () => {
  beforeAll(() => loadQuestionTypes({ phone: true }));

  it('names every two-letter country of the phone numbering in the language asked for, ordered by name', () => {
    const de = countryOptions('de');
    expect(de.find((c) => c.value === 'DE')?.label).toBe('Deutschland');
    expect(countryOptions('en').find((c) => c.value === 'DE')?.label).toBe('Germany');
    expect(de.every((c) => /^[A-Z]{2}$/.test(c.value))).toBe(true);
    expect(new Set(de.map((c) => c.value)).size).toBe(de.length);
    expect(de.length).toBeGreaterThan(200);
    const labels = de.map((c) => c.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'de')));
  });

  it('keeps a code that is not among them listed, and leads with the blank choice when asked', () => {
    const countries = [{ value: 'FR', label: 'France' }];
    expect(countryChoices(countries, 'QQ', 'none')).toEqual([
      { value: '', label: 'none' },
      { value: 'QQ', label: 'QQ' },
      { value: 'FR', label: 'France' },
    ]);
    expect(countryChoices(countries, 'FR')).toEqual(countries);
    expect(countryChoices(countries, undefined, 'none')).toEqual([
      { value: '', label: 'none' },
      ...countries,
    ]);
  });
});
