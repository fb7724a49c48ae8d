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
  /** A signature pad's name for screen readers. */
  signPad: string;
  signClear: string;
  /** The label of the typed-name alternative to drawing. */
  signTyped: string;
  /** Said once a signature is stored. */
  signSaved: string;
  /** The page without JavaScript: a signature cannot be given there. */
  signNoScript: string;
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
    signPad: 'Signature pad: draw your signature with a mouse, pen or finger',
    signClear: 'Clear',
    signTyped: 'Or type your name instead',
    signSaved: 'Signature saved',
    signNoScript: 'Signing needs JavaScript. Please turn it on in your browser to sign.',
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
    signPad: 'Unterschriftenfeld: Unterschreiben Sie mit Maus, Stift oder Finger',
    signClear: 'Löschen',
    signTyped: 'Oder geben Sie stattdessen Ihren Namen ein',
    signSaved: 'Unterschrift gespeichert',
    signNoScript: 'Zum Unterschreiben wird JavaScript benötigt. Bitte aktivieren Sie es in Ihrem Browser.',
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
    signPad: 'Panel de firma: firme con el ratón, un lápiz o el dedo',
    signClear: 'Borrar',
    signTyped: 'O escriba su nombre en su lugar',
    signSaved: 'Firma guardada',
    signNoScript: 'Para firmar se necesita JavaScript. Actívelo en su navegador para firmar.',
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
    signPad: 'Area firma: firma con il mouse, una penna o il dito',
    signClear: 'Cancella',
    signTyped: 'Oppure scrivi il tuo nome',
    signSaved: 'Firma salvata',
    signNoScript: 'Per firmare serve JavaScript. Attivalo nel browser per firmare.',
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
    signPad: 'Handtekeningveld: teken uw handtekening met muis, pen of vinger',
    signClear: 'Wissen',
    signTyped: 'Of typ in plaats daarvan uw naam',
    signSaved: 'Handtekening opgeslagen',
    signNoScript: 'Ondertekenen vereist JavaScript. Zet het aan in uw browser om te ondertekenen.',
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
    signPad: 'İmza alanı: fare, kalem veya parmağınızla imzalayın',
    signClear: 'Temizle',
    signTyped: 'Ya da bunun yerine adınızı yazın',
    signSaved: 'İmza kaydedildi',
    signNoScript: 'İmzalamak için JavaScript gerekir. İmzalamak için tarayıcınızda açın.',
  },
};

/** The texts of a language (its base language, `de-AT` -> `de`), English when there are none. */
export function familyTexts(language: string): FamilyTexts {
  return TEXTS[language] ?? TEXTS[language.split('-')[0]!.toLowerCase()] ?? TEXTS.en!;
}

export const FAMILY_LANGUAGES = Object.keys(TEXTS);
