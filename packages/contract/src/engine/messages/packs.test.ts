import { describe, expect, it } from 'vitest';
import { addLanguagePack, formTextsFor, hasLanguagePack, languagePack, messagesFor } from './packs.js';

describe('language packs', () => {
  it('has all six languages built in on Node, and English for any other', () => {
    for (const language of ['en', 'tr', 'es', 'it', 'de', 'nl']) expect(hasLanguagePack(language)).toBe(true);
    expect(hasLanguagePack('fr')).toBe(false);
    expect(formTextsFor('de').submit).toBe('Absenden');
    expect(formTextsFor('fr')).toBe(formTextsFor('en'));
    expect(languagePack('xx').messages).toBe(messagesFor('en'));
  });

  it('takes a language given later, reading any text it lacks in English; ignores unknown languages', () => {
    addLanguagePack('nl', {
      formTexts: { ...formTextsFor('nl'), submit: 'Versturen!' },
      messages: {} as never,
    });
    expect(formTextsFor('nl').submit).toBe('Versturen!');
    expect(messagesFor('nl').required).toBe(messagesFor('en').required);
    addLanguagePack('fr', { formTexts: formTextsFor('de') });
    expect(hasLanguagePack('fr')).toBe(false);
    expect(formTextsFor('fr').submit).toBe('Submit');
  });
});
