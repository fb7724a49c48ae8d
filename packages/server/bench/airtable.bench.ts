/**
 * Airtable destination benchmark, one run, one process (server, worker and the Airtable stand-in
 * share it): BENCH_RESPONSES public submissions arrive in a burst (BENCH_CONCURRENCY at a time) to a
 * form with an Airtable destination; the time until the stand-in holds every record, the requests
 * sent per response, and that no response was written twice. The stand-in enforces Airtable's five
 * requests a second per base, which bounds the time: a request per ten responses at best.
 *
 * Run: node --conditions=source --import tsx packages/server/bench/airtable.bench.ts
 */
import { performance } from 'node:perf_hooks';
import { startAirtableStandIn } from '../test/support/airtable-stand-in.js';
import { contactSchema } from '../test/support/fixtures.js';
import { startWebhookTestServer } from '../test/support/webhook-test-kit.js';

const RESPONSES = Number(process.env.BENCH_RESPONSES ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);

const airtable = await startAirtableStandIn();
const t = await startWebhookTestServer({
  appSenders: true,
  config: { airtableApiBase: airtable.url },
  worker: { pollIntervalMs: 50 },
});
const { key } = await t.account('MAX');
const form = await t.request('/v1/forms', {
  method: 'POST',
  key,
  json: { title: 'Bench', schema: contactSchema() },
});
const formId = form.body.data.id as string;
const code = (await t.request(`/v1/forms/${formId}/publish`, { method: 'POST', key })).body.data
  .shareUrl as string;
const { baseId, token } = airtable.createBase({
  Responses: ['Name', 'Email', 'Contact by', 'Phone', 'Response ID'],
});
const connected = await t.request(`/v1/forms/${formId}/destinations`, {
  method: 'POST',
  key,
  json: { kind: 'airtable', target: { baseId, table: 'Responses' }, credentials: { token } },
});
if (connected.status !== 201) throw new Error(`connect answered ${connected.status}`);

const started = performance.now();
let next = 0;
async function lane() {
  while (next < RESPONSES) {
    const i = next++;
    const res = await fetch(`${t.url}/v1/public/forms/${code}/responses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ answers: { name: `n${i}`, email: 'a@example.com' } }),
    });
    await res.text();
    if (res.status !== 201) throw new Error(`submission answered ${res.status}`);
  }
}
await Promise.all(Array.from({ length: CONCURRENCY }, lane));
const submittedMs = performance.now() - started;
while (airtable.records(baseId, 'Responses').length < RESPONSES) await new Promise((r) => setTimeout(r, 20));
const writtenMs = performance.now() - started;

const records = airtable.records(baseId, 'Responses');
const unique = new Set(records.map((r) => r.fields['Response ID'])).size;
const requests = airtable.requests.filter((r) => r.baseId === baseId);
console.log(
  JSON.stringify(
    {
      responses: RESPONSES,
      submittedSeconds: Number((submittedMs / 1000).toFixed(1)),
      allWrittenSeconds: Number((writtenMs / 1000).toFixed(1)),
      requests: requests.length,
      requestsPerResponse: Number((requests.length / RESPONSES).toFixed(3)),
      largestRequest: Math.max(
        ...requests.map((r) => (r.body as { records?: unknown[] } | null)?.records?.length ?? 0),
      ),
      records: records.length,
      writtenTwice: records.length - unique,
      throttledByAirtable: airtable.throttled,
    },
    null,
    2,
  ),
);
const sizes = requests.map(
  (r) => `${r.method[0]}${(r.body as { records?: unknown[] } | null)?.records?.length ?? ''}`,
);
if (process.env.BENCH_TRACE) console.log(sizes.join(' '));
await t.close();
await airtable.close();
