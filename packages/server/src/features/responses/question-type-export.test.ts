import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { insertPublishedForm } from '../../../test/support/fixtures.js';
import { QUESTION_TYPES_ANSWERS, QUESTION_TYPES_SCHEMA } from '../../../test/support/question-types.js';
import { describeEachDialect } from '../../../test/support/test-server.js';

const HEADINGS = [
  'submittedAt',
  'id',
  'language',
  'Stars',
  'Recommend',
  'Agree',
  'Distance',
  'Service – Speed',
  'Service – Price',
  'Rank',
  'Pet',
  'Tags',
];

describeEachDialect('export of every question type', (t) => {
  let key: string;
  const form = { id: randomUUID(), accountId: '' };
  beforeAll(async () => {
    const account = await t.account('STARTER');
    key = account.key;
    form.accountId = account.accountId;
    await insertPublishedForm(t.db, {
      ...form,
      title: 'Every question type',
      schema: QUESTION_TYPES_SCHEMA,
      at: '2026-02-01T00:00:00.000Z',
    });
    // Stored as the responses service stores them (the engine's checks of these types land apart).
    await t.db
      .insertInto('responses')
      .values({
        id: randomUUID(),
        form_id: form.id,
        account_id: form.accountId,
        answers: JSON.stringify(QUESTION_TYPES_ANSWERS),
        submitted_at: '2026-03-01T09:00:00.000Z',
      })
      .execute();
  });

  const download = async (format: string) => {
    const res = await fetch(`${t.url}/v1/forms/${form.id}/responses/export?format=${format}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };

  it('csv: a column per matrix row, a ranking as A > B > C, Other by its text, numbers as written', async () => {
    const rows: string[][] = parse((await download('csv')).toString('utf8'));
    expect(rows[0]).toEqual(HEADINGS);
    expect(rows[1]!.slice(3)).toEqual([
      '4',
      '9',
      '2',
      '2.5',
      'Good, Bad',
      'Bad',
      'Bananas > Dates > Apples',
      'Ferret',
      'Fast, =1+1',
    ]);
  });

  it('json: the answers as stored, and the same cells under the csv headings', async () => {
    const [exported] = JSON.parse((await download('json')).toString('utf8'));
    expect(exported.answers).toEqual(QUESTION_TYPES_ANSWERS);
    expect(exported.display).toEqual({
      Stars: 4,
      Recommend: 9,
      Agree: 2,
      Distance: 2.5,
      'Service – Speed': 'Good, Bad',
      'Service – Price': 'Bad',
      Rank: 'Bananas > Dates > Apples',
      Pet: 'Ferret',
      Tags: 'Fast, =1+1',
    });
  });

  it('xlsx: the same columns, numbers as numbers', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await download('xlsx')) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADINGS);
    const row = (sheet.getRow(2).values as unknown[]).slice(4);
    expect(row).toEqual([
      4,
      9,
      2,
      2.5,
      'Good, Bad',
      'Bad',
      'Bananas > Dates > Apples',
      'Ferret',
      'Fast, =1+1',
    ]);
  });
});
