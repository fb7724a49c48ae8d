import { contract } from '@formloom/contract';
import { formatMessage } from '@formloom/contract/engine';
import { createFormRuntime, publicRoutes } from '@formloom/runtime';
import {
  bilingualSchema,
  pagedQuizSchema,
  publishForm,
  surveySchema,
  TINY_PNG,
  useServed,
} from 'formloom/testing/served';
import { beforeAll, describe, expect, it } from 'vitest';

describe('the runtime against the reference server', () => {
  const t = useServed();
  let key = '';
  let quiz = { id: '', code: '' };
  let bilingual = { id: '', code: '' };
  let survey = { id: '', code: '' };

  beforeAll(async () => {
    ({ key } = await t.account());
    quiz = await publishForm(t, key, pagedQuizSchema());
    bilingual = await publishForm(t, key, bilingualSchema());
    survey = await publishForm(t, key, surveySchema());
  });

  async function responses(formId: string) {
    const res = await t.request(`/v1/forms/${formId}/responses`, { key });
    return res.body.data.responses as {
      id: string;
      answers: unknown;
      variables: unknown;
      language: string;
    }[];
  }

  it("calls the contract's paths", () => {
    for (const [name, { path }] of Object.entries(publicRoutes).filter(([n]) => n in contract.public)) {
      expect(contract.public[name as keyof typeof contract.public].path).toBe(path);
    }
  });

  it("calls the contract's partial paths", () => {
    for (const [name, { path }] of Object.entries(publicRoutes).filter(([n]) => n in contract.partials)) {
      expect(contract.partials[name as keyof typeof contract.partials].path).toBe(path);
    }
  });

  it('loads a published form, fills a paged quiz and stores the response with its variables', async () => {
    const form = createFormRuntime({ code: quiz.code, api: t.url, prefill: { utm_source: 'mail' } });
    expect(form.getState().status).toBe('loading');
    await form.load();
    expect(form.getState()).toMatchObject({ status: 'ready', title: 'Quiz', paged: true, language: 'en' });
    form.setAnswer('name', 'Ada');
    expect(form.next()).toBe(true);
    form.setAnswer('q1', 'paris');
    expect(form.next()).toBe(true);
    form.setAnswer('q2', 'four');
    expect(await form.submit()).toBe(true);
    const state = form.getState();
    expect(state.status).toBe('done');
    expect(state.completion).toEqual({ message: 'Well done Ada! You scored 2.', endingId: null });

    const stored = await responses(quiz.id);
    expect(stored.map((r) => r.id)).toEqual([state.responseId]);
    expect(stored[0]).toMatchObject({
      answers: { name: 'Ada', utm_source: 'mail', q1: 'paris', q2: 'four' },
      variables: { score: 2 },
      language: 'en',
    });
  });

  it('asks for the respondent language and records it on the response', async () => {
    const form = createFormRuntime({
      code: bilingual.code,
      api: `${t.url}/`,
      lang: 'de',
      prefill: '?e=ada@example.com',
    });
    await form.load();
    expect(form.getState().title).toBe('Rückmeldung');
    expect(form.getState().schema!.meta.language).toBe('de');
    expect(form.getState().locked.has('email')).toBe(true);
    form.setAnswer('comment', 'Gut');
    expect(await form.submit()).toBe(true);
    const stored = (await responses(bilingual.id)).find((r) => r.id === form.getState().responseId);
    expect(stored).toMatchObject({ answers: { email: 'ada@example.com', comment: 'Gut' }, language: 'de' });
  });

  it("shows the server's refusal at the field it names", async () => {
    // The runtime checks first; a stale or lenient client is caught by the server with the same shape.
    const form = createFormRuntime({ code: survey.code, api: t.url });
    await form.load();
    for (const [id, value] of Object.entries({ name: 'Ada', email: 'ada@example.com', hasPets: 'no' }))
      form.setAnswer(id, value);
    await t.request(`/v1/forms/${survey.id}/fields/name`, {
      method: 'PATCH',
      key,
      json: { validation: { rules: [{ type: 'maxLength', value: 2 }] } },
    });
    const res = await t.request(`/v1/forms/${survey.id}`, { key });
    expect(res.body.data.schema.fields[0].validation.rules).toEqual([{ type: 'maxLength', value: 2 }]);
    expect(await form.submit()).toBe(false);
    expect(form.getState().problem).toBe('invalid');
    expect(Object.keys(form.getState().errors)).toEqual(['name']);
    expect(form.getState().status).toBe('ready');
  });

  it('uploads a file for a file field and submits the stored file as the answer', async () => {
    const form = createFormRuntime({ code: survey.code, api: t.url });
    await form.load();
    for (const [id, value] of Object.entries({ name: 'Al', email: 'al@example.com', hasPets: 'no' }))
      form.setAnswer(id, value);
    expect(await form.upload('photo', new Blob([TINY_PNG], { type: 'image/png' }), 'cat.png')).toBe(true);
    expect(form.getState().answers.photo).toMatchObject({
      name: 'cat.png',
      size: TINY_PNG.length,
      type: 'image/png',
    });
    expect(await form.submit()).toBe(true);
    const stored = (await responses(survey.id)).find((r) => r.id === form.getState().responseId);
    expect((stored!.answers as { photo: { name: string } }).photo.name).toBe('cat.png');
  });

  it('refuses a file too large or of a type the field does not take at the field, the same before sending as after', async () => {
    let sent = 0;
    const counting: typeof fetch = (input, init) => {
      if (String(input).includes('/uploads')) sent++;
      return fetch(input, init);
    };
    const form = createFormRuntime({ code: survey.code, api: t.url, fetch: counting });
    await form.load();
    const big = new Blob([TINY_PNG, new Uint8Array(1024 * 1024)], { type: 'image/png' });
    // The browser says the size and the type: refused before anything is sent, in the engine's words.
    expect(await form.upload('photo', big, 'big.png')).toBe(false);
    const tooBig = formatMessage('en', 'fileSize', { maxMB: 1 });
    const notTaken = formatMessage('en', 'fileType', { types: ['image/png', 'application/pdf'] });
    expect(tooBig).toContain('1 MB');
    expect(form.getState().errors.photo).toEqual([tooBig]);
    expect(await form.upload('photo', new Blob(['%PDF-'], { type: 'text/plain' }), 'a.txt')).toBe(false);
    expect(form.getState().errors.photo).toEqual([notTaken]);
    expect(sent).toBe(0);
    // A type the browser does not tell is sent; the server's 415 reads as the same message.
    expect(await form.upload('photo', new Blob(['just text']), 'notes.png')).toBe(false);
    expect(sent).toBe(1);
    expect(form.getState().errors.photo).toEqual([notTaken]);
    expect(form.getState().answers.photo).toBeUndefined();
  });

  it('starts from the form the page was given, with no request for it', async () => {
    const requests: string[] = [];
    const listening: typeof fetch = (input, init) => {
      requests.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
      return fetch(input, init);
    };
    const served = (await t.request(`/v1/public/forms/${survey.code}`)).body.data;
    const form = createFormRuntime({ code: survey.code, api: t.url, form: served, fetch: listening });
    await form.load();
    expect(requests).toEqual([]);
    expect(form.getState()).toMatchObject({ status: 'ready', title: served.title, acceptsResponses: true });
    for (const [id, value] of Object.entries({ name: 'Bo', email: 'bo@example.com', hasPets: 'no' }))
      form.setAnswer(id, value);
    expect(await form.submit()).toBe(true);
    expect(requests).toEqual([`POST /v1/public/forms/${survey.code}/responses`]);
  });

  it('an unknown share code is unavailable, a server that cannot be reached is a network problem', async () => {
    const missing = createFormRuntime({ code: 'zzzzzzzzzzzzzzzz', api: t.url });
    await missing.load();
    expect(missing.getState()).toMatchObject({ status: 'unavailable', problem: 'not_found' });

    const offline = createFormRuntime({
      code: quiz.code,
      api: 'http://127.0.0.1:9',
      retries: 1,
      retryDelayMs: 1,
    });
    await offline.load();
    expect(offline.getState()).toMatchObject({ status: 'unavailable', problem: 'network' });
  });

  it('an aborted load changes nothing; a later load takes over (a React effect run twice)', async () => {
    const form = createFormRuntime({ code: quiz.code, api: t.url });
    const controller = new AbortController();
    const first = form.load(controller.signal);
    controller.abort();
    const second = form.load();
    await Promise.all([first, second]);
    expect(form.getState()).toMatchObject({ status: 'ready', title: 'Quiz', problem: undefined });
  });

  it('resending the same answers after a lost answer stores one response (the same Idempotency-Key)', async () => {
    let calls = 0;
    // The first submission reaches the server, but its answer is lost on the way back.
    const lossy: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (init?.method === 'POST' && calls++ === 0) throw new TypeError('connection reset');
      return res;
    };
    const form = createFormRuntime({ code: bilingual.code, api: t.url, fetch: lossy, retryDelayMs: 1 });
    await form.load();
    form.setAnswer('email', 'once@example.com');
    form.setAnswer('comment', 'Once');
    expect(await form.submit()).toBe(true);
    expect(calls).toBe(2);
    const stored = (await responses(bilingual.id)).filter(
      (r) => (r.answers as { email: string }).email === 'once@example.com',
    );
    expect(stored.map((r) => r.id)).toEqual([form.getState().responseId]);
  });

  it('a paged form saves a partial after Next; its token restores the answers and page, and submitting completes it', async () => {
    const first = createFormRuntime({ code: quiz.code, api: t.url });
    await first.load();
    first.setAnswer('name', 'Ann');
    expect(first.next()).toBe(true);
    await first.idle();
    const token = first.getState().resumeToken;
    expect(token).toMatch(/\S{16,}/);

    const again = createFormRuntime({ code: quiz.code, api: t.url, resume: token! });
    await again.load();
    expect(again.getState()).toMatchObject({ page: 'q1page', answers: { name: 'Ann' }, resumeToken: token });
    again.setAnswer('q1', 'paris');
    expect(again.next()).toBe(true);
    again.setAnswer('q2', 'five');
    expect(await again.submit()).toBe(true);
    expect(again.getState().resumeToken).toBeUndefined();
    const stored = (await responses(quiz.id)).find((r) => r.id === again.getState().responseId);
    expect(stored?.answers).toEqual({ name: 'Ann', q1: 'paris', q2: 'five' });

    // A used token has gone: the form starts empty and says so.
    const late = createFormRuntime({ code: quiz.code, api: t.url, resume: token! });
    await late.load();
    expect(late.getState()).toMatchObject({
      page: 'you',
      answers: {},
      resumeExpired: true,
      resumeToken: undefined,
    });
  });

  it("saves the renderer's shuffle seed with the partial and gives it back on resume", async () => {
    const first = createFormRuntime({ code: quiz.code, api: t.url });
    await first.load();
    expect(first.getState().seed).toBeUndefined();
    first.setSeed('seed-of-ann');
    first.setAnswer('name', 'Ann');
    expect(first.next()).toBe(true);
    await first.idle();
    const token = first.getState().resumeToken!;
    const again = createFormRuntime({ code: quiz.code, api: t.url, resume: token });
    await again.load();
    expect(again.getState().seed).toBe('seed-of-ann');
    // A save after the resume keeps it.
    again.setAnswer('q1', 'paris');
    expect(again.next()).toBe(true);
    await again.idle();
    const later = createFormRuntime({ code: quiz.code, api: t.url, resume: token });
    await later.load();
    expect(later.getState()).toMatchObject({ seed: 'seed-of-ann', answers: { name: 'Ann', q1: 'paris' } });
  });
});
