import type { FormSchema } from '@formloom/contract';
import { formatMessage } from '@formloom/contract/engine';
import { createFormRuntime, type FormState, type LocalSubmission } from '@formloom/runtime';
import { bilingualSchema, pagedQuizSchema, surveySchema } from 'formloom/testing/served';
import { describe, expect, it, vi } from 'vitest';

/** The runtime over a schema, no server: everything here runs without a DOM or a network. */
describe('the runtime over a local schema', () => {
  it('hides a field and a section as the answers say, and drops hidden values from a submission', async () => {
    const submitted: LocalSubmission[] = [];
    const form = createFormRuntime({ schema: surveySchema(), onSubmit: (s) => void submitted.push(s) });
    const state = () => form.getState();
    expect(state().status).toBe('ready');
    expect(state().hiddenFields.has('phone')).toBe(true);
    expect(state().hiddenSections.has('pets')).toBe(true);

    form.setAnswer('contact', 'phone');
    form.setAnswer('hasPets', 'yes');
    expect(state().hiddenFields.has('phone')).toBe(false);
    expect(state().hiddenSections.has('pets')).toBe(false);

    form.setAnswer('name', 'Ada');
    form.setAnswer('email', 'ada@example.com');
    form.setAnswer('phone', '+44 1234');
    form.setAnswer('petName', 'Rex');
    // Changing its mind hides the phone field and the pets section: their answers are not sent.
    form.setAnswer('contact', 'email');
    form.setAnswer('hasPets', 'no');
    expect(form.visibleAnswers()).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      contact: 'email',
      hasPets: 'no',
    });
    expect(await form.submit()).toBe(true);
    expect(submitted).toEqual([
      {
        answers: { name: 'Ada', email: 'ada@example.com', contact: 'email', hasPets: 'no' },
        variables: {},
        language: 'en',
      },
    ]);
    expect(state().status).toBe('done');
    // A finished form takes no more answers.
    expect(form.setAnswer('name', 'Bob')).toBe(false);
  });

  it("refuses a submission with the engine's messages, then clears each error as it is fixed", async () => {
    const onSubmit = vi.fn();
    const form = createFormRuntime({ schema: surveySchema(), onSubmit });
    form.setAnswer('age', 12);
    expect(await form.submit()).toBe(false);
    expect(onSubmit).not.toHaveBeenCalled();
    const { errors, problem, status } = form.getState();
    expect(status).toBe('ready');
    expect(problem).toBe('invalid');
    expect(Object.keys(errors)).toEqual(['name', 'email', 'age', 'hasPets']);
    expect(errors.age).toEqual([formatMessage('en', 'min', { min: 18 })]);

    form.setAnswer('age', 30);
    expect(form.getState().errors.age).toBeUndefined();
    form.setAnswer('name', 'Ada');
    expect(Object.keys(form.getState().errors)).toEqual(['email', 'hasPets']);
    // A still-wrong value keeps its error, with the current message.
    form.setAnswer('email', 'not an email');
    expect(form.getState().errors.email).toHaveLength(1);
    expect(form.getState().errors.email![0]).toMatch(/email/i);
  });

  it('pages: Next checks the current page only, a hidden section is skipped, Back returns', () => {
    const form = createFormRuntime({ schema: pagedQuizSchema(), onSubmit: () => {} });
    const state = () => form.getState();
    expect(state().paged).toBe(true);
    expect(state().pages).toEqual(['you', 'q1page', 'q2page']);
    expect(state().page).toBe('you');

    expect(form.next()).toBe(false);
    expect(Object.keys(state().errors)).toEqual(['name']);
    form.setAnswer('name', 'Ada');
    expect(form.next()).toBe(true);
    expect(state().page).toBe('q1page');
    expect(state().errors).toEqual({});

    // A wrong answer shows the conditional page; Next goes there.
    form.setAnswer('q1', 'lyon');
    expect(state().pages).toEqual(['you', 'q1page', 'why', 'q2page']);
    expect(form.next()).toBe(true);
    expect(state().page).toBe('why');
    expect(form.back()).toBe(true);
    expect(state().page).toBe('q1page');
    // Answering right hides it again: Next skips to question two.
    form.setAnswer('q1', 'paris');
    expect(form.next()).toBe(true);
    expect(state().page).toBe('q2page');
    expect(form.next()).toBe(false);
  });

  it('the page on show gives way to the one before when the answers hide it', () => {
    const form = createFormRuntime({ schema: pagedQuizSchema() });
    form.setAnswer('name', 'Ada');
    form.next();
    form.setAnswer('q1', 'lyon');
    form.next();
    expect(form.getState().page).toBe('why');
    form.setAnswer('q1', 'paris');
    expect(form.getState().page).toBe('q1page');
  });

  it('computes variables from scores, recalls them in texts and in the completion message', async () => {
    const form = createFormRuntime({ schema: pagedQuizSchema(), onSubmit: () => {} });
    form.setAnswer('name', 'Ada <b>');
    form.setAnswer('q1', 'paris');
    form.setAnswer('q2', 'four');
    expect(form.getState().variables).toEqual({ score: 2 });
    expect(form.text('Your score so far: {{score}}')).toBe('Your score so far: 2');
    // Recall is text: markup in an answer stays characters, for the renderer to set as text.
    expect(form.text('{{name}}, question one')).toBe('Ada <b>, question one');
    form.next();
    form.next();
    expect(await form.submit()).toBe(true);
    expect(form.getState().completion).toEqual({
      message: 'Well done Ada <b>! You scored 2.',
      endingId: null,
    });
  });

  it('on a paged form, an error found at submission shows the page it is on', async () => {
    const schema = pagedQuizSchema();
    const form = createFormRuntime({ schema, onSubmit: () => {} });
    form.setAnswer('name', 'Ada');
    form.next();
    form.setAnswer('q1', 'paris');
    form.next();
    form.setAnswer('q2', 'four');
    // Clearing the name from outside the page (a renderer may allow it) is caught by the final check.
    form.setAnswer('name', undefined);
    expect(await form.submit()).toBe(false);
    expect(form.getState().page).toBe('you');
    expect(Object.keys(form.getState().errors)).toEqual(['name']);
  });

  it('prefills from a query string or an object; a field not editable is locked', () => {
    const form = createFormRuntime({
      schema: pagedQuizSchema(),
      prefill: '?name=Ada&utm_source=newsletter&q1=paris&ref=toolong',
    });
    // q1 has no `prefill`: only hidden fields and fields with `prefill` take values from outside.
    expect(form.getState().answers).toEqual({ name: 'Ada', utm_source: 'newsletter', ref: 'toolong' });
    expect([...form.getState().locked].sort()).toEqual(['ref', 'utm_source']);
    expect(form.setAnswer('utm_source', 'other')).toBe(false);
    expect(form.setAnswer('name', 'Bob')).toBe(true);

    const locked = createFormRuntime({ schema: bilingualSchema(), prefill: { e: 'ada@example.com' } });
    expect(locked.getState().answers).toEqual({ email: 'ada@example.com' });
    expect(locked.getState().locked.has('email')).toBe(true);
    expect(locked.setAnswer('email', 'eve@example.com')).toBe(false);
  });

  it('an invalid hidden value is never an error: it is dropped, as the server drops it', async () => {
    const submitted: LocalSubmission[] = [];
    const form = createFormRuntime({
      schema: pagedQuizSchema(),
      prefill: { name: 'Ada', ref: 'toolong' },
      onSubmit: (s) => void submitted.push(s),
    });
    form.next();
    form.setAnswer('q1', 'paris');
    form.next();
    form.setAnswer('q2', 'five');
    expect(await form.submit()).toBe(true);
    expect(submitted[0]!.answers).toEqual({ name: 'Ada', q1: 'paris', q2: 'five' });
    expect(submitted[0]!.variables).toEqual({ score: 1 });
  });

  it('speaks the respondent language when the form has it, else its base language', async () => {
    const de = createFormRuntime({ schema: bilingualSchema(), lang: 'de' });
    expect(de.getState().language).toBe('de');
    expect(de.getState().title).toBe('Rückmeldung');
    expect(de.getState().schema!.fields.map((f) => f.label)).toEqual(['E-Mail', 'Kommentar']);
    expect(await de.submit()).toBe(false);
    // The engine's messages, in German.
    expect(de.getState().errors.email).toEqual([formatMessage('de', 'required', {})]);
    expect(formatMessage('de', 'required', {})).not.toBe(formatMessage('en', 'required', {}));
    const fr = createFormRuntime({ schema: bilingualSchema(), lang: 'fr' });
    expect(fr.getState().language).toBe('en');
    expect(fr.getState().title).toBe('Feedback');
  });

  it('a failing onSubmit keeps the form open with a problem; subscribers see every state', async () => {
    let fail = true;
    const form = createFormRuntime({
      schema: bilingualSchema(),
      onSubmit: () => {
        if (fail) throw new Error('host refused');
      },
    });
    const seen: FormState['status'][] = [];
    const stop = form.subscribe((s) => seen.push(s.status));
    form.setAnswer('email', 'ada@example.com');
    form.setAnswer('comment', 'Fine');
    expect(await form.submit()).toBe(false);
    expect(form.getState()).toMatchObject({ status: 'ready', problem: 'local' });
    fail = false;
    expect(await form.submit()).toBe(true);
    stop();
    form.setAnswer('comment', 'ignored after done');
    expect(seen).toEqual(['ready', 'ready', 'submitting', 'ready', 'submitting', 'done']);
  });

  it('each change gives a new state object; an unknown field changes nothing', () => {
    const schema: FormSchema = bilingualSchema();
    const form = createFormRuntime({ schema });
    const before = form.getState();
    expect(form.setAnswer('nope', 'x')).toBe(false);
    expect(form.getState()).toBe(before);
    form.setAnswer('comment', 'x');
    expect(form.getState()).not.toBe(before);
    expect(before.answers).toEqual({});
  });

  it('needs a schema, or a code and an api', () => {
    expect(() => createFormRuntime({ code: 'abc' })).toThrow(TypeError);
  });
});
