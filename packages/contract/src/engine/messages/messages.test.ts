import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../models/limits.js';
import { fillPlaceholders, formatMessage, type MessageKey, messagesFor } from './index.js';

const en = messagesFor('en');
const KEYS = Object.keys(en) as MessageKey[];
const texts = (entry: string | { one: string; other: string }) =>
  typeof entry === 'string' ? [entry] : [entry.one, entry.other];
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe.each(LANGUAGES.map((l) => [l]))('messages in %s', (language) => {
  const table = messagesFor(language);

  it('has exactly the English keys, each a non-empty text in the same form', () => {
    expect(Object.keys(table).sort()).toEqual([...KEYS].sort());
    for (const key of KEYS) {
      expect(typeof table[key], key).toBe(typeof en[key]);
      for (const text of texts(table[key])) expect(text.trim().length, key).toBeGreaterThan(0);
    }
  });

  it('uses the same placeholders as English in every text', () => {
    for (const key of KEYS) {
      const expected = placeholders(texts(en[key])[0]!);
      for (const text of texts(table[key]))
        expect(placeholders(text), `${language}.${key}`).toEqual(expected);
    }
  });

  it.skipIf(language === 'en')('is translated, not copied from English', () => {
    for (const key of KEYS) {
      const own = texts(table[key]);
      const english = texts(en[key]);
      own.forEach((text, i) => {
        expect(text, `${language}.${key}`).not.toBe(english[i]);
      });
    }
  });
});

describe('formatMessage', () => {
  it('picks the singular form for a count of exactly 1', () => {
    expect(formatMessage('en', 'minLength', { min: 1 })).toBe('Use at least 1 character.');
    expect(formatMessage('en', 'minLength', { min: 2 })).toBe('Use at least 2 characters.');
    expect(formatMessage('es', 'maxSelected', { max: 1 })).toBe('Elige como máximo 1 opción.');
    expect(formatMessage('es', 'maxSelected', { max: 0 })).toBe('Elige como máximo 0 opciones.');
  });

  it("writes numbers the language's way", () => {
    expect(formatMessage('en', 'max', { max: 10_000 })).toBe('Enter a number less than or equal to 10,000.');
    expect(formatMessage('de', 'min', { min: 1.5 })).toBe(
      'Bitte geben Sie eine Zahl größer oder gleich 1,5 ein.',
    );
    expect(formatMessage('tr', 'tooLong', { max: 100_000 })).toBe('En fazla 100.000 karakter kullanın.');
  });

  it('lists MIME types and the size limit', () => {
    expect(formatMessage('nl', 'fileType', { types: ['image/*', 'application/pdf'] })).toBe(
      'Dit bestandstype is niet toegestaan. Toegestaan: image/*, application/pdf.',
    );
    expect(formatMessage('it', 'fileSize', { maxMB: 2 })).toBe(
      'Il file è troppo grande. Il limite è di 2 MB.',
    );
  });

  it('falls back to English for a language it does not have', () => {
    expect(messagesFor('fr')).toBe(en);
    expect(messagesFor('__proto__')).toBe(en);
    expect(formatMessage('xx', 'required')).toBe('This field is required.');
  });

  it('leaves a placeholder without a value as written', () => {
    expect(fillPlaceholders('Between {min} and {max}', 'en', { min: 2 })).toBe('Between 2 and {max}');
    expect(fillPlaceholders('No {value} here', 'en', { min: 2 })).toBe('No {value} here');
  });
});
