import { createTestDatabase, describeDialects, type TestDatabase, until } from '@formloom/server/testing';
import { afterEach, expect, it } from 'vitest';
import { burstAnswers, burstSchema, DESTINATION_KINDS, writtenOnce } from './destination-stand-ins.js';
import { apiClient, printedKey, publishedForm, type Serve, startServe } from './support.js';

/**
 * Destinations write each response once though the server dies at any moment: `formloom serve`
 * (the built binary) is SIGKILLed twice while a burst of public submissions is being written to a
 * slow provider's stand-in, once at a moment of the burst (requests in flight), once right after
 * the stand-in wrote a create whose answer it holds back (the server never learns of that write).
 * Started again on the same database, it reclaims the deliveries once their lease runs out and
 * finishes: the stand-in then holds one record per response, none missing, none twice, and the
 * held write was found by its Response ID, not made again.
 */

/** Responses per kind: Notion makes a page a request at three a second, so it gets fewer. */
const RESPONSES: Record<string, number> = { airtable: 300, notion: 30, google_sheets: 200 };

describeDialects('destinations survive SIGKILL (child process)', (dialect) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  for (const { kind } of DESTINATION_KINDS) {
    it(`${kind}: every response is written once across two kills, one with a create unanswered`, async () => {
      const total = RESPONSES[kind] ?? 30;
      const provider = await DESTINATION_KINDS.find((k) => k.kind === kind)!.start();
      cleanups.push(() => provider.close());
      const database: TestDatabase = await createTestDatabase(dialect, `destinations-crash-${kind}`);
      cleanups.push(() => database.drop());
      // A slow provider: each served request is answered 50 to 200 ms later, its write made at once.
      provider.setLatency(50 + Math.floor(Math.random() * 150));

      const serve = async (): Promise<Serve> => {
        const s = await startServe(database.dataDir, {
          ...provider.env,
          ...(database.url === undefined ? {} : { FORMLOOM_DATABASE_URL: database.url }),
          FORMLOOM_ALLOW_PRIVATE_TARGETS: '1',
          FORMLOOM_PUBLIC_RATE_LIMIT: '100000',
          FORMLOOM_WEBHOOK_RETRY_BASE_MS: '200',
          // The outbox's lease is an attempt's timeout and 5 s: a restarted server reclaims within that.
          FORMLOOM_WEBHOOK_TIMEOUT_MS: '1000',
        });
        cleanups.push(async () => {
          s.child.kill('SIGKILL');
          await s.exited;
        });
        return s;
      };
      const kill = async (s: Serve) => {
        s.child.kill('SIGKILL');
        await s.exited;
      };

      let server = await serve();
      const key = printedKey(server)!;
      let api = apiClient(server.port, key);
      const form = await publishedForm(api, burstSchema(), 'Burst');
      await provider.connect(api, form.id);

      // The burst, eight submissions at a time, as respondents send them.
      const submitted: string[] = [];
      let next = 0;
      const lane = async () => {
        while (next < total) {
          const i = next++;
          const res = await api.call(`/v1/public/forms/${form.code}/responses`, {
            method: 'POST',
            json: { answers: burstAnswers(i) },
            key: null,
          });
          expect(res.status, res.text).toBe(201);
          submitted.push(res.body.data.responseId);
        }
      };
      await Promise.all(Array.from({ length: 8 }, lane));

      // First kill: some records written, requests in flight, most of the burst still queued.
      await until(() => provider.written().length >= Math.ceil(total / 10), 60_000);
      await kill(server);
      const atFirstKill = provider.written().length;
      expect(atFirstKill).toBeLessThan(total);

      // Second kill: right after the stand-in wrote a create it holds the answer of.
      provider.holdNextCreate();
      server = await serve();
      await until(() => provider.held() === 1, 60_000);
      await kill(server);
      const atSecondKill = provider.written().length;
      expect(atSecondKill).toBeLessThan(total);
      const lookupsBefore = provider.lookups();

      server = await serve();
      api = apiClient(server.port, key);
      await until(() => provider.written().length >= total, 120_000);
      // Anything still to come (a record made twice) would come within a few more deliveries.
      await new Promise((r) => setTimeout(r, 1000));
      expect(writtenOnce(submitted, provider.written())).toEqual({ missing: [], twice: [], unknown: [] });
      expect(provider.written()).toHaveLength(total);
      // The held create's records were looked up by their Response ID after the restart.
      expect(provider.lookups()).toBeGreaterThan(lookupsBefore);
      // And the server took the responses for stored and the destination for healthy throughout.
      const listed = await api.call(`/v1/forms/${form.id}/destinations`);
      expect(listed.body.data.destinations[0]).toMatchObject({ enabled: true, status: 'active' });
    }, 240_000);
  }
});
