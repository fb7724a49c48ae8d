import { beforeAll, expect, it } from 'vitest';
import { fundedAccount } from '../support/ai-test-kit.js';
import { contactSchema } from '../support/fixtures.js';
import { describeEachDialect } from '../support/test-server.js';
import { type Fixtures, fuzzEveryOperation, OPERATIONS } from './openapi-fuzz.js';

/**
 * The OpenAPI-driven fuzzer (./openapi-fuzz.ts), seeded and bounded for CI: FUZZ_RUNS_PER_OP
 * requests per operation (default 40, about 2,200 a database). `pnpm fuzz` runs it longer;
 * FUZZ_SEED replays a run (the seed is printed).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS_PER_OP ?? 40);

describeEachDialect(
  'fuzzing every operation of docs/openapi.json',
  (t) => {
    let fixtures: Fixtures;
    beforeAll(async () => {
      const { key } = await fundedAccount(t, 1_000_000, 'MAX');
      const form = await t.request('/v1/forms', {
        method: 'POST',
        key,
        json: { title: 'Fuzz', schema: contactSchema() },
      });
      const shareCode = (await t.request(`/v1/forms/${form.body.data.id}/publish`, { method: 'POST', key }))
        .body.data.shareUrl;
      const hook = await t.request('/v1/webhooks', {
        method: 'POST',
        key,
        json: { url: 'https://93.184.216.34/fuzz', events: ['FORM_CREATED'] },
      });
      fixtures = { key, formId: form.body.data.id, shareCode, webhookId: hook.body.data.id };
      console.log(
        `fuzz seed ${SEED}, ${RUNS} runs per operation, ${OPERATIONS.length} operations (FUZZ_SEED replays)`,
      );
    });

    it(
      'never a 5xx; every answer in the envelope, valid for its status, and small; the server still answers',
      async () => {
        const failures = await fuzzEveryOperation(t.url, fixtures, { seed: SEED, runs: RUNS });
        expect(failures).toEqual([]);
        const health = await t.request('/v1/me', { key: fixtures.key });
        expect(health.status).toBe(200);
      },
      60_000 + RUNS * OPERATIONS.length * 5,
    );
  },
  { rateLimits: false, publicRateLimit: false },
);
