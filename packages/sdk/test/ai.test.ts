import { describe, expect, it } from 'vitest';
import { AIJobError, APIUserAbortError } from '../src/index.js';
import { client, OTHER_ID as JOB_ID, mockFetch, ok } from './support/mock-fetch.js';

const job = (status: string, extra: object = {}) => ok({ jobId: JOB_ID, status, ...extra });
const FORM = { id: 'f', title: 'Survey' };

describe('ai.generateForm().wait()', () => {
  it('awaits to the queued job', async () => {
    const { fetch } = mockFetch(() => ok({ jobId: JOB_ID, status: 'PENDING' }, {}, 202));
    await expect(client(fetch).ai.generateForm({ prompt: 'A survey' })).resolves.toEqual({
      jobId: JOB_ID,
      status: 'PENDING',
    });
  });

  it('polls until DONE and returns the form', async () => {
    const { fetch, requests } = mockFetch(
      () => ok({ jobId: JOB_ID, status: 'PENDING' }, {}, 202),
      () => job('PENDING'),
      () => job('PROCESSING'),
      () => job('DONE', { form: FORM }),
    );
    const started = Date.now();
    const form = await client(fetch).ai.generateForm({ prompt: 'A survey' }).wait({ intervalMs: 20 });
    expect(form).toEqual(FORM);
    expect(Date.now() - started).toBeGreaterThanOrEqual(35);
    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      'POST /v1/ai/generate-form',
      `GET /v1/ai/jobs/${JOB_ID}`,
      `GET /v1/ai/jobs/${JOB_ID}`,
      `GET /v1/ai/jobs/${JOB_ID}`,
    ]);
  });

  it('throws the failure reason of a FAILED job', async () => {
    const { fetch } = mockFetch(
      () => ok({ jobId: JOB_ID, status: 'PENDING' }, {}, 202),
      () => job('FAILED', { error: 'The prompt describes no form' }),
    );
    const error = await client(fetch)
      .ai.generateForm({ prompt: 'x' })
      .wait({ intervalMs: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AIJobError);
    expect(error).toMatchObject({ jobId: JOB_ID, reason: 'The prompt describes no form' });
    expect((error as Error).message).toContain('The prompt describes no form');
  });

  it('gives up after timeoutMs', async () => {
    const { fetch, requests } = mockFetch(
      () => ok({ jobId: JOB_ID, status: 'PENDING' }, {}, 202),
      () => job('PROCESSING'),
    );
    const error = await client(fetch)
      .ai.generateForm({ prompt: 'x' })
      .wait({ intervalMs: 10, timeoutMs: 50 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AIJobError);
    expect((error as AIJobError).reason).toMatch(/not done after 50 ms \(status PROCESSING\)/);
    expect(requests.length).toBeGreaterThanOrEqual(3);
    expect(requests.length).toBeLessThanOrEqual(8);
  });

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    const { fetch } = mockFetch(
      () => ok({ jobId: JOB_ID, status: 'PENDING' }, {}, 202),
      () => {
        setTimeout(() => controller.abort(), 5);
        return job('PENDING');
      },
    );
    const error = await client(fetch)
      .ai.generateForm({ prompt: 'x' })
      .wait({ intervalMs: 10_000, signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIUserAbortError);
  });
});
