/**
 * The renderer's own texts for the question types (docs/embedding.md "Question types"), in the six
 * languages. They live in the family chunks, not in the element's start bundle or the engine's
 * language packs: a form without these types never downloads them.
 */
export interface FamilyTexts {
  npsLow: string;
  npsHigh: string;
  moveUp: string;
  moveDown: string;
  /** "{item} moved to place {place} of {count}" */
  moved: string;
  other: string;
  otherText: string;
  search: string;
  /** "Place {n}" */
  place: string;
  unranked: string;
  /** The time zone offset beside a date and time (the page without a script). */
  timeZone: string;
  /** The country picker of a phone number. */
  callingCode: string;
}

const TEXTS: Record<string, FamilyTexts> = {
  en: {
    npsLow: 'Not at all likely',
    npsHigh: 'Extremely likely',
    moveUp: 'Move up',
    moveDown: 'Move down',
    moved: '{item} moved to place {place} of {count}',
    other: 'Other',
    otherText: 'Please specify',
    search: 'Search options',
    place: 'Place {n}',
    unranked: 'Not ranked',
    timeZone: 'Time zone',
    callingCode: 'Country code',
  },
  de: {
    npsLow: 'Überhaupt nicht wahrscheinlich',
    npsHigh: 'Äußerst wahrscheinlich',
    moveUp: 'Nach oben',
    moveDown: 'Nach unten',
    moved: '{item} ist jetzt auf Platz {place} von {count}',
    other: 'Sonstiges',
    otherText: 'Bitte angeben',
    search: 'Optionen durchsuchen',
    place: 'Platz {n}',
    unranked: 'Ohne Platz',
    timeZone: 'Zeitzone',
    callingCode: 'Ländervorwahl',
  },
  es: {
    npsLow: 'Nada probable',
    npsHigh: 'Muy probable',
    moveUp: 'Subir',
    moveDown: 'Bajar',
    moved: '{item} pasó al puesto {place} de {count}',
    other: 'Otro',
    otherText: 'Especifique',
    search: 'Buscar opciones',
    place: 'Puesto {n}',
    unranked: 'Sin puesto',
    timeZone: 'Zona horaria',
    callingCode: 'Prefijo del país',
  },
  it: {
    npsLow: 'Per niente probabile',
    npsHigh: 'Estremamente probabile',
    moveUp: 'Sposta su',
    moveDown: 'Sposta giù',
    moved: '{item} spostato al posto {place} di {count}',
    other: 'Altro',
    otherText: 'Specificare',
    search: 'Cerca opzioni',
    place: 'Posto {n}',
    unranked: 'Senza posto',
    timeZone: 'Fuso orario',
    callingCode: 'Prefisso internazionale',
  },
  nl: {
    npsLow: 'Helemaal niet waarschijnlijk',
    npsHigh: 'Zeer waarschijnlijk',
    moveUp: 'Omhoog',
    moveDown: 'Omlaag',
    moved: '{item} staat nu op plaats {place} van {count}',
    other: 'Anders',
    otherText: 'Geef aan welke',
    search: 'Opties zoeken',
    place: 'Plaats {n}',
    unranked: 'Geen plaats',
    timeZone: 'Tijdzone',
    callingCode: 'Landcode',
  },
  tr: {
    npsLow: 'Hiç olası değil',
    npsHigh: 'Son derece olası',
    moveUp: 'Yukarı taşı',
    moveDown: 'Aşağı taşı',
    moved: '{item}, {count} içinde {place}. sıraya taşındı',
    other: 'Diğer',
    otherText: 'Lütfen belirtin',
    search: 'Seçeneklerde ara',
    place: '{n}. sıra',
    unranked: 'Sırasız',
    timeZone: 'Saat dilimi',
    callingCode: 'Ülke kodu',
  },
};

/** The texts of a language (its base language, `de-AT` -> `de`), English when there are none. */
export function familyTexts(language: string): FamilyTexts {
  return TEXTS[language] ?? TEXTS[language.split('-')[0]!.toLowerCase()] ?? TEXTS.en!;
}

export const FAMILY_LANGUAGES = Object.keys(TEXTS);
