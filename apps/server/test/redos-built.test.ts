import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../../scripts/ensure-built.js';
import { apiClient, BUILT_BIN, printedKey, type Serve, startServe } from './support.js';

/**
 * Patterns known to backtrack catastrophically (exponentially or as a polynomial of the answer's
 * length) in a backtracking engine, each with an answer that drives it there: 10,000 characters
 * that almost match. Against the built `formloom`, as users run it: each pattern is refused at save,
 * or, if saved, an anonymous submission of that answer is judged quickly while /healthz answers.
 */
const N = 10_000;
const CATALOGUE: readonly { pattern: string; attack: string }[] = [
  { pattern: '^(a+)+$', attack: `${'a'.repeat(N)}!` },
  { pattern: '^(a|a)*$', attack: `${'a'.repeat(N)}!` },
  { pattern: '^(a|aa)+$', attack: `${'a'.repeat(N)}!` },
  { pattern: '^(\\w|\\d)+$', attack: `${'1'.repeat(N)}!` },
  { pattern: '^(.|\\s)*x$', attack: ' '.repeat(N) },
  { pattern: '(a*)*b', attack: 'a'.repeat(N) },
  { pattern: '^(\\w+\\s?)*$', attack: `${'a'.repeat(N)}!` },
  { pattern: '^(a|b|ab)*c$', attack: 'ab'.repeat(N / 2) },
  { pattern: '(x+x+)+y', attack: 'x'.repeat(N) },
  { pattern: '^(\\s*,\\s*)*$', attack: `${' ,'.repeat(N / 2)}x` },
  { pattern: '(\\s+)+$', attack: `${' '.repeat(N)}x` },
  { pattern: '^(([a-z])+.)+[A-Z]([a-z])+$', attack: `${'a'.repeat(N)}!` },
  { pattern: '^([a-zA-Z0-9_\\-.]+)+@example\\.com$', attack: `${'a'.repeat(N)}!` },
  {
    pattern:
      '^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$',
    attack: `${'a'.repeat(N)}!`,
  },
  { pattern: '^(a{1,10}){1,10}$', attack: `${'a'.repeat(N)}!` },
  { pattern: '^(?:a?){25}a{25}$', attack: 'a'.repeat(25) },
  // Polynomial: overlapping repetitions in sequence, most unanchored at the start.
  { pattern: '\\d+\\d+$', attack: `${'1'.repeat(N)}x` },
  { pattern: '^\\d+\\d+$', attack: `${'1'.repeat(N)}x` },
  { pattern: '\\d+\\d+\\d+$', attack: `${'1'.repeat(N)}x` },
  { pattern: '.*.*=.*', attack: 'a'.repeat(N) },
  { pattern: 'a*a*a*a*a*b', attack: 'a'.repeat(N) },
  { pattern: '^[\\s\\u200c]+|[\\s\\u200c]+$', attack: `${' '.repeat(N)}x` },
  { pattern: '\\s*#?\\s*$', attack: `${' '.repeat(N)}x` },
  // Quadratic, accepted by the ReDoS check (answers are capped): linear in the server's engine.
  { pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', attack: `${'a@'.repeat(N / 2)}` },
  // Backtracking constructs the linear engine cannot run: refused, so browser and server agree.
  { pattern: '^(?=(a+)+$)a', attack: `${'a'.repeat(N)}!` },
  { pattern: '^(a+)\\1+$', attack: `${'a'.repeat(N)}!` },
];

/** A request that must not take longer than this, even on a loaded two-core machine. */
const BOUND_MS = 3_000;

function schemaWith(pattern: string) {
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title: 'ReDoS', language: 'en' },
    sections: [{ id: 'main', title: 'Main', order: 0 }],
    fields: [
      {
        id: 'answer',
        sectionId: 'main',
        type: 'textarea',
        label: 'Answer',
        order: 0,
        validation: { rules: [{ type: 'pattern', value: pattern }] },
      },
    ],
  };
}

/**
 * Submits `answer` anonymously to the form shared as `code` while /healthz is asked every 100 ms;
 * every probe must answer, and the submission must be judged within the bound.
 */
async function submitWhileProbing(base: string, code: string, answer: string) {
  let judged = false;
  const probes: number[] = [];
  const probing = (async () => {
    while (!judged) {
      const started = performance.now();
      const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(BOUND_MS) });
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      probes.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const started = performance.now();
  let submitted: Response;
  let elapsed = 0;
  try {
    submitted = await fetch(`${base}/v1/public/forms/${code}/responses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ answers: { answer } }),
      signal: AbortSignal.timeout(BOUND_MS * 5),
    });
    elapsed = performance.now() - started;
  } finally {
    // Also when the submission timed out: the probes stop, and their failure is reported here.
    judged = true;
    await probing;
  }
  const body = await submitted.json();
  // Whether the answer matches is the engine's business; that it is judged, and quickly, is this test's.
  expect([201, 400]).toContain(submitted.status);
  if (submitted.status === 400) expect(JSON.stringify(body)).toContain('"code":"pattern"');
  expect(elapsed).toBeLessThan(BOUND_MS);
  expect(probes.length).toBeGreaterThan(0);
  expect(Math.max(...probes)).toBeLessThan(BOUND_MS);
  return { status: submitted.status, elapsed };
}

describe('the built server and patterns that backtrack catastrophically', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'formloom-redos-'));
  let serve: Serve;
  let api: ReturnType<typeof apiClient>;
  const measured: string[] = [];

  beforeAll(async () => {
    await ensureBuilt('formloom');
    serve = await startServe(dataDir, {}, [process.execPath, BUILT_BIN]);
    api = apiClient(serve.port, printedKey(serve)!);
  }, 300_000);

  afterAll(async () => {
    console.log(`pattern | verdict | time for the 10,000-character answer\n${measured.join('\n')}`);
    serve?.child.kill('SIGKILL');
    await serve?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(CATALOGUE)(
    '$pattern is refused at save, or judged in linear time',
    async ({ pattern, attack }) => {
      const created = await api.call('/v1/forms', {
        method: 'POST',
        json: { title: 'ReDoS', schema: schemaWith(pattern) },
      });
      if (created.status === 400) {
        expect(created.body).toMatchObject({ data: null, error: 'BAD_REQUEST' });
        expect(created.body.message).toContain(`/${pattern}/`);
        expect(['unsafe_pattern', 'invalid_pattern']).toContain(created.body.issues[0].code);
        measured.push(`${pattern} | refused (${created.body.issues[0].code}) | -`);
        return;
      }
      expect(created.status).toBe(201);
      const id = created.body.data.id as string;
      const published = await api.call(`/v1/forms/${id}/publish`, { method: 'POST' });
      expect(published.status).toBe(200);
      const code = published.body.data.shareUrl as string;

      const { status, elapsed } = await submitWhileProbing(api.base, code, attack);
      measured.push(
        `${pattern} | accepted, answer ${status === 201 ? 'matched' : 'did not match'} | ${elapsed.toFixed(0)} ms`,
      );
    },
    60_000,
  );

  it('runs a stored pattern that slipped past the check in linear time', async () => {
    // As a form saved by a build whose check failed open: a harmless pattern at save, then the
    // stored schema given ^(a|a)*$ behind the API's back.
    const created = await api.call('/v1/forms', {
      method: 'POST',
      json: { title: 'Slipped', schema: schemaWith('^a+$') },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    const published = await api.call(`/v1/forms/${id}/publish`, { method: 'POST' });
    const code = published.body.data.shareUrl as string;
    const db = new DatabaseSync(join(dataDir, 'formloom.db'));
    try {
      const changed = db
        .prepare('UPDATE forms SET schema = ?, version = version + 1 WHERE id = ?')
        .run(JSON.stringify(schemaWith('^(a|a)*$')), id);
      expect(changed.changes).toBe(1);
    } finally {
      db.close();
    }
    const refused = await submitWhileProbing(api.base, code, `${'a'.repeat(N)}!`);
    expect(refused.status).toBe(400);
    const matched = await submitWhileProbing(api.base, code, 'a'.repeat(N));
    expect(matched.status).toBe(201);
    measured.push(
      `^(a|a)*$ stored behind the check's back | judged by the server's engine | ${refused.elapsed.toFixed(0)} ms`,
    );
  }, 60_000);
});
