import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { insertPublishedForm } from '../../../test/support/fixtures.js';
import {
  INPUT_TYPES_SCHEMA,
  INPUT_TYPES_STORED,
  QUESTION_TYPES_ANSWERS,
  QUESTION_TYPES_SCHEMA,
} from '../../../test/support/question-types.js';
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

const INPUT_HEADINGS = [
  'submittedAt',
  'id',
  'language',
  'Phone',
  'Website',
  'Time',
  'Appointment',
  'Shipping – Address line 1',
  'Shipping – Address line 2',
  'Shipping – Postal code',
  'Shipping – City',
  'Shipping – State / region',
  'Shipping – Country',
  'Signature',
  'Terms',
  'Newsletter',
  'VAT number',
  'Morning note',
  'Later note',
  'Topics',
];
const INPUT_CELLS = [
  '+4915112345678',
  'https://example.com/a?b=1',
  '09:05',
  '2026-12-01T13:30:00+01:00',
  'Hauptstr. 1',
  '',
  '10115',
  'Berlin',
  '',
  'DE',
  '',
  'yes',
  '',
  'DE123',
  'early',
  'after noon',
  '',
];

describeEachDialect('export of every question type', (t) => {
  let key: string;
  const form = { id: randomUUID(), accountId: '' };
  const inputs = { id: randomUUID(), accountId: '' };
  /** A published form of the account with one response stored as the responses service stores it. */
  const stored = async (f: typeof form, schema: typeof QUESTION_TYPES_SCHEMA, answers: object) => {
    await insertPublishedForm(t.db, {
      ...f,
      title: schema.meta.title,
      schema,
      at: '2026-02-01T00:00:00.000Z',
    });
    await t.db
      .insertInto('responses')
      .values({
        id: randomUUID(),
        form_id: f.id,
        account_id: f.accountId,
        answers: JSON.stringify(answers),
        submitted_at: '2026-03-01T09:00:00.000Z',
      })
      .execute();
  };
  beforeAll(async () => {
    const account = await t.account('STARTER');
    key = account.key;
    form.accountId = account.accountId;
    inputs.accountId = account.accountId;
    await stored(form, QUESTION_TYPES_SCHEMA, QUESTION_TYPES_ANSWERS);
    await stored(inputs, INPUT_TYPES_SCHEMA, INPUT_TYPES_STORED);
  });

  const download = async (format: string, id = form.id) => {
    const res = await fetch(`${t.url}/v1/forms/${id}/responses/export?format=${format}`, {
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

  it('csv: an address one column per part, inputs as text, consent yes or empty, no statement', async () => {
    const rows: string[][] = parse((await download('csv', inputs.id)).toString('utf8'));
    expect(rows[0]).toEqual(INPUT_HEADINGS);
    // A phone number's "+" could start a formula: neutralised as any such cell.
    expect(rows[1]!.slice(3)).toEqual([`'${INPUT_CELLS[0]}`, ...INPUT_CELLS.slice(1)]);
  });

  it('xlsx and json: the same columns and cells', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await download('xlsx', inputs.id)) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(INPUT_HEADINGS);
    const cells = INPUT_HEADINGS.slice(3).map((_, i) => sheet.getRow(2).getCell(i + 4).value ?? '');
    expect(cells).toEqual(INPUT_CELLS);
    const [exported] = JSON.parse((await download('json', inputs.id)).toString('utf8'));
    expect(exported.answers).toEqual(INPUT_TYPES_STORED);
    expect(exported.display).toEqual(
      Object.fromEntries(
        INPUT_HEADINGS.slice(3)
          .map((h, i) => [h, INPUT_CELLS[i]])
          .filter(([, v]) => v !== ''),
      ),
    );
  });
});
