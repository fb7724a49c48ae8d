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
  /** A quiz's page of questions, a question's label (numbered) and the message after it. */
  questions: string;
  question: string;
  quizDone: string;
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
    questions: 'Questions',
    question: 'Question',
    quizDone: 'Thank you, {{name}}! Your score: {{score}} of 3.',
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
    questions: 'Sorular',
    question: 'Soru',
    quizDone: 'Teşekkürler, {{name}}! Puanınız: 3 üzerinden {{score}}.',
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
    questions: 'Preguntas',
    question: 'Pregunta',
    quizDone: '¡Gracias, {{name}}! Su puntuación: {{score}} de 3.',
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
    questions: 'Domande',
    question: 'Domanda',
    quizDone: 'Grazie, {{name}}! Il suo punteggio: {{score}} su 3.',
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
    questions: 'Fragen',
    question: 'Frage',
    quizDone: 'Danke, {{name}}! Ihre Punktzahl: {{score}} von 3.',
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
    questions: 'Vragen',
    question: 'Vraag',
    quizDone: 'Bedankt, {{name}}! Uw score: {{score}} van 3.',
  },
};

/**
 * Word starts that ask for a quiz, accents folded: a test, an exam, a trivia game, in each
 * language. `score` is not one: it asks for a rating field (KEYWORDS).
 */
const QUIZ_WORDS: readonly string[] = [
  'quiz',
  // Whole words: not "testimonial" nor "example".
  'test ',
  'tests ',
  'exam ',
  'exams ',
  'trivia',
  'sinav',
  'bilgi yarismasi',
  'examen',
  'prueba',
  'cuestionario',
  'esame',
  'prufung',
  'toets',
  'tentamen',
];

/** Whether the prompt asks for a quiz (see QUIZ_WORDS). */
export function asksForQuiz(prompt: string): boolean {
  const text = ` ${foldText(prompt).replace(/[^a-z0-9@ -]+/g, ' ')} `;
  return QUIZ_WORDS.some((word) => text.includes(` ${word}`));
}

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
  scores: null,
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
 * rating, date, file, choice, number), and a comments box, labelled in `language`; a prompt that
 * asks for a quiz (`asksForQuiz`) adds a page of scored questions. Rule-based and deterministic;
 * for development and tests, not quality.
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
  const comments = fieldDraft('comments', 'textarea', t.comments, { maxLength: 2000 });
  if (asksForQuiz(prompt)) return quizDraft(prompt, t, fields, comments);
  fields.push(comments);
  return {
    title: title(prompt),
    description: null,
    layout: null,
    quiz: null,
    sections: [{ title: t.section, description: null, fields }],
  };
}

/**
 * A quiz, paged: the respondent's page, then a page of three questions whose first option scores
 * 1 (the rest 0); a `score` variable adds them up and the completion message recalls the name and
 * the score.
 */
function quizDraft(prompt: string, t: Texts, about: FieldDraft[], comments: FieldDraft): FormDraft {
  const questions = [1, 2, 3].map((n) =>
    fieldDraft(`question_${n}`, 'radio', `${t.question} ${n}`, {
      required: true,
      options: [1, 2, 3].map((o) => `${t.option} ${o}`),
      scores: [1, 0, 0],
    }),
  );
  return {
    title: title(prompt),
    description: null,
    layout: 'paged',
    quiz: { completionMessage: t.quizDone },
    sections: [
      { title: t.section, description: null, fields: about },
      { title: t.questions, description: null, fields: [...questions, comments] },
    ],
  };
}
