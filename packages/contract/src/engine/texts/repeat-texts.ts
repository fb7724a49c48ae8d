/**
 * The built-in texts of a repeating section's entries (docs/form-model.md "Repeating sections"), in
 * the six languages: an entry's name ("Guests 2"), Add, Remove, Move up, Move down, why Add is off,
 * and what the live region says of each change. One table for every renderer (React's entries,
 * `<formloom-form>`'s and the server's page), exported by `@formloom/contract/engine/parts` so that
 * it travels with their entries' chunks, not in their starts.
 */
const REPEAT_TEXTS = {
  en: {
    entry: '{title} {number}',
    add: 'Add an entry',
    remove: 'Remove',
    up: 'Move up',
    down: 'Move down',
    full: 'At most {max} entries: remove one to add another.',
    added: '{entry} added. Entries: {count} of {max}.',
    removed: '{entry} removed. Entries: {count} of {max}.',
    moved: '{entry} moved to place {place} of {count}.',
  },
  de: {
    entry: '{title} {number}',
    add: 'Eintrag hinzufügen',
    remove: 'Entfernen',
    up: 'Nach oben',
    down: 'Nach unten',
    full: 'Höchstens {max} Einträge: Entfernen Sie einen, um einen weiteren hinzuzufügen.',
    added: '{entry} hinzugefügt. Einträge: {count} von {max}.',
    removed: '{entry} entfernt. Einträge: {count} von {max}.',
    moved: '{entry} auf Platz {place} von {count} verschoben.',
  },
  es: {
    entry: '{title} {number}',
    add: 'Añadir una entrada',
    remove: 'Quitar',
    up: 'Subir',
    down: 'Bajar',
    full: 'Como máximo {max} entradas: quite una para añadir otra.',
    added: '{entry} añadida. Entradas: {count} de {max}.',
    removed: '{entry} quitada. Entradas: {count} de {max}.',
    moved: '{entry} movida al puesto {place} de {count}.',
  },
  it: {
    entry: '{title} {number}',
    add: 'Aggiungi una voce',
    remove: 'Rimuovi',
    up: 'Sposta su',
    down: 'Sposta giù',
    full: 'Al massimo {max} voci: rimuovine una per aggiungerne un’altra.',
    added: '{entry} aggiunta. Voci: {count} di {max}.',
    removed: '{entry} rimossa. Voci: {count} di {max}.',
    moved: '{entry} spostata al posto {place} di {count}.',
  },
  nl: {
    entry: '{title} {number}',
    add: 'Item toevoegen',
    remove: 'Verwijderen',
    up: 'Omhoog',
    down: 'Omlaag',
    full: 'Hoogstens {max} items: verwijder er een om een ander toe te voegen.',
    added: '{entry} toegevoegd. Items: {count} van {max}.',
    removed: '{entry} verwijderd. Items: {count} van {max}.',
    moved: '{entry} verplaatst naar plaats {place} van {count}.',
  },
  tr: {
    entry: '{title} {number}',
    add: 'Kayıt ekle',
    remove: 'Kaldır',
    up: 'Yukarı taşı',
    down: 'Aşağı taşı',
    full: 'En fazla {max} kayıt: başka birini eklemek için birini kaldırın.',
    added: '{entry} eklendi. Kayıtlar: {count} / {max}.',
    removed: '{entry} kaldırıldı. Kayıtlar: {count} / {max}.',
    moved: '{entry}, {count} içinde {place}. sıraya taşındı.',
  },
};

export type RepeatTexts = (typeof REPEAT_TEXTS)['en'];

/** The entries' texts in a form's language (English for one without its own). */
export function repeatTexts(language: string): RepeatTexts {
  return (
    REPEAT_TEXTS[language as keyof typeof REPEAT_TEXTS] ??
    REPEAT_TEXTS[language.slice(0, 2) as keyof typeof REPEAT_TEXTS] ??
    REPEAT_TEXTS.en
  );
}
