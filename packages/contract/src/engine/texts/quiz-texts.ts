import type { Field } from '../../models/field.js';

/**
 * The built-in texts of a quiz (docs/form-model.md "Quizzes"), in the six languages: the button
 * that asks for a question's feedback after each answer, right and wrong, the marks on the ending
 * ("3 of 4 right, 75%"), passed or not, and each question's answer with feedback at the end. One
 * table for every renderer (React's quiz chunk, `<formloom-form>`'s and the server's page),
 * `@formloom/contract/engine/quiz-texts`: an entry of its own, so that it travels with their quiz
 * chunks alone, not in their starts.
 */
const QUIZ_TEXTS = {
  en: {
    check: 'Check answer',
    right: 'Right',
    wrong: 'Not right',
    score: '{correct} of {total} right, {score}%',
    passed: 'Passed',
    failed: 'Not passed',
    answers: 'Your answers',
    yourAnswer: 'Your answer: {answer}',
    noAnswer: 'No answer',
  },
  de: {
    check: 'Antwort prüfen',
    right: 'Richtig',
    wrong: 'Nicht richtig',
    score: '{correct} von {total} richtig, {score} %',
    passed: 'Bestanden',
    failed: 'Nicht bestanden',
    answers: 'Ihre Antworten',
    yourAnswer: 'Ihre Antwort: {answer}',
    noAnswer: 'Keine Antwort',
  },
  es: {
    check: 'Comprobar respuesta',
    right: 'Correcto',
    wrong: 'Incorrecto',
    score: '{correct} de {total} correctas, {score} %',
    passed: 'Aprobado',
    failed: 'No aprobado',
    answers: 'Sus respuestas',
    yourAnswer: 'Su respuesta: {answer}',
    noAnswer: 'Sin respuesta',
  },
  it: {
    check: 'Verifica la risposta',
    right: 'Giusto',
    wrong: 'Sbagliato',
    score: '{correct} su {total} giuste, {score}%',
    passed: 'Superato',
    failed: 'Non superato',
    answers: 'Le sue risposte',
    yourAnswer: 'La sua risposta: {answer}',
    noAnswer: 'Nessuna risposta',
  },
  nl: {
    check: 'Antwoord controleren',
    right: 'Goed',
    wrong: 'Niet goed',
    score: '{correct} van {total} goed, {score}%',
    passed: 'Geslaagd',
    failed: 'Niet geslaagd',
    answers: 'Uw antwoorden',
    yourAnswer: 'Uw antwoord: {answer}',
    noAnswer: 'Geen antwoord',
  },
  tr: {
    check: 'Cevabı kontrol et',
    right: 'Doğru',
    wrong: 'Yanlış',
    score: '{total} sorudan {correct} doğru, %{score}',
    passed: 'Geçti',
    failed: 'Geçemedi',
    answers: 'Cevaplarınız',
    yourAnswer: 'Cevabınız: {answer}',
    noAnswer: 'Cevap yok',
  },
};

export type QuizTexts = (typeof QUIZ_TEXTS)['en'];

/** The quiz's texts in a form's language (English for one without its own). */
export function quizTexts(language: string): QuizTexts {
  return (
    QUIZ_TEXTS[language as keyof typeof QUIZ_TEXTS] ??
    QUIZ_TEXTS[language.slice(0, 2) as keyof typeof QUIZ_TEXTS] ??
    QUIZ_TEXTS.en
  );
}

/** The marks as one line: "3 of 4 right, 75%", and "Passed" or "Not passed" when there is a pass score. */
export function quizScoreText(
  texts: QuizTexts,
  quiz: { correct: number; total: number; score: number; passed?: boolean | null },
): string {
  const score = texts.score
    .replace('{correct}', String(quiz.correct))
    .replace('{total}', String(quiz.total))
    .replace('{score}', String(quiz.score));
  return typeof quiz.passed === 'boolean' ? `${score}. ${quiz.passed ? texts.passed : texts.failed}` : score;
}

/** A choice answer as the respondent saw it: its options' labels ("No answer" for none). */
export function quizAnswerText(texts: QuizTexts, field: Field | undefined, answer: unknown): string {
  const given = (
    Array.isArray(answer) ? answer : answer === undefined || answer === null ? [] : [answer]
  ).map((value) => field?.options?.find((o) => o.value === value)?.label ?? String(value));
  return texts.yourAnswer.replace('{answer}', given.length === 0 ? texts.noAnswer : given.join(', '));
}
