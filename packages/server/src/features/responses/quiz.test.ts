import { beforeAll, expect, it } from 'vitest';
import { capitalsQuiz } from '../../../test/support/quiz-fixtures.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';
import { keepEventsOf, storedEvents } from '../../../test/support/webhook-test-kit.js';
import { FEEDBACK_LIMITS, purgeExpiredQuizAttempts } from './quiz-feedback.js';

describeEachDialect(
  'quizzes',
  (t: TestServer) => {
    let key = '';
    let accountId = '';

    async function publish(schema = capitalsQuiz()): Promise<{ id: string; code: string }> {
      const created = await t.request('/v1/forms', {
        method: 'POST',
        key,
        json: { title: 'Capitals', schema },
      });
      expect(created.status).toBe(201);
      const id = created.body.data.id as string;
      const code = (await t.request(`/v1/forms/${id}/publish`, { method: 'POST', key })).body.data.shareUrl;
      return { id, code };
    }

    beforeAll(async () => {
      ({ key, accountId } = await t.account('MAX'));
      // As a webhook subscribed to new responses would: the events are recorded.
      await keepEventsOf(t.db, accountId, ['FORM_RESPONSE_CREATED']);
    });

    const submit = (code: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
      t.request(`/v1/public/forms/${code}/responses`, { method: 'POST', json: body, headers });
    const feedback = (code: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
      t.request(`/v1/public/forms/${code}/feedback`, { method: 'POST', json: body, headers });

    it('the public form carries no right answer, no feedback and no translation of it', async () => {
      const form = await publish();
      for (const lang of ['en', 'de']) {
        const { schema } = (await t.request(`/v1/public/forms/${form.code}?lang=${lang}`)).body.data;
        const text = JSON.stringify(schema);
        expect(text).not.toMatch(/"correct"|Yes, Paris|Ja, Paris|third city|fashion|2 times 2/);
        expect(schema.settings.quiz).toEqual({ feedback: 'after-answer', passScore: 60 });
        expect(schema.settings.endings[0].conditionGroups).toBeUndefined();
      }
      // The owner reads the form whole.
      const owned = (await t.request(`/v1/forms/${form.id}`, { key })).body.data.schema;
      expect(owned.fields[0].options[0]).toMatchObject({ correct: true, feedback: 'Yes, Paris.' });
    });

    it('marks a submission on the server: the response records it, reads and the webhook event show it', async () => {
      const form = await publish(capitalsQuiz('none'));
      const full = await submit(form.code, {
        answers: { france: 'paris', primes: ['3', '2'], italy: 'rome', name: 'Ada' },
      });
      expect(full.status).toBe(201);
      expect(full.body.data).toMatchObject({
        endingId: 'top',
        ending: { title: 'Full marks', message: '3 of 3, Ada!' },
        quiz: { correct: 3, total: 3, score: 100, passed: true },
      });
      expect(full.body.data.quiz.questions).toBeUndefined();
      // Lyon hides the Italy question: two asked, one right (the primes), 50 % is under 60 %.
      const half = await submit(form.code, {
        answers: { france: 'lyon', primes: ['2', '3'], italy: 'rome' },
      });
      expect(half.body.data).toMatchObject({
        endingId: null,
        quiz: { correct: 1, total: 2, score: 50, passed: false },
      });
      const read = (await t.request(`/v1/forms/${form.id}/responses/${half.body.data.responseId}`, { key }))
        .body.data;
      expect(read.quiz).toEqual({ correct: 1, total: 2, score: 50, passed: false });
      expect(read.variables).toEqual({ right: 1 });
      const events = await storedEvents(t.db, 'FORM_RESPONSE_CREATED', form.id);
      expect(events.map((e) => e.quiz)).toEqual(
        expect.arrayContaining([
          { correct: 3, total: 3, score: 100, passed: true },
          { correct: 1, total: 2, score: 50, passed: false },
        ]),
      );
    });

    it("at the end, each question asked is marked with its feedback in the respondent's language, also on a retry", async () => {
      const form = await publish(capitalsQuiz('at-end'));
      const body = { answers: { france: 'lyon', primes: ['2', '4'] }, language: 'de' };
      const headers = { 'Idempotency-Key': 'quiz-retry-1' };
      const res = await submit(form.code, body, headers);
      expect(res.status).toBe(201);
      expect(res.body.data.quiz).toEqual({
        correct: 0,
        total: 2,
        score: 0,
        passed: false,
        questions: [
          { fieldId: 'france', correct: false, feedback: 'Lyon ist die drittgrößte Stadt.' },
          { fieldId: 'primes', correct: false, feedback: '4 is 2 times 2.' },
        ],
      });
      const again = await submit(form.code, body, headers);
      expect(again.body.data).toEqual(res.body.data);
    });

    it('after each answer: marks one answer, keeps the first answer of each question and stores it', async () => {
      const form = await publish();
      const first = await feedback(
        form.code,
        { fieldId: 'france', answer: 'lyon' },
        { 'Accept-Language': 'de' },
      );
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({
        correct: false,
        feedback: 'Lyon ist die drittgrößte Stadt.',
        locked: false,
      });
      const attempt = first.body.data.attempt as string;
      expect(attempt).toMatch(/^[A-Za-z0-9_-]{32}$/);
      // Asking again with the right answer: the first answer stays, marked as it was.
      const second = await feedback(form.code, { fieldId: 'france', answer: 'paris', attempt });
      expect(second.body.data).toEqual({
        correct: false,
        feedback: 'Lyon is the third city.',
        attempt,
        locked: true,
      });
      const primes = await feedback(form.code, { fieldId: 'primes', answer: ['2', '3'], attempt });
      expect(primes.body.data).toEqual({ correct: true, attempt, locked: false });
      // The submission says Paris: the response keeps Lyon, as marked.
      const res = await submit(form.code, {
        answers: { france: 'paris', primes: ['2', '3'], italy: 'rome' },
        quizAttempt: attempt,
      });
      expect(res.status).toBe(201);
      expect(res.body.data.quiz).toEqual({ correct: 1, total: 2, score: 50, passed: false });
      const read = (await t.request(`/v1/forms/${form.id}/responses/${res.body.data.responseId}`, { key }))
        .body.data;
      expect(read.answers).toEqual({ france: 'lyon', primes: ['2', '3'] });
      // An attempt of another form counts for nothing there.
      const other = await publish();
      const elsewhere = await submit(other.code, { answers: { france: 'paris' }, quizAttempt: attempt });
      expect(elsewhere.body.data.quiz).toMatchObject({ correct: 1, total: 3 });
    });

    it('an attempt is kept for a day, then purged: its questions are marked afresh', async () => {
      const form = await publish();
      const first = await feedback(form.code, { fieldId: 'france', answer: 'lyon' });
      const attempt = first.body.data.attempt as string;
      t.clock.advance(25 * 3_600_000);
      try {
        expect(await purgeExpiredQuizAttempts(t.db, t.clock.now())).toBeGreaterThanOrEqual(1);
        const again = await feedback(form.code, { fieldId: 'france', answer: 'paris', attempt });
        expect(again.body.data).toMatchObject({ correct: true, locked: false });
        expect(again.body.data.attempt).not.toBe(attempt);
      } finally {
        t.clock.reset();
      }
    });

    it('refuses what is not a question, an answer that is no option, and a form without feedback after each answer', async () => {
      const form = await publish();
      const notQuestion = await feedback(form.code, { fieldId: 'name', answer: 'Ada' });
      expect(notQuestion.status).toBe(400);
      const unknown = await feedback(form.code, { fieldId: 'france', answer: 'berlin' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toContain('option values');
      const empty = await feedback(form.code, { fieldId: 'primes', answer: [] });
      expect(empty.status).toBe(400);
      const atEnd = await publish(capitalsQuiz('at-end'));
      const refused = await feedback(atEnd.code, { fieldId: 'france', answer: 'paris' });
      expect(refused.status).toBe(409);
      expect((await feedback('nope-not-a-code', { fieldId: 'france', answer: 'paris' })).status).toBe(404);
    });

    it("figures show the scores, the passes and each question's share of right answers", async () => {
      const form = await publish(capitalsQuiz('none'));
      for (const answers of [
        { france: 'paris', primes: ['2', '3'], italy: 'rome' },
        { france: 'paris', primes: ['2'], italy: 'rome' },
        { france: 'lyon', primes: ['2', '3'] },
      ]) {
        expect((await submit(form.code, { answers })).status).toBe(201);
      }
      const figures = (await t.request(`/v1/forms/${form.id}/figures`, { key })).body.data;
      expect(figures.quiz).toEqual({
        responses: 3,
        meanScore: 72.3,
        passed: 2,
        scores: [
          { score: 50, count: 1 },
          { score: 67, count: 1 },
          { score: 100, count: 1 },
        ],
        questions: {
          france: { asked: 3, right: 2, share: 0.667 },
          primes: { asked: 3, right: 2, share: 0.667 },
          italy: { asked: 2, right: 2, share: 1 },
        },
      });
    });

    it('the export has the marks after the answers', async () => {
      const form = await publish(capitalsQuiz('none'));
      await submit(form.code, { answers: { france: 'paris', primes: ['2'], italy: 'milan' } });
      const csv = await t.request(`/v1/forms/${form.id}/responses/export?format=csv`, { key });
      const [head, row] = String(csv.text).trim().split(/\r?\n/);
      expect(head!.split(',').slice(-5)).toEqual([
        'right',
        'quizScore',
        'quizCorrect',
        'quizTotal',
        'quizPassed',
      ]);
      expect(row!.split(',').slice(-5)).toEqual(['1', '33', '1', '3', 'false']);
    });

    it('limits the marks asked per address', async () => {
      const form = await publish();
      let refused: { status: number; body: { rate_limit?: { type: string } } } | undefined;
      for (let i = 0; i <= FEEDBACK_LIMITS.perAddress.limit && refused === undefined; i++) {
        const res = await feedback(form.code, { fieldId: 'france', answer: 'lyon' });
        if (res.status === 429) refused = res;
        else expect(res.status).toBe(200);
      }
      expect(refused?.body.rate_limit?.type).toBe('FEEDBACK_LIMIT');
      expect(refused?.body.rate_limit).toMatchObject({
        limit: FEEDBACK_LIMITS.perAddress.limit,
        remaining: 0,
      });
      // The limit is of that form: the same address is still marked on another.
      const elsewhere = await publish();
      expect((await feedback(elsewhere.code, { fieldId: 'france', answer: 'lyon' })).status).toBe(200);
    });
  },
  // The marks asked are limited within the public routes' own limit: raised here so this test reaches them.
  { publicRateLimit: { points: 10_000, durationSeconds: 60 } },
);
