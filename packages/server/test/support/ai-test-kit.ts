import { AiJob } from '@formloom/contract';
import { expect } from 'vitest';
import { fieldDraft } from '../../src/features/ai/index.js';
import { createServices } from '../../src/services.js';
import type { TestServer } from './test-server.js';

/** Polls the job until it leaves PENDING/PROCESSING (the test worker polls every 100 ms). */
export async function waitForJob(
  t: TestServer,
  key: string,
  jobId: string,
  timeoutMs = 15_000,
): Promise<AiJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.request(`/v1/ai/jobs/${jobId}`, { key });
    expect(res.status).toBe(200);
    const job = AiJob.parse(res.body.data);
    if (job.status === 'DONE' || job.status === 'FAILED') return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** An account on `plan` with `credits` granted. */
export async function fundedAccount(t: TestServer, credits: number, plan = 'MAX') {
  const account = await t.account(plan);
  if (credits > 0) await createServices({ db: t.db }).credits.grant(account.accountId, credits);
  return account;
}

export async function balanceOf(t: TestServer, accountId: string): Promise<number> {
  return createServices({ db: t.db }).credits.balance(accountId);
}

/**
 * A model's answer for generate-form: one section with one required email field, as JSON text.
 * `showWhen` makes it refer to another field (a broken one when that field does not exist).
 */
export function emailFormDraft(
  title: string,
  showWhen: { key: string; equals: string } | null = null,
): string {
  const field = fieldDraft('email', 'email', 'Email', { required: true, showWhen });
  return JSON.stringify({
    title,
    description: null,
    layout: null,
    quiz: null,
    sections: [{ title: 'You', description: null, fields: [field] }],
  });
}

/** The server-sent events of a whole streamed answer (each `data` one JSON line), in order. */
export async function readEvents(res: Response): Promise<{ event: string; data: unknown }[]> {
  const text = await res.text();
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('event: '))
    .map((block) => {
      const [eventLine, dataLine] = block.split('\n');
      return { event: eventLine!.slice(7), data: JSON.parse(dataLine!.slice(6)) };
    });
}
