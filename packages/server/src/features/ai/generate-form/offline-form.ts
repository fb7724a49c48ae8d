import type { Language } from '@formloom/contract';
import { foldText } from '../../../ai/language.js';
import { keyOf } from './draft-ids.js';
import type { FieldDraft, FormDraft } from './form-draft.js';
import { rangeIn, readQuestions } from './offline-questions.js';
import { type RepeatRequest, readRepeat } from './offline-repeat.js';
import {
  capitalised,
  isPersonName,
  type ListedField,
  MAX_PROMPT_CHARS,
  type PromptReading,
  readPrompt,
} from './prompt-reading.js';
import { YES_NO } from './prompt-words.js';

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
  url: string;
  /** The add button of a repeating section. */
  addEntry: string;
  /** The title of a form whose prompt gives none, and every form's description. */
  title: string;
  description: (questions: number) => string;
}

const TEXTS: Readonly<Record<Language, Texts>> = {
  en: {
    section: 'Your answers',
    name: 'Your name',
    email: 'Email address',
    phone: 'Phone number',
    rating: 'How would you rate it?',
    url: 'Website',
    addEntry: 'Add another',
    date: 'Date',
    file: 'Upload a file',
    choice: 'Which option fits best?',
    option: 'Option',
    number: 'Number',
    comments: 'Anything else you would like to tell us?',
    questions: 'Questions',
    question: 'Question',
    title: 'Questionnaire',
    description: (n) => `Please answer the ${n} questions below.`,
    quizDone: 'Thank you, {{name}}! Your score: {{score}} of 3.',
  },
  tr: {
    section: 'Yanıtlarınız',
    name: 'Adınız',
    email: 'E-posta adresi',
    phone: 'Telefon numarası',
    rating: 'Nasıl değerlendirirsiniz?',
    url: 'Web sitesi',
    addEntry: 'Bir tane daha ekle',
    date: 'Tarih',
    file: 'Dosya yükleyin',
    choice: 'Hangi seçenek en uygun?',
    option: 'Seçenek',
    number: 'Sayı',
    comments: 'Eklemek istediğiniz başka bir şey var mı?',
    questions: 'Sorular',
    question: 'Soru',
    title: 'Anket',
    description: (n) => `Lütfen aşağıdaki ${n} soruyu yanıtlayın.`,
    quizDone: 'Teşekkürler, {{name}}! Puanınız: 3 üzerinden {{score}}.',
  },
  es: {
    section: 'Sus respuestas',
    name: 'Su nombre',
    email: 'Correo electrónico',
    phone: 'Número de teléfono',
    rating: '¿Cómo lo valoraría?',
    url: 'Sitio web',
    addEntry: 'Añadir otro',
    date: 'Fecha',
    file: 'Suba un archivo',
    choice: '¿Qué opción encaja mejor?',
    option: 'Opción',
    number: 'Número',
    comments: '¿Algo más que quiera contarnos?',
    questions: 'Preguntas',
    question: 'Pregunta',
    title: 'Cuestionario',
    description: (n) => `Responda, por favor, a las ${n} preguntas siguientes.`,
    quizDone: '¡Gracias, {{name}}! Su puntuación: {{score}} de 3.',
  },
  it: {
    section: 'Le sue risposte',
    name: 'Il suo nome',
    email: 'Indirizzo email',
    phone: 'Numero di telefono',
    rating: 'Come lo valuterebbe?',
    url: 'Sito web',
    addEntry: 'Aggiungi un altro',
    date: 'Data',
    file: 'Carichi un file',
    choice: 'Quale opzione è più adatta?',
    option: 'Opzione',
    number: 'Numero',
    comments: "C'è altro che vuole dirci?",
    questions: 'Domande',
    question: 'Domanda',
    title: 'Questionario',
    description: (n) => `Risponda, per favore, alle ${n} domande qui sotto.`,
    quizDone: 'Grazie, {{name}}! Il suo punteggio: {{score}} su 3.',
  },
  de: {
    section: 'Ihre Antworten',
    name: 'Ihr Name',
    email: 'E-Mail-Adresse',
    phone: 'Telefonnummer',
    rating: 'Wie bewerten Sie es?',
    url: 'Webseite',
    addEntry: 'Weitere hinzufügen',
    date: 'Datum',
    file: 'Datei hochladen',
    choice: 'Welche Option passt am besten?',
    option: 'Option',
    number: 'Zahl',
    comments: 'Möchten Sie uns noch etwas mitteilen?',
    questions: 'Fragen',
    question: 'Frage',
    title: 'Fragebogen',
    description: (n) => `Bitte beantworten Sie die ${n} Fragen unten.`,
    quizDone: 'Danke, {{name}}! Ihre Punktzahl: {{score}} von 3.',
  },
  nl: {
    section: 'Uw antwoorden',
    name: 'Uw naam',
    email: 'E-mailadres',
    phone: 'Telefoonnummer',
    rating: 'Hoe zou u het beoordelen?',
    url: 'Website',
    addEntry: 'Nog een toevoegen',
    date: 'Datum',
    file: 'Upload een bestand',
    choice: 'Welke optie past het best?',
    option: 'Optie',
    number: 'Aantal',
    comments: 'Wilt u ons nog iets laten weten?',
    questions: 'Vragen',
    question: 'Vraag',
    title: 'Vragenlijst',
    description: (n) => `Beantwoord alstublieft de ${n} vragen hieronder.`,
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

const none = {
  placeholder: null,
  scores: null,
  helpText: null,
  options: null,
  min: null,
  max: null,
  maxLength: null,
  showWhen: null,
  multiple: null,
  other: null,
  exclusiveOption: null,
  shuffle: null,
  imageUrls: null,
  rating: null,
  nps: null,
  scale: null,
  slider: null,
  matrix: null,
  ranking: null,
  noticeText: null,
} satisfies Partial<FieldDraft>;

export function fieldDraft(
  key: string,
  type: FieldDraft['type'],
  label: string,
  extra: Partial<FieldDraft> = {},
): FieldDraft {
  return { ...none, key, type, label, required: false, ...extra };
}

const nameField = (t: Texts) => fieldDraft('name', 'text', t.name, { required: true, maxLength: 200 });
const commentsField = (t: Texts) => fieldDraft('comments', 'textarea', t.comments, { maxLength: 2000 });

/** A rating: stars 1..max (3 to 10), a scale from 0, or else a radio of its scale's numbers. */
function ratingField(key: string, label: string, scale: [number, number], required: boolean) {
  const [low, high] = scale;
  if (low === 1 && high >= 3 && high <= 10)
    return fieldDraft(key, 'rating', label, { required, rating: { max: high, icon: null } });
  if (low === 0 && high >= 2 && high <= 10) {
    const config = { min: 0 as const, max: high, lowLabel: null, midLabel: null, highLabel: null };
    return fieldDraft(key, 'scale', label, { required, scale: config });
  }
  const options = Array.from({ length: high - low + 1 }, (_, i) => String(low + i));
  return fieldDraft(key, 'radio', label, { required, options });
}

/** The scale a prompt gives a rating ("1 to 10"), or 1 to 5. */
function ratingScale(prompt: string): [number, number] {
  const range = rangeIn(prompt);
  return range !== null && Number.isInteger(range[0]) && range[1] - range[0] <= 10 ? range : [1, 5];
}

/** A field for each concept the prompt names (email, phone, rating...), when it lists no fields. */
function conceptFields(prompt: string, t: Texts): FieldDraft[] {
  return conceptsIn(prompt).map((concept): FieldDraft => {
    switch (concept) {
      case 'email':
        return fieldDraft('email', 'email', t.email, { required: true, placeholder: 'name@example.com' });
      case 'phone':
        return fieldDraft('phone', 'phone', t.phone);
      case 'rating':
        return ratingField('rating', t.rating, ratingScale(prompt), true);
      case 'date':
        return fieldDraft('date', 'date', t.date);
      case 'file':
        return fieldDraft('file', 'file', t.file);
      case 'choice': {
        const listed = listedChoices(prompt);
        const options = listed.length > 0 ? listed : [1, 2, 3].map((n) => `${t.option} ${n}`);
        return fieldDraft('choice', 'select', t.choice, { required: true, options });
      }
      default:
        return fieldDraft('number', 'number', t.number, { min: 0 });
    }
  });
}

/** The draft of a field the prompt lists, labelled as written, typed by its cue. */
function listedField(f: ListedField, t: Texts, language: Language): FieldDraft | null {
  const field = (key: string, type: FieldDraft['type'], label: string, extra: Partial<FieldDraft> = {}) =>
    fieldDraft(keyOf(f.label, key), type, f.label || label, { required: f.required ?? false, ...extra });
  switch (f.cue) {
    case 'yesNo':
      return field('yes_no', 'radio', t.choice, { options: [...YES_NO[language]] });
    case 'file':
      return field('file', 'file', t.file);
    case 'email':
      return field('email', 'email', t.email, {
        required: f.required ?? true,
        placeholder: 'name@example.com',
      });
    case 'url':
      return field('website', 'url', t.url, { placeholder: 'https://' });
    case 'phone':
      return field('phone', 'phone', t.phone);
    case 'identifier':
      return field('answer', 'text', t.name, { maxLength: 200 });
    case 'datetime':
      return field('datetime', 'datetime', f.label);
    case 'time':
      return field('time', 'time', f.label);
    case 'address':
      return field('address', 'address', f.label);
    case 'signature':
      return field('signature', 'signature', f.label);
    case 'consent':
      // The respondent's sentence is the text agreed to, and a consent asked for is required.
      return field('consent', 'consent', f.label, { required: f.required ?? true, noticeText: f.label });
    case 'date':
      return field('date', 'date', t.date);
    case 'rating':
      return ratingField(
        keyOf(f.label, 'rating'),
        f.label || t.rating,
        f.scale ?? [1, 5],
        f.required ?? true,
      );
    case 'number':
      return field('number', 'number', t.number, { min: 0 });
    case 'long':
      return field('comments', 'textarea', t.comments, { maxLength: 2000 });
    case 'choice': {
      const options = f.options.length > 0 ? f.options : [1, 2, 3].map((n) => `${t.option} ${n}`);
      return field('choice', f.multi ? 'checkbox' : 'select', t.choice, { options });
    }
    case 'multi':
    case 'name':
    case null:
      if (f.label === '') return null;
      if (isPersonName(f))
        return field('name', 'text', t.name, { required: f.required ?? true, maxLength: 200 });
      return field('answer', 'text', t.name, { maxLength: 200 });
  }
}

const MAX_LISTED_FIELDS = 60;
const MAX_LISTED_SECTIONS = 10;

/**
 * The sections of a prompt that lists its fields: one per group it lists ("Personal details: ...
 * Preferences: ..."), each field as the prompt describes it. The respondent's name comes first
 * and a comments box last unless the prompt lists them; a satisfaction survey gets its rating.
 */
function listedSections(
  reading: PromptReading,
  t: Texts,
  language: Language,
  asked: readonly FieldDraft[] = [],
): FormDraft['sections'] {
  const seen = new Set<string>();
  const unseen = (f: FieldDraft | null): f is FieldDraft => {
    if (f === null || seen.has(`${f.type}:${f.label}`)) return false;
    seen.add(`${f.type}:${f.label}`);
    return true;
  };
  const sections = reading.groups.slice(0, MAX_LISTED_SECTIONS).map((group) => ({
    title: group.title ?? t.section,
    description: null,
    fields: group.fields
      .map((f) => listedField(f, t, language))
      .filter(unseen)
      .slice(0, MAX_LISTED_FIELDS),
  }));
  const listed = reading.groups.flatMap((g) => g.fields);
  const first = sections[0]!.fields;
  const satisfaction = reading.title !== null && conceptsIn(reading.title).includes('rating');
  if (satisfaction && !listed.some((f) => f.cue === 'rating') && asked.length === 0)
    first.unshift(ratingField('rating', t.rating, [1, 5], true));
  if (!listed.some(isPersonName)) first.unshift(nameField(t));
  // The question types before a closing long text ("... and comments"), as a form ends with it.
  const last = sections.at(-1)!.fields;
  last.splice(last.at(-1)?.type === 'textarea' ? last.length - 1 : last.length, 0, ...asked);
  if (!listed.some((f) => f.cue === 'long')) sections.at(-1)!.fields.push(commentsField(t));
  return sections;
}

/**
 * The offline provider's form. A prompt that lists its fields gets those fields (`readPrompt`):
 * their types, options and required-ness, in sections when the prompt groups them. Any other
 * prompt gets a name, a field for each concept it names (email, phone, rating, date, file,
 * choice, number) and a comments box. Labelled in `language`; a prompt that asks for a quiz
 * (`asksForQuiz`) adds a page of scored questions. Rule-based and deterministic: a good first
 * hour without a model, not a model's quality.
 */
export function offlineFormDraft(request: string, language: Language): FormDraft {
  const t = TEXTS[language];
  // Bounded, and without braces: `{{x}}` in a label would recall an answer that does not exist.
  const prompt = request.slice(0, MAX_PROMPT_CHARS).replace(/[{}]/g, ' ');
  if (asksForQuiz(prompt)) {
    const reading = readPrompt(prompt, language);
    const about =
      reading.groups.length > 0
        ? listedSections(reading, t, language).flatMap((s) => s.fields.filter((f) => f.type !== 'textarea'))
        : [nameField(t), ...conceptFields(prompt, t)];
    return quizDraft(reading.title ?? t.title, t, about, commentsField(t));
  }
  // A clause that asks for a list of things ("for each guest ...") makes a repeating section.
  const repeat = readRepeat(prompt, language);
  const outer = repeat === null ? prompt : repeat.rest;
  // The sentences that ask for a question type make those fields; the rest is read as a list.
  const { fields: asked, rest } = readQuestions(outer, language, fieldDraft);
  const reading = readPrompt(rest, language);
  const title = reading.title ?? t.title;
  const sections: FormDraft['sections'] =
    reading.groups.length > 0
      ? listedSections(reading, t, language, asked)
      : [
          {
            title: t.section,
            description: null,
            fields: [nameField(t), ...conceptFields(rest, t), ...asked, commentsField(t)],
          },
        ];
  if (repeat !== null) sections.push(repeatingSection(repeat, t, language));
  const count = sections.reduce((n, s) => n + s.fields.length, 0);
  return { title, description: t.description(count), layout: null, quiz: null, sections };
}

/**
 * The repeating section a prompt asks for (`readRepeat`): titled by what is repeated, each entry
 * the fields its clause lists ("their name and age"), else one short text named by it; the
 * respondent adds entries with "Add another".
 */
function repeatingSection(
  repeat: RepeatRequest,
  t: Texts,
  language: Language,
): FormDraft['sections'][number] {
  const title = capitalised(repeat.noun);
  const listed = readPrompt(repeat.fields, language).groups.flatMap((g) => g.fields);
  const fields = new Map<string, FieldDraft>();
  for (const f of listed.slice(0, MAX_LISTED_FIELDS)) {
    const field = listedField(f, t, language);
    if (field !== null && !fields.has(field.label)) fields.set(field.label, field);
  }
  return {
    title,
    description: null,
    repeat: { min: null, max: null, addLabel: t.addEntry },
    fields:
      fields.size > 0
        ? [...fields.values()]
        : [fieldDraft(keyOf(repeat.noun, 'entry'), 'text', title, { required: true, maxLength: 200 })],
  };
}

/**
 * A quiz, paged: the respondent's page, then a page of three questions whose first option scores
 * 1 (the rest 0); a `score` variable adds them up and the completion message recalls the name and
 * the score.
 */
function quizDraft(title: string, t: Texts, about: FieldDraft[], comments: FieldDraft): FormDraft {
  const questions = [1, 2, 3].map((n) =>
    fieldDraft(`question_${n}`, 'radio', `${t.question} ${n}`, {
      required: true,
      options: [1, 2, 3].map((o) => `${t.option} ${o}`),
      scores: [1, 0, 0],
    }),
  );
  return {
    title,
    description: null,
    layout: 'paged',
    quiz: { completionMessage: t.quizDone },
    sections: [
      { title: t.section, description: null, fields: about },
      { title: t.questions, description: null, fields: [...questions, comments] },
    ],
  };
}
