import type { FormSchema } from '@formloom/contract';
import { expect } from 'vitest';
import type { WebhookTestServer } from './webhook-test-kit.js';

/** A sign-up form with a field of each type a destination writes as its own kind of cell or property. */
export function signupSchema(): FormSchema {
  const at = (order: number) => ({ sectionId: 'main', order });
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title: 'Signup', language: 'en' },
    settings: { layout: 'single-column', submitAction: 'default' },
    sections: [{ id: 'main', title: 'Signup', order: 0 }],
    fields: [
      { id: 'name', type: 'text', label: 'Name', ...at(0) },
      { id: 'score', type: 'number', label: 'Score', ...at(1) },
      {
        id: 'plan',
        type: 'select',
        label: 'Plan',
        options: [
          { value: 'basic', label: 'Basic' },
          { value: 'pro', label: 'Pro' },
        ],
        ...at(2),
      },
      {
        id: 'colours',
        type: 'checkbox',
        label: 'Colours',
        options: [
          { value: 'r', label: 'Red' },
          { value: 'g', label: 'Green' },
          { value: 'b', label: 'Blue' },
        ],
        ...at(3),
      },
      { id: 'day', type: 'date', label: 'Day', ...at(4) },
      { id: 'email', type: 'email', label: 'Email', ...at(5) },
      { id: 'phone', type: 'phone', label: 'Phone', phone: { defaultCountry: 'DE' }, ...at(6) },
      { id: 'site', type: 'url', label: 'Website', ...at(7) },
      { id: 'terms', type: 'consent', label: 'Terms', consent: { text: 'I agree.' }, ...at(8) },
    ],
  } as FormSchema;
}

/** An answer to every field of `signupSchema`. */
export const SIGNUP_ANSWERS = {
  name: 'Ada',
  score: 7,
  plan: 'pro',
  colours: ['r', 'b'],
  day: '2026-12-24',
  email: 'ada@example.com',
  phone: '+4915112345678',
  site: 'https://example.com/ada',
  terms: true,
};

/** Polls `check` every 20 ms until it holds; throws after `timeoutMs`. */
export async function until(check: () => Promise<boolean> | boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** An account with a published form of `schema` that takes edits: its key, form and share code. */
export async function publishedForm(t: WebhookTestServer, schema: FormSchema = signupSchema()) {
  const { key, accountId } = await t.account('PRO');
  const created = await t.request('/v1/forms', { method: 'POST', key, json: { title: 'Signup', schema } });
  expect(created.status).toBe(201);
  const formId = created.body.data.id as string;
  await t.request(`/v1/forms/${formId}/access`, { method: 'PUT', key, json: { allowEdit: { hours: 2 } } });
  const published = await t.request(`/v1/forms/${formId}/publish`, { method: 'POST', key });
  return { key, accountId, formId, code: published.body.data.shareUrl as string };
}

/** Submits `answers` as a respondent; the response id and its edit token. */
export async function submitAnswers(
  t: WebhookTestServer,
  code: string,
  answers: Record<string, unknown> = SIGNUP_ANSWERS,
) {
  const res = await t.request(`/v1/public/forms/${code}/responses`, { method: 'POST', json: { answers } });
  expect(res.status).toBe(201);
  return res.body.data as { responseId: string; editToken: string };
}

/**
 * The form's response ids in the order the server took them: by submission time, and by id between
 * two taken in one millisecond (a backfill writes them in this order).
 */
export async function arrivalOrder(t: WebhookTestServer, formId: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('responses')
    .select('id')
    .where('form_id', '=', formId)
    .orderBy('submitted_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Leaves out of a stand-in's request log the `count` requests of one target that a connection's
 * check made (the first of `mine` logged from index `from` on), so a test reads only what its
 * deliveries sent. The check itself is asserted where it is the subject.
 */
export function dropConnectionCheck<T>(log: T[], from: number, mine: (request: T) => boolean, count: number) {
  let left = count;
  for (let i = from; i < log.length && left > 0; ) {
    if (mine(log[i]!)) {
      log.splice(i, 1);
      left--;
    } else i++;
  }
}
