import { describe, expect, it } from 'vitest';
import { createInterviewRuntime, type InterviewOptions } from '../src/interview.js';

const SESSION = '00000000-0000-4000-8000-000000000001';
const step = (n: number, done = false) => ({
  sessionId: SESSION,
  question: done ? null : { id: `q${n}`, text: `Question ${n}?`, index: n, language: 'en' },
  answeredCount: n - 1,
  maxQuestions: 5,
  done,
});

type Reply = number | { status: number; data?: unknown } | 'lost';

/** A `fetch` that answers each call with the next reply of `replies` and records what was asked. */
function server(replies: Reply[]) {
  const calls: { method: string; url: string; body: unknown; token: string | null }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    calls.push({
      method: init.method ?? 'GET',
      url,
      body: init.body == null ? undefined : JSON.parse(String(init.body)),
      token: headers.get('x-session-token'),
    });
    const reply = replies.shift() ?? 'lost';
    if (reply === 'lost') throw new TypeError('Failed to fetch');
    const { status, data } = typeof reply === 'number' ? { status: reply, data: undefined } : reply;
    return new Response(JSON.stringify({ data: data ?? null }), { status });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

function interview(replies: Reply[], options: Partial<InterviewOptions> = {}) {
  const s = server(replies);
  const storage = memoryStorage();
  const runtime = createInterviewRuntime({
    api: 'https://forms.example/',
    code: 'CODE',
    fetch: s.fetch,
    storage,
    retryDelayMs: 1,
    maxRetryDelayMs: 4,
    ...options,
  });
  const activities: unknown[] = [];
  runtime.subscribe((state) => activities.push(state.activity));
  return { runtime, calls: s.calls, storage, activities };
}

const started = { status: 201, data: { ...step(1), sessionToken: 'tok' } };

describe('the interview runtime', () => {
  it("starts, answers and finishes by the contract's paths, the session kept in storage until done", async () => {
    const { runtime, calls, storage } = interview([
      started,
      { status: 200, data: step(2) },
      { status: 200, data: step(3, true) },
      { status: 200, data: { sessionId: SESSION, status: 'completed', closingMessage: 'Thanks!' } },
    ]);
    await runtime.start('de');
    expect(runtime.getState()).toMatchObject({ view: 'question', step: step(1), busy: false, problem: null });
    expect(JSON.parse(storage.items.get('formloom:interview:CODE')!)).toEqual({
      sessionId: SESSION,
      token: 'tok',
    });
    await runtime.answer('  The price.  ');
    expect(runtime.getState().step).toEqual(step(2));
    await runtime.answer('Support.');
    expect(runtime.getState()).toMatchObject({ view: 'done', closingMessage: 'Thanks!', activity: null });
    expect(storage.items.size).toBe(0);
    expect(calls.map((c) => `${c.method} ${c.url} ${c.token}`)).toEqual([
      'POST https://forms.example/v1/public/smart-forms/CODE/sessions null',
      `POST https://forms.example/v1/public/smart-forms/CODE/sessions/${SESSION}/answers tok`,
      `POST https://forms.example/v1/public/smart-forms/CODE/sessions/${SESSION}/answers tok`,
      `POST https://forms.example/v1/public/smart-forms/CODE/sessions/${SESSION}/finish tok`,
    ]);
    expect(calls[0]!.body).toEqual({ language: 'de' });
    expect(calls[1]!.body).toEqual({ questionId: 'q1', answer: 'The price.' });
  });

  it('sends a lost answer again, the same body, and goes on when it gets through', async () => {
    const { runtime, calls, activities } = interview([started, 'lost', 503, { status: 200, data: step(2) }]);
    await runtime.start();
    await runtime.answer('The price.');
    expect(runtime.getState()).toMatchObject({
      view: 'question',
      step: step(2),
      problem: null,
      activity: null,
    });
    expect(calls.slice(1).map((c) => c.body)).toEqual(
      Array(3).fill({ questionId: 'q1', answer: 'The price.' }),
    );
    expect(activities).toContain('reconnecting');
  });

  it('gives up after a fixed number of attempts and says the connection is lost; the answer can be sent again', async () => {
    const { runtime, calls } = interview(
      [started, 'lost', 'lost', 'lost', 'lost', { status: 200, data: step(2) }],
      { attempts: 4 },
    );
    await runtime.start();
    await runtime.answer('The price.');
    expect(calls).toHaveLength(5);
    expect(runtime.getState()).toMatchObject({
      view: 'question',
      step: step(1),
      problem: 'network',
      activity: null,
      busy: false,
    });
    // The session stays: the respondent sends the answer again once the connection is back.
    await runtime.answer('The price.');
    expect(runtime.getState()).toMatchObject({ step: step(2), problem: null });
  });

  it('waits longer before each attempt, up to the most', async () => {
    const pauses: number[] = [];
    const realSetTimeout = globalThis.setTimeout;
    globalThis.setTimeout = ((fn: () => void, ms: number) => {
      pauses.push(ms);
      return realSetTimeout(fn, 0);
    }) as typeof setTimeout;
    try {
      const { runtime } = interview([started, 'lost', 'lost', 'lost', 'lost', 'lost', 'lost'], {
        retryDelayMs: 500,
        maxRetryDelayMs: 5_000,
      });
      await runtime.start();
      await runtime.answer('The price.');
      expect(pauses).toEqual([500, 1000, 2000, 4000, 5000]);
      expect(runtime.getState().problem).toBe('network');
    } finally {
      globalThis.setTimeout = realSetTimeout;
    }
  });

  it('does not send again what the server refused: a 429 is said at once', async () => {
    const { runtime, calls } = interview([started, 429]);
    await runtime.start();
    await runtime.answer('The price.');
    expect(calls).toHaveLength(2);
    expect(runtime.getState()).toMatchObject({ problem: 'rate_limited', view: 'question' });
  });

  it('refuses an empty answer without a call', async () => {
    const { runtime, calls } = interview([started]);
    await runtime.start();
    await runtime.answer('   ');
    expect(calls).toHaveLength(1);
    expect(runtime.getState().problem).toBe('empty_answer');
    runtime.setDraft('a');
    expect(runtime.getState().problem).toBeNull();
  });

  it('a start that gets no answer says so on the welcome', async () => {
    const { runtime } = interview(['lost']);
    await runtime.start();
    expect(runtime.getState()).toMatchObject({ view: 'welcome', problem: 'network', busy: false });
  });

  it('resumes a stored session with its draft; an ended one goes back to the welcome', async () => {
    const { runtime, storage } = interview([{ status: 200, data: step(3) }]);
    storage.setItem(
      'formloom:interview:CODE',
      JSON.stringify({ sessionId: SESSION, token: 'tok', draft: { questionId: 'q3', text: 'Half' } }),
    );
    const again = createInterviewRuntime({
      api: 'https://forms.example',
      code: 'CODE',
      storage,
      fetch: server([{ status: 200, data: step(3) }]).fetch,
    });
    expect(await again.resume()).toBe(true);
    expect(again.getState()).toMatchObject({ view: 'question', step: step(3), draft: 'Half' });
    expect(await runtime.resume()).toBe(false);

    const ended = createInterviewRuntime({
      api: 'https://forms.example',
      code: 'CODE',
      storage,
      fetch: server([409, 409]).fetch,
    });
    await ended.resume();
    expect(ended.getState()).toMatchObject({ view: 'welcome', problem: 'ended' });
    expect(storage.items.size).toBe(0);
  });

  it('a resume that gets no answer after every attempt keeps the session for the next reload', async () => {
    const { runtime, storage, calls } = interview([], { attempts: 3 });
    storage.setItem('formloom:interview:CODE', JSON.stringify({ sessionId: SESSION, token: 'tok' }));
    const resumed = createInterviewRuntime({
      api: 'https://forms.example',
      code: 'CODE',
      storage,
      retryDelayMs: 1,
      fetch: server(['lost', 'lost', 'lost', 'lost']).fetch,
      attempts: 3,
    });
    await resumed.resume();
    expect(resumed.getState()).toMatchObject({ view: 'welcome', problem: 'network' });
    expect(storage.items.size).toBe(1);
    expect(calls).toHaveLength(0);
    expect(runtime.getState().view).toBe('welcome');
  });

  it("verifies a private smart form's email code, then starts with the token", async () => {
    const { runtime, calls } = interview([
      400,
      { status: 202, data: {} },
      403,
      { status: 200, data: { verificationToken: 'v', expiresAt: '2026-01-01T00:00:00Z' } },
      started,
    ]);
    await runtime.requestCode('', true);
    expect(runtime.getState()).toMatchObject({ problem: 'invalid_email', invalid: 'email' });
    await runtime.requestCode('x@y', true);
    expect(runtime.getState()).toMatchObject({
      problem: 'invalid_email',
      invalid: 'email',
      codeSentTo: null,
    });
    await runtime.requestCode('ada@example.org');
    expect(runtime.getState()).toMatchObject({ problem: null, codeSentTo: 'ada@example.org' });
    await runtime.verifyCode('12 34');
    expect(runtime.getState()).toMatchObject({ problem: 'invalid_code', invalid: 'code' });
    await runtime.verifyCode('000000');
    expect(runtime.getState()).toMatchObject({ problem: 'wrong_code', invalid: 'code' });
    await runtime.verifyCode('123 456', 'nl');
    expect(runtime.getState()).toMatchObject({ view: 'question', problem: null });
    expect(calls.map((c) => c.body)).toEqual([
      { email: 'x@y' },
      { email: 'ada@example.org' },
      { email: 'ada@example.org', code: '000000' },
      { email: 'ada@example.org', code: '123456' },
      { language: 'nl', verificationToken: 'v' },
    ]);
  });
});
