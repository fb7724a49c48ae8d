import { SmartFormSessionDetail } from '@formloom/contract';
import { expect } from 'vitest';
import type { TestServer } from './test-server.js';

export const INTERVIEW_PURPOSE =
  'Understand why customers cancel their subscription and what would have made them stay.';

/** A published smart form of the account (`key` on a Pro plan or higher); returns its id and share code. */
export async function publishedSmartForm(
  t: TestServer,
  key: string,
  body: Record<string, unknown> = {},
): Promise<{ id: string; code: string }> {
  const created = await t.request('/v1/smart-forms', {
    method: 'POST',
    key,
    json: { purpose: INTERVIEW_PURPOSE, maxQuestions: 5, ...body },
  });
  expect(created.status, created.text).toBe(201);
  const id = created.body.data.id as string;
  const published = await t.request(`/v1/smart-forms/${id}/publish`, { method: 'POST', key });
  expect(published.status, published.text).toBe(200);
  return { id, code: published.body.data.shareUrl as string };
}

export interface InterviewRun {
  sessionId: string;
  token: string;
  questions: string[];
}

/**
 * Runs an interview as a respondent would: start, answer each question with the next of `answers`
 * (repeating the last when they run out) until the interview is done, then finish.
 */
export async function runInterview(
  t: TestServer,
  code: string,
  answers: readonly string[],
  options: { finish?: boolean; headers?: Record<string, string>; start?: Record<string, unknown> } = {},
): Promise<InterviewRun> {
  const start = await t.request(`/v1/public/smart-forms/${code}/sessions`, {
    method: 'POST',
    json: options.start ?? {},
    headers: options.headers,
  });
  expect(start.status, start.text).toBe(201);
  const { sessionId, sessionToken: token } = start.body.data;
  const questions: string[] = [];
  let step = start.body.data;
  for (let i = 0; !step.done; i++) {
    questions.push(step.question.text);
    const res = await t.request(`/v1/public/smart-forms/${code}/sessions/${sessionId}/answers`, {
      method: 'POST',
      headers: { 'x-session-token': token },
      json: { questionId: step.question.id, answer: answers[Math.min(i, answers.length - 1)] },
    });
    expect(res.status, res.text).toBe(200);
    step = res.body.data;
  }
  if (options.finish !== false) {
    const finished = await t.request(`/v1/public/smart-forms/${code}/sessions/${sessionId}/finish`, {
      method: 'POST',
      headers: { 'x-session-token': token },
    });
    expect(finished.status, finished.text).toBe(200);
  }
  return { sessionId, token, questions };
}

/** Polls a session until its analysis is stored. */
export async function waitForAnalysis(
  t: TestServer,
  key: string,
  smartFormId: string,
  sessionId: string,
  timeoutMs = 15_000,
): Promise<SmartFormSessionDetail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.request(`/v1/smart-forms/${smartFormId}/sessions/${sessionId}`, { key });
    expect(res.status, res.text).toBe(200);
    const session = SmartFormSessionDetail.parse(res.body.data);
    if (session.analysis !== null) return session;
    if (Date.now() > deadline) throw new Error(`session ${sessionId} not analysed in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
