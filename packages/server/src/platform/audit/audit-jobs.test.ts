import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { fundedAccount, waitForJob } from '../../../test/support/ai-test-kit.js';
import { contactSchema } from '../../../test/support/fixtures.js';
import { captureLogs } from '../../../test/support/log-capture.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';
import { createJobsStore } from '../../ai/jobs/jobs-store.js';
import type { AiProvider } from '../../ai/provider.js';
import { createOfflineProvider } from '../../ai/providers/offline.js';

interface Entry {
  action: string;
  actor: { type: string; id: string; email?: string };
  target: { type: string; id: string };
  ip: string | null;
}

/** The actor id of a key: its public part, never the secret. */
const actorOf = (key: string) => key.split('.')[0]!;

async function log(t: TestServer, key: string, query = ''): Promise<Entry[]> {
  const res = await t.request(`/v1/audit-log?limit=100${query}`, { key });
  expect(res.status, res.text).toBe(200);
  return res.body.data.entries;
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * The offline provider, except that while `gate` is set a call waits for it (saying so through
 * `entered`): a test can act while a job is between its claim and its commit.
 */
const gated: { gate?: Promise<void>; entered?: () => void } = {};
function gatedOffline(): AiProvider {
  const offline = createOfflineProvider();
  return {
    provenance: offline.provenance,
    async generate(task, input, options) {
      if (gated.gate !== undefined) {
        gated.entered?.();
        await gated.gate;
      }
      return offline.generate(task, input, options);
    },
    text: (task, input, options) => offline.text(task, input, options),
    stream: (task, input, options) => offline.stream(task, input, options),
  };
}

/** The AI worker's log: a dropped result is only seen there. */
const workerLog = captureLogs();

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describeEachDialect(
  'audit log of AI jobs and of the analytics signing secret',
  (t) => {
    const formOf = async (key: string, title: string) => {
      const res = await t.request('/v1/forms', {
        method: 'POST',
        key,
        json: { title, schema: contactSchema() },
      });
      expect(res.status, res.text).toBe(201);
      return res.body.data.id as string;
    };

    it("two accounts' translations running together: each log holds its own, by its own key", async () => {
      const a = await fundedAccount(t, 200);
      const b = await fundedAccount(t, 200);
      const languages = ['de', 'es', 'it', 'nl', 'tr'];
      // A form per job, so no job waits for another's edit of the same form.
      const formsA = await Promise.all(languages.map((l) => formOf(a.key, `A ${l}`)));
      const formsB = await Promise.all(languages.map((l) => formOf(b.key, `B ${l}`)));
      // Both accounts' requests at once: every wake-up is a request's, and the worker runs jobs
      // of both accounts side by side.
      const accepted = await Promise.all(
        languages.flatMap((language, i) => [
          t.request(`/v1/forms/${formsA[i]}/translate`, { method: 'POST', key: a.key, json: { language } }),
          t.request(`/v1/forms/${formsB[i]}/translate`, { method: 'POST', key: b.key, json: { language } }),
        ]),
      );
      for (const [i, res] of accepted.entries()) {
        expect(res.status, res.text).toBe(202);
        const key = i % 2 === 0 ? a.key : b.key;
        expect((await waitForJob(t, key, res.body.data.jobId)).status).toBe('DONE');
      }
      for (const [mine, forms, theirs] of [
        [a, formsA, b],
        [b, formsB, a],
      ] as const) {
        const entries = await log(t, mine.key);
        expect(entries.map((e) => `${e.action} ${e.target.id}`).sort()).toEqual(
          forms.flatMap((id) => [`form.created ${id}`, `form.translated ${id}`]).sort(),
        );
        for (const entry of entries) {
          expect(entry.actor).toEqual({ type: 'key', id: actorOf(mine.key) });
          expect(entry.ip).toMatch(/127\.0\.0\.1$/);
        }
        expect(JSON.stringify(entries)).not.toContain(actorOf(theirs.key));
      }
    });

    it('a form generated from a prompt is recorded as created, by the key that asked, in its account', async () => {
      const { key } = await fundedAccount(t, 20);
      const { key: bystander } = await fundedAccount(t, 20);
      const accepted = await t.request('/v1/ai/generate-form', {
        method: 'POST',
        key,
        json: { prompt: 'A signup form with email and a date', language: 'en' },
      });
      expect(accepted.status, accepted.text).toBe(202);
      // Another account's request while the job runs: its caller is not the job's.
      await t.request('/v1/forms', { key: bystander });
      const job = await waitForJob(t, key, accepted.body.data.jobId);
      expect(job.status).toBe('DONE');
      const entries = await log(t, key, `&targetId=${job.form!.id}`);
      expect(entries).toEqual([
        expect.objectContaining({
          action: 'form.created',
          actor: { type: 'key', id: actorOf(key) },
          target: { type: 'form', id: job.form!.id },
          ip: expect.stringMatching(/127\.0\.0\.1$/),
        }),
      ]);
      expect(await log(t, bystander)).toEqual([]);
    });

    it('a job queued by another instance, found by polling (no wake-up), is recorded as its starter', async () => {
      const { key, accountId } = await fundedAccount(t, 0);
      const jobId = randomUUID();
      // As the API of another instance queues it: whoever asked is stored with the job.
      await createJobsStore(t.db).insert({
        id: jobId,
        accountId,
        kind: 'generate-form',
        input: { prompt: 'A contact form with a phone number', language: 'en' },
        reservationId: null,
        startedBy: { actor: { type: 'user', id: 'user-1', email: 'ada@example.com' }, ip: '203.0.113.7' },
        nowIso: new Date().toISOString(),
      });
      const job = await waitForJob(t, key, jobId);
      expect(job.status).toBe('DONE');
      expect(await log(t, key)).toEqual([
        expect.objectContaining({
          action: 'form.created',
          actor: { type: 'user', id: 'user-1', email: 'ada@example.com' },
          target: { type: 'form', id: job.form!.id },
          ip: '203.0.113.7',
        }),
      ]);
    });

    it("a job's change and its entry are one transaction: a job that lost its lease leaves neither", async () => {
      const { key, accountId } = await fundedAccount(t, 20);
      const entered = deferred();
      const gate = deferred();
      gated.entered = entered.resolve;
      gated.gate = gate.promise;
      const logged = workerLog.lines.length;
      try {
        const accepted = await t.request('/v1/ai/generate-form', {
          method: 'POST',
          key,
          json: { prompt: 'A feedback form', language: 'en' },
        });
        expect(accepted.status, accepted.text).toBe(202);
        const jobId = accepted.body.data.jobId as string;
        await entered.promise;
        // Another instance took the job over while this one was asking the provider.
        await t.db
          .updateTable('ai_jobs')
          .set({ lease_owner: 'another-instance' })
          .where('id', '=', jobId)
          .execute();
      } finally {
        delete gated.gate;
        delete gated.entered;
        gate.resolve();
      }
      await until(() => workerLog.lines.slice(logged).some((line) => line.includes('result dropped')));
      const forms = await t.db.selectFrom('forms').select('id').where('account_id', '=', accountId).execute();
      expect(forms).toEqual([]);
      expect(await log(t, key)).toEqual([]);
    });

    it('records the rotation of the analytics signing secret, in the account that rotated it', async () => {
      const { key, accountId } = await t.account('PRO');
      const { key: other } = await t.account('PRO');
      for (let i = 0; i < 2; i++) {
        const res = await t.request('/v1/analytics/signing-secret', { method: 'POST', key });
        expect(res.status, res.text).toBe(201);
      }
      const entries = await log(t, key, '&action=analytics_secret.rotated');
      expect(entries).toHaveLength(2);
      for (const entry of entries) {
        expect(entry).toMatchObject({
          actor: { type: 'key', id: actorOf(key) },
          target: { type: 'analytics_secret', id: accountId },
        });
      }
      expect(await log(t, other)).toEqual([]);
    });
  },
  // Waiting for jobs polls them often: no rate limits.
  { ai: { provider: gatedOffline, worker: { logger: workerLog.logger } }, rateLimits: false },
);
