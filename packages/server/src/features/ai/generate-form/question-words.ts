import type { Language } from '@formloom/contract';

/**
 * The words that ask for the question types (docs/ai.md "Question types offline"), in the six
 * languages at once, accents folded (`foldText`) and matched word by word as in prompt-words.ts:
 * `x*` matches a word that starts with `x`.
 */
export const QUESTION_WORDS = {
  /** "How likely are you to RECOMMEND us": with LIKELY or 0-10, an NPS question. */
  recommend: [
    'recommend*',
    'empfehl*',
    'weiterempfehl*',
    'recomend*',
    'recomiend*',
    'consigli*',
    'raccomand*',
    'aanbevel*',
    'aanbeveel*',
    'aanrad*',
    'aan te raden',
    'aan te bevelen',
    'tavsiye*',
    'oner*',
  ],
  likely: [
    'likely',
    'likelihood',
    'nps',
    'net promoter',
    'wahrscheinlich*',
    'probab*',
    'waarschijnlijk*',
    'olasilik*',
    'olasi*',
    'muhtemel*',
    'ihtimal*',
  ],
  agree: [
    'agree',
    'disagree',
    'zustimm*',
    'stimme*',
    'einverstanden',
    'acuerdo',
    'desacuerdo',
    'accordo',
    'disaccordo',
    'eens',
    'oneens',
    'katiliyor*',
    'katilmiyor*',
    'katilir*',
  ],
  /** Each of several items on one scale: a matrix. */
  each: [
    'each',
    'every',
    'jede*',
    'cada',
    'ciascun*',
    'ciascuna',
    'ogni',
    'elk',
    'elke',
    'ieder*',
    'her bir*',
  ],
  rank: [
    'rank*',
    'order of preference',
    'order by preference',
    'order of importance',
    'in order of',
    'put in order',
    'prioriti*',
    'reihenfolge',
    'rangfolge',
    'ordnen',
    'sortier*',
    'ordene',
    'ordena',
    'ordenar',
    'orden de',
    'clasifique',
    'jerarquic*',
    'ordina',
    'ordinate',
    'ordini',
    'ordine di',
    'classific*',
    'rangschik*',
    'volgorde',
    'sirala*',
    'siraya',
    'oncelik sirasi*',
  ],
  multi: [
    'all that apply',
    'select all',
    'pick all',
    'choose all',
    'tick all',
    'multiple',
    'several',
    'zutreffend*',
    'mehrere',
    'mehrfach*',
    'todas las que',
    'todos los que',
    'varias',
    'varios',
    'tutte quelle',
    'tutti quelli',
    'piu risposte',
    'piu opzioni',
    'van toepassing',
    'meerdere',
    'birden fazla',
    'hepsini',
    'tumunu',
  ],
  scale: ['scale', 'skala', 'escala', 'scala', 'schaal', 'olcek*'],
  slider: ['slider', 'schieberegler', 'deslizante', 'cursore', 'schuifregelaar', 'kaydirici*'],
  rating: [
    'rate',
    'rating',
    'star',
    'stars',
    'satisf*',
    'sterne*',
    'zufrieden*',
    'bewert*',
    'estrellas',
    'valore',
    'valora',
    'valorar',
    'calific*',
    'stelle',
    'soddisf*',
    'valut*',
    'sterren',
    'tevreden*',
    'beoordeel*',
    'waardeer*',
    'yildiz*',
    'memnun*',
    'puan*',
    'degerlendir*',
  ],
} as const;

/** Units a slider shows, by the words that name them (percent first: "0 to 100 %"). */
export const UNITS: readonly (readonly [string, readonly string[]])[] = [
  [
    '%',
    [
      '%',
      'percent',
      'per cent',
      'prozent',
      'por ciento',
      'porcentaje',
      'per cento',
      'percentuale',
      'procent',
      'yuzde*',
    ],
  ],
  ['€', ['€', 'eur', 'euro', 'euros']],
  ['$', ['$', 'usd', 'dollar', 'dollars']],
  ['£', ['£', 'gbp', 'pound', 'pounds']],
  ['km', ['km', 'kilometers', 'kilometres', 'kilometer', 'kilometros', 'chilometri', 'kilometre']],
  ['kg', ['kg', 'kilo', 'kilos', 'kilograms']],
  ['h', ['hours', 'hour', 'stunden', 'horas', 'ore', 'uur', 'saat']],
  ['min', ['minutes', 'minuten', 'minutos', 'minuti', 'dakika']],
];

interface QuestionTexts {
  /** A matrix's columns for statements: strongly disagree .. strongly agree. */
  agree: readonly [string, string, string, string, string];
  /** A matrix's columns for items rated without numbers: very poor .. excellent. */
  quality: readonly [string, string, string, string, string];
  /** The NPS question when the prompt asks for an NPS without writing it out. */
  nps: string;
  /** A picture choice's question when the prompt writes none. */
  picture: string;
}

export const QUESTION_TEXTS: Readonly<Record<Language, QuestionTexts>> = {
  en: {
    agree: ['Strongly disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly agree'],
    quality: ['Very poor', 'Poor', 'Fair', 'Good', 'Excellent'],
    nps: 'How likely are you to recommend us to a friend or colleague?',
    picture: 'Which one do you prefer?',
  },
  de: {
    agree: ['Stimme gar nicht zu', 'Stimme nicht zu', 'Neutral', 'Stimme zu', 'Stimme voll zu'],
    quality: ['Sehr schlecht', 'Schlecht', 'Mittel', 'Gut', 'Ausgezeichnet'],
    nps: 'Wie wahrscheinlich ist es, dass Sie uns einem Freund oder Kollegen empfehlen?',
    picture: 'Welches gefällt Ihnen am besten?',
  },
  es: {
    agree: ['Muy en desacuerdo', 'En desacuerdo', 'Neutral', 'De acuerdo', 'Muy de acuerdo'],
    quality: ['Muy mal', 'Mal', 'Regular', 'Bien', 'Excelente'],
    nps: '¿Qué probabilidad hay de que nos recomiende a un amigo o colega?',
    picture: '¿Cuál prefiere?',
  },
  it: {
    agree: ['Per nulla d’accordo', 'In disaccordo', 'Neutrale', 'D’accordo', 'Del tutto d’accordo'],
    quality: ['Pessimo', 'Scarso', 'Discreto', 'Buono', 'Eccellente'],
    nps: 'Quanto è probabile che ci consigli a un amico o a un collega?',
    picture: 'Quale preferisce?',
  },
  nl: {
    agree: ['Helemaal oneens', 'Oneens', 'Neutraal', 'Eens', 'Helemaal eens'],
    quality: ['Zeer slecht', 'Slecht', 'Redelijk', 'Goed', 'Uitstekend'],
    nps: 'Hoe waarschijnlijk is het dat u ons aanbeveelt aan een vriend of collega?',
    picture: 'Welke heeft uw voorkeur?',
  },
  tr: {
    agree: ['Kesinlikle katılmıyorum', 'Katılmıyorum', 'Kararsızım', 'Katılıyorum', 'Kesinlikle katılıyorum'],
    quality: ['Çok kötü', 'Kötü', 'Orta', 'İyi', 'Mükemmel'],
    nps: 'Bizi bir arkadaşınıza veya meslektaşınıza önerme olasılığınız nedir?',
    picture: 'Hangisini tercih edersiniz?',
  },
};

/** An item that is the "Other, please specify" choice. */
export const OTHER_WORDS: readonly string[] = [
  'other',
  'others',
  'sonstig*',
  'andere*',
  'otro',
  'otra',
  'otros',
  'altro',
  'altri',
  'anders',
  'diger',
];
/** An item that excludes the others: "None of the above". */
export const NONE_WORDS: readonly string[] = [
  'none',
  'none of the above',
  'keine*',
  'keins',
  'ninguno*',
  'ninguna',
  'nessuno',
  'nessuna',
  'geen',
  'geen van*',
  'hicbiri',
];
