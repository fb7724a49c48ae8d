import type { Language } from '@formloom/contract';
import { foldText } from '../../../ai/language.js';
import type { FieldDraft, FormDraft } from './form-draft.js';

/** The kinds of field a prompt can ask for by naming them. */
type Concept = 'email' | 'phone' | 'rating' | 'date' | 'file' | 'choice' | 'number';

/**
 * Word starts that name each concept, per language, accents folded (`foldText`). A word matches
 * when it starts with one: Turkish and German add endings (`telefonunuz`, `Dateien`).
 */
const KEYWORDS: Readonly<Record<Concept, readonly string[]>> = {
  email: ['email', 'e-mail', 'mail address', 'e-posta', 'eposta', 'correo', 'posta elettronica', 'mailadres'],
  phone: [
    'phone',
    'telephone',
    'mobile',
    'telefon',
    'telefono',
    'movil',
    'cellulare',
    'handy',
    'telefoon',
    'mobiel',
  ],
  rating: [
    'rating',
    'rate',
    'score',
    'stars',
    'satisfaction',
    'puan',
    'degerlendir',
    'memnuniyet',
    'valoracion',
    'calificacion',
    'puntuacion',
    'satisfaccion',
    'valutazione',
    'voto',
    'punteggio',
    'soddisfazione',
    'bewertung',
    'bewerten',
    'zufriedenheit',
    'sterne',
    'beoordeling',
    'waardering',
    'cijfer',
    'tevredenheid',
  ],
  date: [
    'date',
    'birthday',
    'appointment',
    'tarih',
    'randevu',
    'fecha',
    'cita',
    'data di',
    'giorno',
    'appuntamento',
    'datum',
    'termin',
    'geburtstag',
    'afspraak',
    'verjaardag',
  ],
  file: [
    'file',
    'upload',
    'attachment',
    'resume',
    'cv',
    'photo',
    'image',
    'dosya',
    'yukle',
    'belge',
    'fotograf',
    'ozgecmis',
    'archivo',
    'adjunt',
    'subir',
    'foto',
    'allegat',
    'caricare',
    'datei',
    'hochladen',
    'anhang',
    'lebenslauf',
    'bestand',
    'uploaden',
    'bijlage',
  ],
  choice: [
    'choice',
    'choose',
    'select',
    'option',
    'pick',
    'multiple choice',
    'secim',
    'secenek',
    'sec ',
    'opcion',
    'elegir',
    'seleccion',
    'scelta',
    'scegliere',
    'opzion',
    'selezion',
    'auswahl',
    'wahlen',
    'keuze',
    'kiezen',
    'optie',
    'selecteren',
  ],
  number: [
    'age',
    'number of',
    'quantity',
    'how many',
    'yas',
    'sayi',
    'adet',
    'edad',
    'cantidad',
    'eta',
    'quantita',
    'alter',
    'anzahl',
    'menge',
    'leeftijd',
    'aantal',
  ],
};

interface Texts {
  section: string;
  name: string;
  email: string;
  phone: string;
  rating: string;
  ratingHelp: string;
  date: string;
  file: string;
  choice: string;
  option: string;
  number: string;
  comments: string;
}

const TEXTS: Readonly<Record<Language, Texts>> = {
  en: {
    section: 'Your answers',
    name: 'Your name',
    email: 'Email address',
    phone: 'Phone number',
    rating: 'How would you rate it?',
    ratingHelp: '1 = very poor, 5 = excellent',
    date: 'Date',
    file: 'Upload a file',
    choice: 'Which option fits best?',
    option: 'Option',
    number: 'Number',
    comments: 'Anything else you would like to tell us?',
  },
  tr: {
    section: 'Yanıtlarınız',
    name: 'Adınız',
    email: 'E-posta adresi',
    phone: 'Telefon numarası',
    rating: 'Nasıl değerlendirirsiniz?',
    ratingHelp: '1 = çok kötü, 5 = mükemmel',
    date: 'Tarih',
    file: 'Dosya yükleyin',
    choice: 'Hangi seçenek en uygun?',
    option: 'Seçenek',
    number: 'Sayı',
    comments: 'Eklemek istediğiniz başka bir şey var mı?',
  },
  es: {
    section: 'Sus respuestas',
    name: 'Su nombre',
    email: 'Correo electrónico',
    phone: 'Número de teléfono',
    rating: '¿Cómo lo valoraría?',
    ratingHelp: '1 = muy mal, 5 = excelente',
    date: 'Fecha',
    file: 'Suba un archivo',
    choice: '¿Qué opción encaja mejor?',
    option: 'Opción',
    number: 'Número',
    comments: '¿Algo más que quiera contarnos?',
  },
  it: {
    section: 'Le sue risposte',
    name: 'Il suo nome',
    email: 'Indirizzo email',
    phone: 'Numero di telefono',
    rating: 'Come lo valuterebbe?',
    ratingHelp: '1 = pessimo, 5 = eccellente',
    date: 'Data',
    file: 'Carichi un file',
    choice: 'Quale opzione è più adatta?',
    option: 'Opzione',
    number: 'Numero',
    comments: "C'è altro che vuole dirci?",
  },
  de: {
    section: 'Ihre Antworten',
    name: 'Ihr Name',
    email: 'E-Mail-Adresse',
    phone: 'Telefonnummer',
    rating: 'Wie bewerten Sie es?',
    ratingHelp: '1 = sehr schlecht, 5 = ausgezeichnet',
    date: 'Datum',
    file: 'Datei hochladen',
    choice: 'Welche Option passt am besten?',
    option: 'Option',
    number: 'Zahl',
    comments: 'Möchten Sie uns noch etwas mitteilen?',
  },
  nl: {
    section: 'Uw antwoorden',
    name: 'Uw naam',
    email: 'E-mailadres',
    phone: 'Telefoonnummer',
    rating: 'Hoe zou u het beoordelen?',
    ratingHelp: '1 = zeer slecht, 5 = uitstekend',
    date: 'Datum',
    file: 'Upload een bestand',
    choice: 'Welke optie past het best?',
    option: 'Optie',
    number: 'Aantal',
    comments: 'Wilt u ons nog iets laten weten?',
  },
};

/** The concepts a prompt names, in a fixed order (so the same prompt makes the same form). */
export function conceptsIn(prompt: string): Concept[] {
  const text = ` ${foldText(prompt).replace(/[^a-z0-9@ -]+/g, ' ')} `;
  return (Object.keys(KEYWORDS) as Concept[]).filter((concept) =>
    KEYWORDS[concept].some((word) => text.includes(` ${word}`)),
  );
}

/**
 * Choices listed in the prompt after a colon or in parentheses (`... plan: basic, pro or team`);
 * none when the prompt lists none.
 */
function listedChoices(prompt: string): string[] {
  const list = /[:(]\s*([^:()]+?)\s*(?:\)|$|\.)/.exec(prompt)?.[1];
  if (list === undefined) return [];
  const items = list
    .split(/\s*(?:,|\/|;|\bor\b|\band\b|\bo\b|\by\b|\bveya\b|\boder\b|\bof\b|\boppure\b)\s*/i)
    .map((s) => s.trim())
    .filter((s) => s.length > 0 && s.length <= 60);
  return items.length >= 2 && items.length <= 20 ? [...new Set(items)] : [];
}

function title(prompt: string): string {
  const text = prompt.trim().replace(/\s+/g, ' ');
  const cut = text.length <= 80 ? text : `${text.slice(0, 80).replace(/\s+\S*$/, '')}…`;
  return cut.charAt(0).toUpperCase() + cut.slice(1);
}

const none = {
  placeholder: null,
  helpText: null,
  options: null,
  min: null,
  max: null,
  maxLength: null,
  showWhen: null,
} satisfies Partial<FieldDraft>;

export function fieldDraft(
  key: string,
  type: FieldDraft['type'],
  label: string,
  extra: Partial<FieldDraft> = {},
): FieldDraft {
  return { ...none, key, type, label, required: false, ...extra };
}

/**
 * The offline provider's form: a name, a field for each concept the prompt names (email, phone,
 * rating, date, file, choice, number), and a comments box, labelled in `language`. Rule-based and
 * deterministic; for development and tests, not quality.
 */
export function offlineFormDraft(prompt: string, language: Language): FormDraft {
  const t = TEXTS[language];
  const fields: FieldDraft[] = [fieldDraft('name', 'text', t.name, { required: true, maxLength: 200 })];
  for (const concept of conceptsIn(prompt)) {
    switch (concept) {
      case 'email':
        fields.push(
          fieldDraft('email', 'email', t.email, { required: true, placeholder: 'name@example.com' }),
        );
        break;
      case 'phone':
        fields.push(fieldDraft('phone', 'text', t.phone, { maxLength: 40 }));
        break;
      case 'rating':
        fields.push(
          fieldDraft('rating', 'radio', t.rating, {
            required: true,
            helpText: t.ratingHelp,
            options: ['1', '2', '3', '4', '5'],
          }),
        );
        break;
      case 'date':
        fields.push(fieldDraft('date', 'date', t.date));
        break;
      case 'file':
        fields.push(fieldDraft('file', 'file', t.file));
        break;
      case 'choice': {
        const listed = listedChoices(prompt);
        const options = listed.length > 0 ? listed : [1, 2, 3].map((n) => `${t.option} ${n}`);
        fields.push(fieldDraft('choice', 'select', t.choice, { required: true, options }));
        break;
      }
      case 'number':
        fields.push(fieldDraft('number', 'number', t.number, { min: 0 }));
        break;
    }
  }
  fields.push(fieldDraft('comments', 'textarea', t.comments, { maxLength: 2000 }));
  return {
    title: title(prompt),
    description: null,
    sections: [{ title: t.section, description: null, fields }],
  };
}
