import { createFormRuntime } from '@formloom/runtime';
import { checkAnswer, mayBeQuestion, quizFeedbackAfterAnswer } from '@formloom/runtime/quiz';
import { capitalsQuiz, publishForm, useServed } from 'formloom/testing/served';
import { beforeAll, describe, expect, it } from 'vitest';

describe('a quiz in the runtime against the reference server', () => {
  const t = useServed();
  const forms = { after: { id: '', code: '' }, atEnd: { id: '', code: '' } };
  let key = '';

  beforeAll(async () => {
    ({ key } = await t.account());
    forms.after = await publishForm(t, key, capitalsQuiz('after-answer'));
    forms.atEnd = await publishForm(t, key, capitalsQuiz('at-end'));
  });

  it('marks an answer, locks the question, and the submission keeps the marked answer', async () => {
    const form = createFormRuntime({ code: forms.after.code, api: t.url });
    await form.load();
    const state = () => form.getState();
    expect(quizFeedbackAfterAnswer(state())).toBe(true);
    expect(mayBeQuestion(state().schema, 'france')).toBe(true);
    expect(mayBeQuestion(state().schema, 'name')).toBe(false);
    // Nothing answered: nothing to mark, and no call.
    expect(await checkAnswer(form, 'france')).toBeUndefined();
    expect(state().quiz).toBeUndefined();

    form.setAnswer('france', 'lyon');
    expect(await checkAnswer(form, 'france')).toEqual({
      correct: false,
      feedback: 'Lyon is the third city.',
    });
    expect(state().locked.has('france')).toBe(true);
    expect(form.setAnswer('france', 'paris')).toBe(false);
    expect(state().answers.france).toBe('lyon');
    const attempt = state().quiz?.attempt;
    expect(attempt).toMatch(/^[\w-]{16,64}$/);

    form.setAnswer('primes', ['2', '3']);
    expect(await checkAnswer(form, 'primes')).toEqual({ correct: true });
    // The same attempt carries both marks.
    expect(state().quiz).toEqual({
      attempt,
      marks: { france: { correct: false, feedback: 'Lyon is the third city.' }, primes: { correct: true } },
      notQuestions: [],
    });
    // The submission sends the attempt with the answers.
    expect(state().sends).toEqual({ quizAttempt: attempt });

    form.setAnswer('name', 'Ada');
    expect(await form.submit()).toBe(true);
    expect(state().completion?.quiz).toEqual({ correct: 1, total: 2, score: 50, passed: false });
    const stored = await t.request(`/v1/forms/${forms.after.id}/responses/${state().responseId}`, { key });
    expect(stored.body.data.quiz).toEqual({ correct: 1, total: 2, score: 50, passed: false });
    expect(stored.body.data.answers.france).toBe('lyon');
  });

  it('a paged quiz saved as a partial sends the attempt when it completes the partial', async () => {
    const schema = capitalsQuiz('after-answer');
    schema.settings = { ...schema.settings, layout: 'paged' };
    schema.sections.push({ id: 'you', title: 'You', order: 1 });
    schema.fields = schema.fields.map((f) => (f.id === 'name' ? { ...f, sectionId: 'you', order: 0 } : f));
    const published = await publishForm(t, key, schema);
    // The bodies sent, by path, as the server receives them.
    const sent: { path: string; body: Record<string, unknown> }[] = [];
    const form = createFormRuntime({
      code: published.code,
      api: t.url,
      fetch: (input, init) => {
        if (typeof init?.body === 'string')
          sent.push({ path: new URL(String(input)).pathname, body: JSON.parse(init.body) });
        return fetch(input, init);
      },
    });
    await form.load();
    form.setAnswer('france', 'lyon');
    await checkAnswer(form, 'france');
    expect(form.next()).toBe(true);
    await form.idle();
    expect(form.getState().resumeToken).toBeDefined();
    form.setAnswer('name', 'Ada');
    expect(await form.submit()).toBe(true);
    const completed = sent.find((s) => s.path.endsWith('/complete'));
    expect(completed?.body.quizAttempt).toBe(form.getState().quiz?.attempt);
    expect(form.getState().completion?.quiz).toEqual({ correct: 0, total: 2, score: 0, passed: false });
  });

  it('gives feedback in the language the form is shown in', async () => {
    const form = createFormRuntime({ code: forms.after.code, api: t.url, lang: 'de' });
    await form.load();
    expect(form.getState().language).toBe('de');
    form.setAnswer('france', 'paris');
    expect(await checkAnswer(form, 'france')).toEqual({ correct: true, feedback: 'Ja, Paris.' });
  });

  it('a choice field the server says is no question is named, not locked', async () => {
    const schema = capitalsQuiz('after-answer');
    schema.fields.push({
      id: 'colour',
      sectionId: 'quiz',
      type: 'radio',
      label: 'Favourite colour?',
      order: 4,
      options: [
        { label: 'Red', value: 'red' },
        { label: 'Blue', value: 'blue' },
      ],
    });
    const published = await publishForm(t, key, schema);
    const form = createFormRuntime({ code: published.code, api: t.url });
    await form.load();
    form.setAnswer('colour', 'red');
    expect(await checkAnswer(form, 'colour')).toBeUndefined();
    expect(form.getState().quiz?.notQuestions).toEqual(['colour']);
    expect(form.getState().locked.has('colour')).toBe(false);
    expect(form.getState().problem).toBeUndefined();
  });

  it('at the end: the submission answers each question asked, with its feedback', async () => {
    const form = createFormRuntime({ code: forms.atEnd.code, api: t.url });
    await form.load();
    expect(quizFeedbackAfterAnswer(form.getState())).toBe(false);
    form.setAnswer('france', 'paris');
    form.setAnswer('primes', ['2', '4']);
    form.setAnswer('italy', 'milan');
    form.setAnswer('name', 'Ada');
    expect(await form.submit()).toBe(true);
    expect(form.getState().completion?.quiz).toEqual({
      correct: 1,
      total: 3,
      score: 33,
      passed: false,
      questions: [
        { fieldId: 'france', correct: true, feedback: 'Yes, Paris.' },
        { fieldId: 'primes', correct: false, feedback: '4 is 2 times 2.' },
        { fieldId: 'italy', correct: false, feedback: 'Milan is the fashion capital.' },
      ],
    });
  });

  it('a local form has no server to mark: nothing is asked', async () => {
    const form = createFormRuntime({ schema: capitalsQuiz('after-answer') });
    form.setAnswer('france', 'paris');
    expect(await checkAnswer(form, 'france')).toBeUndefined();
    expect(form.getState().locked.size).toBe(0);
  });
});
