import { contactSchema } from '@formloom/server/testing';
import { type Fixtures, fuzzEveryOperation, OPERATIONS } from '@formloom/server/testing/fuzz';
import { apiClient, publishedForm } from 'formloom/testing';
import { describe, expect, it } from 'vitest';
import { type BuiltServer, testDialects, useBuiltServer } from './support/built-server.js';

/**
 * The OpenAPI fuzzer's pass against the server users run: the built `formloom serve`, with its
 * plans' rate limits as shipped (the sources' suite turns them off and sends 40 requests an
 * operation). A key may make 150 requests a minute, so the operations are shared out over as many
 * accounts as keep each under its limit, each with a form, a share code and a webhook of its own.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261128);
const RUNS = Number(process.env.FUZZ_BUILT_RUNS_PER_OP ?? 10);
const PER_ACCOUNT = 140;

async function fixturesFor(server: BuiltServer): Promise<Fixtures> {
  const key = await server.key('MAX', ['all'], 1_000);
  const api = apiClient(Number(new URL(server.origin).port), key);
  const form = await publishedForm(api, contactSchema(), 'Fuzz');
  const hook = await api.call('/v1/webhooks', {
    method: 'POST',
    json: { url: 'https://93.184.216.34/fuzz', events: ['FORM_CREATED'] },
  });
  if (hook.status !== 201) throw new Error(`creating the webhook failed: ${hook.text}`);
  return { key, formId: form.id, shareCode: form.code, webhookId: hook.body.data.id };
}

for (const dialect of testDialects()) {
  describe(`the built formloom serve under the fuzzer [${dialect}]`, () => {
    const server = useBuiltServer({ dialect });

    it('never a 5xx; every answer in the envelope and valid for its status; it still answers', {
      timeout: 600_000,
    }, async () => {
      const perAccount = Math.max(1, Math.floor(PER_ACCOUNT / RUNS));
      const groups: (typeof OPERATIONS)[] = [];
      for (let i = 0; i < OPERATIONS.length; i += perAccount)
        groups.push(OPERATIONS.slice(i, i + perAccount));
      const fixtures = await Promise.all(groups.map(() => fixturesFor(server)));
      console.log(
        `built fuzz seed ${SEED}, ${RUNS} runs per operation, ${OPERATIONS.length} operations over ${groups.length} accounts`,
      );
      const failures: string[] = [];
      for (const [index, group] of groups.entries()) {
        failures.push(
          ...(await fuzzEveryOperation(server.origin, fixtures[index]!, {
            seed: SEED + index * perAccount,
            runs: RUNS,
            operations: group,
          })),
        );
      }
      expect(failures).toEqual([]);
      const health = await fetch(`${server.origin}/healthz`);
      expect(health.status).toBe(200);
      const me = await fetch(`${server.baseUrl}/me`, {
        headers: { authorization: `Bearer ${server.printedKey}` },
      });
      expect(me.status).toBe(200);
      // A fault the server caught and logged is still a fault.
      expect(server.stderr()).toBe('');
    });
  });
}
