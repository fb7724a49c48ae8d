import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { publishForm, surveySchema, TINY_PNG } from '../../../test/support/page-fixtures.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';
import { formFigures } from '../analytics/index.js';

/** Every file under the uploads folder. */
function storedFiles(t: TestServer): string[] {
  const root = join(t.dataDir, 'uploads');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

async function uploadPng(t: TestServer, code: string, name: string) {
  const body = new FormData();
  body.append('fieldId', 'photo');
  body.append('file', new Blob([TINY_PNG], { type: 'image/png' }), name);
  const res = await fetch(`${t.url}/v1/public/forms/${code}/uploads`, { method: 'POST', body });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: object }).data;
}

const base = { email: 'a@example.com', contact: 'email', hasPets: 'no' };

/** A form's figures, searching its responses, deleting one. */
describeEachDialect('responses: figures, search and deletion', (t) => {
  let key = '';
  let accountId = '';
  let form = { id: '', code: '' };
  const ids: Record<string, string> = {};
  let photo: object = {};

  beforeAll(async () => {
    ({ key, accountId } = await t.account());
    form = await publishForm(t, key, surveySchema());
    photo = await uploadPng(t, form.code, 'Holiday snap.png');
    const answers: Record<string, object> = {
      ada: { ...base, name: 'Ada Lovelace', age: 36, topic: 'food', visit: '2026-03-04' },
      grace: {
        ...base,
        name: 'GRACE Hopper',
        age: 42,
        hasPets: 'yes',
        petName: 'Bug',
        kinds: ['dog', 'cat'],
      },
      percent: { ...base, name: '100% sure_thing', age: 51, visit: '2026-04-01', photo },
      zola: { ...base, name: 'Émile Zola', topic: 'other', details: 'The name field says it all' },
    };
    for (const [who, a] of Object.entries(answers)) {
      const res = await t.request(`/v1/public/forms/${form.code}/responses`, {
        method: 'POST',
        json: { answers: a },
      });
      expect(res.status, res.text).toBe(201);
      ids[who] = res.body.data.responseId;
    }
  });

  const search = async (text: string) => {
    const res = await t.request(`/v1/forms/${form.id}/responses?search=${encodeURIComponent(text)}`, { key });
    expect(res.status, res.text).toBe(200);
    return {
      ids: (res.body.data.responses as { id: string }[]).map((r) => r.id).sort(),
      total: res.body.data.total as number,
    };
  };
  const idsOf = (...who: string[]) => who.map((w) => ids[w]!).sort();

  it('answers the figures the database counts, with the drop-off funnel; another account gets 404', async () => {
    const res = await t.request(`/v1/forms/${form.id}/figures`, { key });
    expect(res.status, res.text).toBe(200);
    const schema = surveySchema();
    const expected = await formFigures(t.db, { accountId, formId: form.id, fields: schema.fields, schema });
    expect(res.body.data).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(res.body.data.responseCount).toBe(4);
    expect(res.body.data.fields.age.numbers).toEqual({
      count: 3,
      mean: 43,
      median: 42,
      min: 36,
      max: 51,
      // 36, 42, 51: a range of 15 in bins of 2 from 36.
      histogram: {
        wholeNumbers: true,
        bins: [36, 38, 40, 42, 44, 46, 48, 50].map((from) => ({
          from,
          to: from + 2,
          count: from === 36 || from === 42 || from === 50 ? 1 : 0,
        })),
      },
    });
    expect(res.body.data.fields.kinds.options).toEqual({ cat: 1, dog: 1, fish: 0 });
    expect(res.body.data.fields.visit.months).toEqual({ '2026-03': 1, '2026-04': 1 });
    // Without save and resume, every response went through the form: started and completed alike.
    expect(res.body.data.dropOff).toMatchObject({ started: 4, completed: 4 });

    const day = res.body.data.overTime[0].period as string;
    const after = await t.request(`/v1/forms/${form.id}/figures?startDate=2999-01-01`, { key });
    expect(after.body.data.responseCount).toBe(0);
    const weekly = await t.request(`/v1/forms/${form.id}/figures?bucket=week&endDate=${day}`, { key });
    expect(weekly.body.data.responseCount).toBe(4);

    const other = await t.account();
    expect((await t.request(`/v1/forms/${form.id}/figures`, { key: other.key })).status).toBe(404);
    expect((await t.request(`/v1/forms/${form.id}/figures?bucket=month`, { key })).status).toBe(400);
  });

  it('search finds text in any answer, ignoring case, never in field ids or JSON punctuation', async () => {
    expect(await search('ada')).toEqual({ ids: idsOf('ada'), total: 1 });
    expect(await search('HOPPER')).toEqual({ ids: idsOf('grace'), total: 1 });
    expect((await search('Émile')).ids).toEqual(idsOf('zola'));
    // An option value inside a checkbox answer, a number, a file's name.
    expect((await search('dog')).ids).toEqual(idsOf('grace'));
    expect((await search('42')).ids).toEqual(idsOf('grace'));
    expect((await search('holiday SNAP')).ids).toEqual(idsOf('percent'));
    // `%` and `_` are literal; field ids and JSON syntax are not answers.
    expect((await search('%')).ids).toEqual(idsOf('percent'));
    expect((await search('e_t')).ids).toEqual(idsOf('percent'));
    expect((await search('a_a')).ids).toEqual([]);
    expect((await search('hasPets')).ids).toEqual([]);
    expect((await search('":"')).ids).toEqual([]);
    // A file answer is searched by its name only: the server-made upload id, type and size are not
    // what anyone typed (a random id once matched "42" above).
    const file = photo as { uploadId: string; size: number };
    expect((await search(file.uploadId.slice(0, 8))).ids).toEqual([]);
    expect((await search('image/png')).ids).toEqual([]);
    expect((await search(String(file.size))).ids).toEqual([]);
    // "name" is only in Zola's details, though every response has a `name` key.
    expect((await search('name')).ids).toEqual(idsOf('zola'));
    expect(await search('example.com')).toMatchObject({ total: 4 });
    // With paging and the date filters.
    const page = await t.request(`/v1/forms/${form.id}/responses?search=example&limit=3&page=2`, { key });
    expect(page.body.data).toMatchObject({ total: 4, hasMore: false });
    expect(page.body.data.responses).toHaveLength(1);
    expect((await search('nobody')).total).toBe(0);
    const tooLong = await t.request(`/v1/forms/${form.id}/responses?search=${'x'.repeat(101)}`, { key });
    expect(tooLong.status).toBe(400);
  });

  it('deletes a response with its files, audited, and 404s across accounts', async () => {
    const id = ids.percent!;
    const fileId = (photo as { uploadId: string }).uploadId;
    const download = `/v1/forms/${form.id}/responses/${id}/files/${fileId}`;
    expect((await t.request(download, { key })).status).toBe(200);
    const filesBefore = storedFiles(t).length;
    expect(filesBefore).toBeGreaterThan(0);

    const other = await t.account();
    const path = `/v1/forms/${form.id}/responses/${id}`;
    expect((await t.request(path, { method: 'DELETE', key: other.key })).status).toBe(404);
    const reader = await t.account('MAX', ['RESPONSES_READ']);
    expect((await t.request(path, { method: 'DELETE', key: reader.key })).status).toBe(403);

    const deleted = await t.request(path, { method: 'DELETE', key });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body.data).toEqual({ id, deleted: true });
    expect((await t.request(path, { key })).status).toBe(404);
    expect((await t.request(path, { method: 'DELETE', key })).status).toBe(404);
    expect((await t.request(download, { key })).status).toBe(404);
    expect(storedFiles(t)).toHaveLength(filesBefore - 1);
    expect((await t.request(`/v1/forms/${form.id}/responses/count`, { key })).body.data).toEqual({
      count: 3,
    });
    const list = await t.request(`/v1/forms/${form.id}/responses`, { key });
    expect(list.body.data.total).toBe(3);
    expect((await t.request(`/v1/forms/${form.id}/figures`, { key })).body.data.responseCount).toBe(3);

    const log = await t.request(`/v1/audit-log?action=response.deleted`, { key });
    expect(log.status, log.text).toBe(200);
    expect(log.body.data.entries).toMatchObject([
      { action: 'response.deleted', target: { type: 'response', id } },
    ]);
  });
});
