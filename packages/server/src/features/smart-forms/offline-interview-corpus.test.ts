import type { Language } from '@formloom/contract';
import { describe, expect, it } from 'vitest';
import { createOfflineProvider } from '../../ai/providers/offline.js';
import { type InterviewInput, interviewerTask, questionProblem } from './interviewer-task.js';

/**
 * The offline interviewer's corpus: purposes in the six languages, each with the opening question
 * expected word for word and the questions it must ask about the topics the purpose lists. Every
 * question goes through the same check as a model's (`questionProblem`).
 */
const CORPUS: [Language, string, string, string[]][] = [
  [
    'en',
    'Understand why customers cancel their subscription and what would have made them stay.',
    'We would like to understand why customers cancel their subscription and what would have made them stay. To start, in your own words: what were your main reasons?',
    [],
  ],
  [
    'en',
    'Feedback on our new checkout',
    'To start, in your own words: what is your experience with our new checkout?',
    [],
  ],
  [
    'en',
    'Learn how new employees experience onboarding, especially about training, mentors and tools.',
    'We would like to learn how new employees experience onboarding, especially about training, mentors and tools. To start, in your own words: how has it gone for you so far?',
    [
      'What would you say about training?',
      'What would you say about mentors?',
      'What would you say about tools?',
    ],
  ],
  [
    'de',
    'Verstehen, warum Kunden ihr Abo kündigen.',
    'Wir möchten verstehen, warum Kunden ihr Abo kündigen. Zum Einstieg, in Ihren eigenen Worten: Was waren Ihre wichtigsten Gründe?',
    [],
  ],
  [
    'de',
    'Feedback zum neuen Checkout',
    'Zum Einstieg, in Ihren eigenen Worten: Welche Erfahrungen haben Sie mit dem neuen Checkout gemacht?',
    [],
  ],
  [
    'de',
    'Wir wollen erfahren, wie Mitarbeitende das Homeoffice erleben: Kommunikation, Werkzeuge und Arbeitszeiten.',
    'Wir möchten erfahren, wie Mitarbeitende das Homeoffice erleben: Kommunikation, Werkzeuge und Arbeitszeiten. Zum Einstieg, in Ihren eigenen Worten: Wie ist es Ihnen bisher ergangen?',
    [
      'Und was sagen Sie zum Thema „Kommunikation“?',
      'Und was sagen Sie zum Thema „Werkzeuge“?',
      'Und was sagen Sie zum Thema „Arbeitszeiten“?',
    ],
  ],
  [
    'es',
    'Entender por qué los clientes cancelan su suscripción.',
    'Queremos entender por qué los clientes cancelan su suscripción. Para empezar, con sus propias palabras: ¿cuáles fueron sus principales motivos?',
    [],
  ],
  [
    'es',
    'Opiniones sobre nuestra nueva tienda online',
    'Para empezar, con sus propias palabras: ¿cuál es su experiencia con nuestra nueva tienda online?',
    [],
  ],
  [
    'es',
    'Conocer la experiencia de los pacientes con la clínica: citas, atención y precios.',
    'Queremos conocer la experiencia de los pacientes con la clínica: citas, atención y precios. Para empezar, con sus propias palabras: ¿cuál ha sido su experiencia hasta ahora?',
    [
      '¿Y qué nos puede decir sobre citas?',
      '¿Y qué nos puede decir sobre atención?',
      '¿Y qué nos puede decir sobre precios?',
    ],
  ],
  [
    'it',
    'Capire perché gli studenti abbandonano il corso.',
    'Vogliamo capire perché gli studenti abbandonano il corso. Per iniziare, con parole sue: quali sono stati i motivi principali?',
    [],
  ],
  [
    'it',
    'Opinioni sul nostro nuovo negozio',
    'Per iniziare, con parole sue: qual è la sua esperienza con il nostro nuovo negozio?',
    [],
  ],
  [
    'it',
    'Vorremmo sapere come i clienti usano la nostra app: notifiche, pagamenti e assistenza.',
    'Vogliamo sapere come i clienti usano la nostra app: notifiche, pagamenti e assistenza. Per iniziare, con parole sue: come è andata finora?',
    [
      'E riguardo a notifiche, che cosa ne pensa?',
      'E riguardo a pagamenti, che cosa ne pensa?',
      'E riguardo a assistenza, che cosa ne pensa?',
    ],
  ],
  [
    'nl',
    'Begrijpen waarom klanten hun abonnement opzeggen.',
    'We willen begrijpen waarom klanten hun abonnement opzeggen. Om te beginnen, in uw eigen woorden: wat waren uw belangrijkste redenen?',
    [],
  ],
  [
    'nl',
    'Feedback over onze nieuwe app',
    'Om te beginnen, in uw eigen woorden: wat is uw ervaring met onze nieuwe app?',
    [],
  ],
  [
    'nl',
    'We willen weten hoe bezoekers het festival ervaren: eten, muziek en toiletten.',
    'We willen weten hoe bezoekers het festival ervaren: eten, muziek en toiletten. Om te beginnen, in uw eigen woorden: hoe is het u tot nu toe vergaan?',
    ['En wat vindt u van eten?', 'En wat vindt u van muziek?', 'En wat vindt u van toiletten?'],
  ],
  [
    'tr',
    'Müşterilerin aboneliklerini neden iptal ettiğini anlamak.',
    'Bu görüşmenin amacı: müşterilerin aboneliklerini neden iptal ettiğini anlamak. Başlamak için kendi sözlerinizle: başlıca nedenleriniz nelerdi?',
    [],
  ],
  [
    'tr',
    'Yeni mobil uygulamamız hakkında görüşler',
    'Başlamak için kendi sözlerinizle: yeni mobil uygulamamız konusundaki deneyiminiz nedir?',
    [],
  ],
  [
    'tr',
    'Çalışanların uzaktan çalışmayı nasıl deneyimlediğini öğrenmek: iletişim, araçlar ve toplantılar.',
    'Bu görüşmenin amacı: çalışanların uzaktan çalışmayı nasıl deneyimlediğini öğrenmek: iletişim, araçlar ve toplantılar. Başlamak için kendi sözlerinizle: şimdiye kadar nasıl geçti?',
    [
      'Peki "iletişim" konusunda ne düşünüyorsunuz?',
      'Peki "araçlar" konusunda ne düşünüyorsunuz?',
      'Peki "toplantılar" konusunda ne düşünüyorsunuz?',
    ],
  ],
  // A purpose in another language than the interview's is never pasted into a question.
  [
    'it',
    'Understand why customers cancel their subscription.',
    'Per iniziare, con parole sue: qual è stata finora la sua esperienza?',
    [],
  ],
  [
    'en',
    'Verstehen, warum Kunden ihr Abo kündigen und was sie gehalten hätte.',
    'To start, in your own words: what has your experience been so far?',
    [],
  ],
];

/** Answers that alternate between a detailed one and a short one, as respondents do. */
const ANSWERS = [
  'The documentation was confusing and slow.',
  'Okay.',
  'Mostly the onboarding emails.',
  'Fine.',
];

describe('the offline interviewer on a corpus of purposes', () => {
  const provider = createOfflineProvider();

  it.each(CORPUS)('[%s] %s', async (language, purpose, opening, topics) => {
    const transcript: { question: string; answer: string }[] = [];
    for (let n = 0; n < 8; n++) {
      const input: InterviewInput = {
        purpose,
        targetAudience: null,
        title: purpose,
        language,
        maxQuestions: 8,
        transcript,
      };
      const { value } = await provider.generate(interviewerTask, input);
      if (value.done) break;
      const question = value.question!;
      expect(
        questionProblem(
          value,
          transcript.map((t) => t.question),
        ),
        question,
      ).toBeUndefined();
      expect(question.trim().endsWith('?'), question).toBe(true);
      transcript.push({ question, answer: ANSWERS[n % ANSWERS.length]! });
    }
    const questions = transcript.map((t) => t.question);
    expect(questions[0]).toBe(opening);
    expect(questions).toEqual(expect.arrayContaining(topics));
    expect(questions).toHaveLength(8);
  });

  it('labels every result as offline', () => {
    expect(provider.provenance.offline).toBe(true);
  });
});
