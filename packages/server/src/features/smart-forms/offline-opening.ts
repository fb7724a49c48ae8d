import type { Language } from '@formloom/contract';
import { detectLanguage, foldText } from '../../ai/language.js';

/**
 * The offline interviewer's purpose-aware questions: the opening says what the interview is for
 * in a sentence of its own ("We would like to understand why customers cancel ...") and asks a
 * question that fits the purpose (its reasons, its course, or the respondent's experience of the
 * subject); the topics the purpose lists ("about pricing, support and onboarding") get a question
 * each. A purpose written in another language than the interview's is never pasted into it.
 */

/** What the purpose asks after, which decides the opening question. */
type Aim = 'why' | 'how' | 'experience';

interface OpeningTexts {
  /** "We would like to {goal}." for a purpose that starts with a verb ("Understand why ..."). */
  goal: (clause: string) => string;
  /** The opening question for each aim; `subject` when the purpose is a subject ("our new app"). */
  ask: Readonly<Record<Aim, string>>;
  subject: (subject: string) => string;
  /** A question about one listed topic. */
  topic: (topic: string) => string;
  /** Verbs a goal starts with, folded ("understand", "find out"). */
  goalVerbs: readonly string[];
  /** Openers dropped before the verb ("We want to understand" -> "understand"). */
  goalOpeners: readonly string[];
  /** Words that ask why, and how, after the verb. */
  why: readonly string[];
  how: readonly string[];
  /**
   * Framing words dropped before a subject ("Feedback on our app" -> "our app"); `=x` puts an
   * article back ("Opinioni sul nostro negozio" -> "il nostro negozio").
   */
  framing: readonly string[];
  /** Framing words dropped after a subject (Turkish: "uygulamamız hakkında görüşler"). */
  framingAfter?: readonly string[];
  /** Words that introduce a list of topics ("about", "such as"). */
  topicsAfter: readonly string[];
  and: string;
}

const TEXTS: Readonly<Record<Language, OpeningTexts>> = {
  en: {
    goal: (c) => `We would like to ${c}.`,
    ask: {
      why: 'To start, in your own words: what were your main reasons?',
      how: 'To start, in your own words: how has it gone for you so far?',
      experience: 'To start, in your own words: what has your experience been so far?',
    },
    subject: (s) => `To start, in your own words: what is your experience with ${s}?`,
    topic: (t) => `What would you say about ${t}?`,
    goalVerbs: [
      'understand',
      'learn',
      'find out',
      'know',
      'discover',
      'explore',
      'hear',
      'see',
      'measure',
      'assess',
      'evaluate',
      'collect',
      'gather',
    ],
    goalOpeners: [
      'we want to',
      'we would like to',
      'we need to',
      'i want to',
      'i would like to',
      'our goal is to',
      'the goal is to',
      'to',
    ],
    why: ['why'],
    how: ['how'],
    framing: [
      'feedback on',
      'feedback about',
      'opinions on',
      'opinions about',
      'an interview about',
      'interview about',
      'research on',
      'research into',
      'questions about',
      'thoughts on',
      'experiences with',
      'experience with',
    ],
    topicsAfter: ['about', 'on', 'regarding', 'such as', 'including'],
    and: 'and',
  },
  de: {
    goal: (c) => `Wir möchten ${c}.`,
    ask: {
      why: 'Zum Einstieg, in Ihren eigenen Worten: Was waren Ihre wichtigsten Gründe?',
      how: 'Zum Einstieg, in Ihren eigenen Worten: Wie ist es Ihnen bisher ergangen?',
      experience: 'Zum Einstieg, in Ihren eigenen Worten: Welche Erfahrungen haben Sie bisher gemacht?',
    },
    subject: (s) => `Zum Einstieg, in Ihren eigenen Worten: Welche Erfahrungen haben Sie mit ${s} gemacht?`,
    topic: (t) => `Und was sagen Sie zum Thema „${t}“?`,
    goalVerbs: [
      'verstehen',
      'erfahren',
      'herausfinden',
      'wissen',
      'lernen',
      'messen',
      'hören',
      'horen',
      'erkunden',
    ],
    goalOpeners: ['wir wollen', 'wir mochten', 'ich mochte', 'ziel ist es', 'unser ziel ist es'],
    why: ['warum', 'weshalb', 'wieso'],
    how: ['wie'],
    framing: [
      'feedback zu',
      'feedback zum=dem',
      'feedback zur=der',
      'meinungen zu',
      'meinungen zum=dem',
      'meinungen zur=der',
      'erfahrungen mit',
      'ein interview zu',
      'interview zu',
      'fragen zu',
      'fragen zum=dem',
      'fragen zur=der',
    ],
    topicsAfter: ['uber', 'zu', 'zum', 'zur', 'wie'],
    and: 'und',
  },
  es: {
    goal: (c) => `Queremos ${c}.`,
    ask: {
      why: 'Para empezar, con sus propias palabras: ¿cuáles fueron sus principales motivos?',
      how: 'Para empezar, con sus propias palabras: ¿cómo le ha ido hasta ahora?',
      experience: 'Para empezar, con sus propias palabras: ¿cuál ha sido su experiencia hasta ahora?',
    },
    subject: (s) => `Para empezar, con sus propias palabras: ¿cuál es su experiencia con ${s}?`,
    topic: (t) => `¿Y qué nos puede decir sobre ${t}?`,
    goalVerbs: [
      'entender',
      'comprender',
      'saber',
      'conocer',
      'descubrir',
      'averiguar',
      'explorar',
      'medir',
      'evaluar',
    ],
    goalOpeners: ['queremos', 'quiero', 'nos gustaria', 'el objetivo es', 'nuestro objetivo es'],
    why: ['por que', 'porque'],
    how: ['como'],
    framing: [
      'opiniones sobre el=el',
      'opiniones sobre la=la',
      'opiniones del=el',
      'opiniones de la=la',
      'opiniones sobre',
      'opinion sobre',
      'comentarios sobre',
      'una entrevista sobre',
      'entrevista sobre',
      'preguntas sobre',
      'experiencias con',
      'experiencia con',
    ],
    topicsAfter: ['sobre', 'acerca de', 'como'],
    and: 'y',
  },
  it: {
    goal: (c) => `Vogliamo ${c}.`,
    ask: {
      why: 'Per iniziare, con parole sue: quali sono stati i motivi principali?',
      how: 'Per iniziare, con parole sue: come è andata finora?',
      experience: 'Per iniziare, con parole sue: qual è stata finora la sua esperienza?',
    },
    subject: (s) => `Per iniziare, con parole sue: qual è la sua esperienza con ${s}?`,
    topic: (t) => `E riguardo a ${t}, che cosa ne pensa?`,
    goalVerbs: [
      'capire',
      'comprendere',
      'sapere',
      'conoscere',
      'scoprire',
      'esplorare',
      'misurare',
      'valutare',
    ],
    goalOpeners: ['vogliamo', 'voglio', 'vorremmo', "l'obiettivo e", 'obiettivo e', 'il nostro obiettivo e'],
    why: ['perche'],
    how: ['come'],
    framing: [
      'opinioni su',
      'opinioni sul=il',
      'opinioni sulla=la',
      'opinioni sui=i',
      'feedback su',
      'feedback sul=il',
      'feedback sulla=la',
      "un'intervista su",
      'intervista su',
      'domande su',
      'domande sul=il',
      'domande sulla=la',
      'esperienze con',
    ],
    topicsAfter: ['su', 'sul', 'sulla', 'riguardo a', 'come'],
    and: 'e',
  },
  nl: {
    goal: (c) => `We willen ${c}.`,
    ask: {
      why: 'Om te beginnen, in uw eigen woorden: wat waren uw belangrijkste redenen?',
      how: 'Om te beginnen, in uw eigen woorden: hoe is het u tot nu toe vergaan?',
      experience: 'Om te beginnen, in uw eigen woorden: wat is tot nu toe uw ervaring?',
    },
    subject: (s) => `Om te beginnen, in uw eigen woorden: wat is uw ervaring met ${s}?`,
    topic: (t) => `En wat vindt u van ${t}?`,
    goalVerbs: ['begrijpen', 'weten', 'leren', 'ontdekken', 'achterhalen', 'onderzoeken', 'meten', 'horen'],
    goalOpeners: ['we willen', 'wij willen', 'ik wil', 'het doel is', 'ons doel is'],
    why: ['waarom'],
    how: ['hoe'],
    framing: [
      'feedback over',
      'meningen over',
      'mening over',
      'een interview over',
      'interview over',
      'vragen over',
      'ervaringen met',
    ],
    topicsAfter: ['over', 'zoals'],
    and: 'en',
  },
  tr: {
    goal: (c) => `Bu görüşmenin amacı: ${c}.`,
    ask: {
      why: 'Başlamak için kendi sözlerinizle: başlıca nedenleriniz nelerdi?',
      how: 'Başlamak için kendi sözlerinizle: şimdiye kadar nasıl geçti?',
      experience: 'Başlamak için kendi sözlerinizle: şimdiye kadarki deneyiminiz nasıldı?',
    },
    subject: (s) => `Başlamak için kendi sözlerinizle: ${s} konusundaki deneyiminiz nedir?`,
    topic: (t) => `Peki "${t}" konusunda ne düşünüyorsunuz?`,
    // Turkish puts the verb last: "... neden iptal ettiğini anlamak".
    goalVerbs: ['anlamak', 'ogrenmek', 'kesfetmek', 'olcmek', 'degerlendirmek', 'bilmek'],
    goalOpeners: [],
    why: ['neden', 'nicin'],
    how: ['nasil'],
    framing: [],
    framingAfter: [
      'hakkinda gorusler',
      'hakkinda geri bildirim',
      'hakkinda fikirler',
      'hakkinda',
      'ile ilgili',
    ],
    topicsAfter: ['hakkinda', 'konusunda'],
    and: 've',
  },
};

/** Longest first sentence pasted into a question: beyond it, the opening asks without it. */
const MAX_CLAUSE = 200;
const MAX_SUBJECT_WORDS = 8;
const UNSAFE = /https?:|www\.|@|[<>{}]/i;

function words(text: string): string[] {
  return text.split(' ').filter((w) => w !== '');
}

/** The folded words of `text` start with the phrase: its length in words, or 0. */
function startsWith(folded: readonly string[], phrases: readonly string[]): number {
  return framingAt(folded, phrases)?.length ?? 0;
}

interface Framing {
  length: number;
  article: string;
}

/** The longest phrase the folded words start with: its length in words and the article it leaves. */
function framingAt(folded: readonly string[], phrases: readonly string[]): Framing | null {
  let best: Framing | null = null;
  for (const phrase of phrases) {
    const [words = '', article = ''] = phrase.split('=');
    const p = words.split(' ');
    if (p.length > (best?.length ?? 0) && p.every((w, i) => folded[i] === w))
      best = { length: p.length, article };
  }
  return best;
}

/** Like `startsWith` on the words read backwards: a phrase that ends the text. */
function endsWith(folded: readonly string[], phrases: readonly string[]): number {
  const reversed = [...folded].reverse();
  return startsWith(
    reversed,
    phrases.map((p) => p.split(' ').reverse().join(' ')),
  );
}

function firstSentence(purpose: string): string {
  const text = purpose.slice(0, 2_000).replace(/\s+/g, ' ').trim();
  let end = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if ((c === '.' || c === '!' || c === ';') && (i + 1 === text.length || text[i + 1] === ' ')) {
      end = i;
      break;
    }
  }
  return text.slice(0, end).trim();
}

function lowerFirst(text: string, language: Language): string {
  // German nouns keep their capital; an acronym ("NPS") keeps its.
  const first = words(text)[0] ?? '';
  if (language === 'de' || (first.length > 1 && first === first.toUpperCase())) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** Whether a text is in `language` by its frequent words, not by `detectLanguage`'s fallback. */
function isWrittenIn(text: string, language: Language): boolean {
  return detectLanguage(text, 'en') === language && detectLanguage(text, 'tr') === language;
}

/** The first question of an offline interview, in `language`, from the form's purpose. */
export function offlineOpening(purpose: string, language: Language): string {
  const t = TEXTS[language];
  const sentence = firstSentence(purpose);
  if (sentence === '' || sentence.length > MAX_CLAUSE || UNSAFE.test(sentence)) return t.ask.experience;
  const raw = words(sentence);
  const folded = raw.map((w) => foldText(w).replace(/[^a-z']/g, ''));
  const opener = startsWith(folded, t.goalOpeners);
  const rest = folded.slice(opener);
  const verb = startsWith(rest, t.goalVerbs);
  // Turkish ends the goal with its verb, before any list: "... öğrenmek: iletişim, araçlar".
  const colon = raw.findIndex((w) => w.endsWith(':'));
  const beforeList = colon < 0 ? folded : folded.slice(0, colon + 1);
  const verbLast = language === 'tr' && t.goalVerbs.includes(beforeList.at(-1) ?? '');
  const framing = framingAt(folded, t.framing);
  // Only a purpose written in the interview's language is quoted: its own goal verbs and framing
  // words say so, or its frequent words do whatever the fallback.
  const written = verb > 0 || verbLast || framing !== null || isWrittenIn(sentence, language);
  if (!written) return t.ask.experience;
  if (sentence.endsWith('?')) return `${sentence} ${t.ask.experience}`;
  if (verb > 0 || verbLast) {
    const clause = raw.slice(verbLast ? 0 : opener).join(' ');
    const after = verbLast ? folded : rest.slice(verb);
    const joined = ` ${after.join(' ')} `;
    const aim: Aim = t.why.some((w) => joined.includes(` ${w} `))
      ? 'why'
      : startsWith(after, t.how) > 0 || (verbLast && t.how.some((w) => joined.includes(` ${w} `)))
        ? 'how'
        : 'experience';
    // The clause opens with its verb, lower case in every language ("Verstehen" -> "verstehen").
    const goal = verbLast ? lowerFirst(clause, language) : clause.charAt(0).toLowerCase() + clause.slice(1);
    return `${t.goal(goal)} ${t.ask[aim]}`;
  }
  const from = framing?.length ?? 0;
  const to = raw.length - (t.framingAfter ? endsWith(folded.slice(from), t.framingAfter) : 0);
  const subject = raw.slice(from, to);
  if (subject.length === 0 || subject.length > MAX_SUBJECT_WORDS) return t.ask.experience;
  const article = framing?.article ? `${framing.article} ` : '';
  return t.subject(article + lowerFirst(subject.join(' '), language));
}

/**
 * The topics a purpose lists after "about", "such as" or a colon: "... about pricing, support
 * and onboarding" -> ["pricing", "support", "onboarding"]. Two to six short ones, or none.
 */
export function listedTopics(purpose: string, language: Language): string[] {
  const t = TEXTS[language];
  const sentence = firstSentence(purpose);
  if (UNSAFE.test(sentence) || offlineOpening(purpose, language) === TEXTS[language].ask.experience)
    return [];
  const colon = sentence.lastIndexOf(':');
  let list = colon >= 0 ? sentence.slice(colon + 1) : '';
  if (list === '') {
    const raw = words(sentence);
    const folded = raw.map((w) => foldText(w).replace(/[^a-z']/g, ''));
    const at = folded.findLastIndex((w, i) => t.topicsAfter.includes(w) && raw[i + 1] !== undefined);
    if (at < 0) return [];
    list = raw.slice(at + 1).join(' ');
  }
  const topics = list
    .split(',')
    .flatMap((part) => part.split(` ${t.and} `))
    .map((topic) => topic.trim().replace(/[.?!]$/, ''))
    .filter((topic) => topic !== '');
  const short = topics.every((topic) => words(topic).length <= 4);
  return short && topics.length >= 2 && topics.length <= 6 ? topics : [];
}

/** The question about one listed topic. */
export function topicQuestion(topic: string, language: Language): string {
  return TEXTS[language].topic(topic);
}
