import type { FieldType, Language } from '@formloom/contract';
import { validateResponse } from '@formloom/contract/engine';
import { checkSchema } from '@formloom/contract/integrity';
import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../../../ai/language.js';
import { createOfflineProvider } from '../../../ai/providers/offline.js';
import { formProblems } from '../../../platform/form-problems.js';
import { draftToSchema } from './form-draft.js';
import { generateFormTask } from './generate-form-task.js';
import { asksForQuiz } from './offline-form.js';

/** The first field's label, per language: the form speaks the language asked for. */
const NAME_LABEL: Record<Language, string> = {
  en: 'Your name',
  tr: 'Adınız',
  es: 'Su nombre',
  it: 'Il suo nome',
  de: 'Ihr Name',
  nl: 'Uw naam',
};

/** 30 prompts, 5 per language, each with the field types it names (beyond name and comments). */
const PROMPTS: [Language, string, FieldType[]][] = [
  ['en', 'A customer feedback survey with a rating and an email address', ['rating', 'email']],
  ['en', 'Job application: upload your CV, pick a start date and your phone', ['file', 'date', 'text']],
  ['en', 'Workshop signup, choose a track: design, code or product', ['select']],
  ['en', 'How many people are coming to the party, and your email', ['number', 'email']],
  ['en', 'A simple contact form for our bakery', []],
  ['tr', 'Müşteri memnuniyeti anketi, puan ve e-posta adresi ile', ['rating', 'email']],
  ['tr', 'İş başvurusu: özgeçmiş dosyası yükleyin ve başlangıç tarihi seçin', ['file', 'date']],
  ['tr', 'Etkinlik kaydı için bir seçenek: sabah, öğle veya akşam', ['select']],
  ['tr', 'Kaç kişi geleceğini ve yaş bilgisini soran bir form', ['number']],
  ['tr', 'Telefon numarası ve e-posta isteyen bir iletişim formu', ['text', 'email']],
  ['es', 'Encuesta de satisfacción con una valoración y correo electrónico', ['rating', 'email']],
  ['es', 'Solicitud de empleo: subir archivo del CV y la fecha de inicio', ['file', 'date']],
  ['es', 'Inscripción al taller, elegir una opción: diseño, código o producto', ['select']],
  ['es', 'Reserva de mesa con la cantidad de personas y su teléfono', ['number', 'text']],
  ['es', 'Un formulario de contacto para la panadería', []],
  ['it', 'Sondaggio di soddisfazione con una valutazione e la email', ['rating', 'email']],
  ['it', 'Candidatura: caricare il CV come allegato e la data di inizio', ['file', 'date']],
  ['it', 'Iscrizione al corso, scegliere un orario: mattina, pomeriggio o sera', ['select']],
  ['it', 'Prenotazione con il numero di telefono e la quantità di ospiti', ['text', 'number']],
  ['it', 'Un modulo di contatto per il nostro negozio', []],
  ['de', 'Eine Umfrage zur Zufriedenheit mit Bewertung und E-Mail', ['rating', 'email']],
  ['de', 'Bewerbung: Lebenslauf hochladen und ein Datum für den Start', ['file', 'date']],
  ['de', 'Anmeldung zum Kurs mit Auswahl: morgens, mittags oder abends', ['select']],
  ['de', 'Anzahl der Gäste und Telefon für die Reservierung', ['number', 'text']],
  ['de', 'Ein einfaches Kontaktformular für unsere Bäckerei', []],
  ['nl', 'Een enquête over tevredenheid met een beoordeling en e-mail', ['rating', 'email']],
  ['nl', 'Sollicitatie: upload een bestand met je cv en een datum', ['file', 'date']],
  ['nl', 'Aanmelding voor de workshop, maak een keuze: ontwerp, code of product', ['select']],
  ['nl', 'Het aantal gasten en uw telefoon voor de reservering', ['number', 'text']],
  ['nl', 'Een eenvoudig contactformulier voor de bakkerij', []],
];

describe('the offline provider generates forms from prompts', () => {
  const provider = createOfflineProvider();

  it.each(PROMPTS)('[%s] %s', async (language, prompt, types) => {
    const { value, usage } = await provider.generate(generateFormTask, { prompt, language });
    const schema = draftToSchema(value, language);
    expect(formProblems(schema.meta.title, schema)).toEqual([]);
    expect(schema.meta.language).toBe(language);
    const fieldTypes = schema.fields.map((f) => f.type);
    expect(fieldTypes).toEqual(expect.arrayContaining(types));
    expect(schema.fields[0]!.label).toBe(NAME_LABEL[language]);
    expect(fieldTypes.at(-1)).toBe('textarea');
    expect(usage.estimated).toBe(true);
    // Deterministic: the same prompt makes the same form.
    expect((await provider.generate(generateFormTask, { prompt, language })).value).toEqual(value);
  });

  it('a prompt that names nothing still gets a usable form (name and comments)', async () => {
    const { value } = await provider.generate(generateFormTask, { prompt: 'x', language: 'en' });
    expect(draftToSchema(value, 'en').fields.map((f) => f.type)).toEqual(['text', 'textarea']);
  });

  it('choices listed in the prompt become the options', async () => {
    const { value } = await provider.generate(generateFormTask, {
      prompt: 'Pick a plan: basic, pro or team',
      language: 'en',
    });
    const choice = draftToSchema(value, 'en').fields.find((f) => f.type === 'select')!;
    expect(choice.options).toEqual([
      { label: 'basic', value: 'basic' },
      { label: 'pro', value: 'pro' },
      { label: 'team', value: 'team' },
    ]);
  });

  const QUIZZES: [Language, string][] = [
    ['en', 'A short quiz about European capitals'],
    ['tr', 'Başkentler hakkında kısa bir sınav'],
    ['es', 'Un examen corto sobre capitales'],
    ['it', 'Un quiz sulle capitali europee'],
    ['de', 'Eine kleine Prüfung über Hauptstädte'],
    ['nl', 'Een korte toets over hoofdsteden'],
  ];

  it.each(QUIZZES)(
    '[%s] a quiz: paged, scored options, a score the completion message recalls',
    async (language, prompt) => {
      const { value } = await provider.generate(generateFormTask, { prompt, language });
      const schema = draftToSchema(value, language);
      expect(formProblems(schema.meta.title, schema)).toEqual([]);
      expect(checkSchema(schema)).toEqual([]);
      expect(schema.settings?.layout).toBe('paged');
      expect(schema.sections).toHaveLength(2);
      expect(schema.fields[0]!.label).toBe(NAME_LABEL[language]);
      const questions = schema.fields.filter((f) => f.options?.some((o) => o.score !== undefined));
      expect(questions.map((q) => q.id)).toEqual(['question_1', 'question_2', 'question_3']);
      expect(schema.variables).toEqual([
        {
          id: 'score',
          type: 'number',
          expression: { '+': [{ score: 'question_1' }, { score: 'question_2' }, { score: 'question_3' }] },
        },
      ]);
      expect(schema.settings?.completion?.message).toContain('{{score}}');
      // Every right answer: 3 points; one wrong: 2.
      const right = Object.fromEntries(questions.map((q) => [q.id, q.options![0]!.value]));
      const answers = { name: 'Ada', ...right };
      expect(validateResponse(schema, answers).variables).toEqual({ score: 3 });
      const wrong = { ...answers, question_2: questions[1]!.options![1]!.value };
      expect(validateResponse(schema, wrong).variables).toEqual({ score: 2 });
    },
  );

  it('only a prompt that asks for a quiz, test or exam makes one', () => {
    expect(asksForQuiz('A trivia night signup with a test round')).toBe(true);
    for (const prompt of [
      'A testimonial form',
      'For example a feedback form',
      'Rate us: a score of 1 to 5',
    ]) {
      expect(asksForQuiz(prompt), prompt).toBe(false);
    }
  });

  it('detects the language of 30 prompts', () => {
    const wrong = PROMPTS.filter(([language, prompt]) => detectLanguage(prompt) !== language);
    expect(wrong).toEqual([]);
  });
});
