import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { publishForm, surveySchema, TINY_PNG } from '../../../test/support/page-fixtures.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';
import { createServices } from '../../services.js';

const DAY = 86_400_000;

function storedFiles(t: TestServer): string[] {
  const root = join(t.dataDir, 'uploads');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

const answers = { email: 'a@example.com', contact: 'email', hasPets: 'no', name: 'Ada' };

/** `settings.retentionDays`: the hourly chore deletes older responses with their files, audited. */
describeEachDialect('responses: a form’s retention', (t) => {
  const submit = async (code: string, extra: object = {}) => {
    const res = await t.request(`/v1/public/forms/${code}/responses`, {
      method: 'POST',
      json: { answers: { ...answers, ...extra } },
    });
    expect(res.status, res.text).toBe(201);
    return res.body.data.responseId as string;
  };
  /** Makes a response look `days` old. */
  const age = (id: string, days: number) =>
    t.db
      .updateTable('responses')
      .set({ submitted_at: new Date(Date.now() - days * DAY).toISOString() })
      .where('id', '=', id)
      .execute();
  const purge = () =>
    createServices({
      db: t.db,
      config: { publicUrl: 'https://forms.example.test', dataDir: t.dataDir },
    }).responses.purgeRetained();

  it('deletes the responses older than the retention, with their files, recorded as the server’s', async () => {
    const { key } = await t.account();
    const schema = surveySchema();
    const form = await publishForm(t, key, {
      ...schema,
      settings: { ...schema.settings, retentionDays: 30 },
    });
    const kept = await publishForm(t, key, surveySchema());
    const upload = new FormData();
    upload.append('fieldId', 'photo');
    upload.append('file', new Blob([TINY_PNG], { type: 'image/png' }), 'old.png');
    const photo = (
      (await (
        await fetch(`${t.url}/v1/public/forms/${form.code}/uploads`, { method: 'POST', body: upload })
      ).json()) as { data: object }
    ).data;
    const old = await submit(form.code, { photo });
    const older = await submit(form.code);
    const recent = await submit(form.code);
    const elsewhere = await submit(kept.code);
    await age(old, 31);
    await age(older, 400);
    await age(recent, 29);
    await age(elsewhere, 4000);
    const files = storedFiles(t).length;

    expect(await purge()).toBe(2);
    const left = await t.request(`/v1/forms/${form.id}/responses`, { key });
    expect(left.body.data.responses.map((r: { id: string }) => r.id)).toEqual([recent]);
    expect((await t.request(`/v1/forms/${form.id}/responses/count`, { key })).body.data).toEqual({
      count: 1,
    });
    expect((await t.request(`/v1/forms/${kept.id}/responses/${elsewhere}`, { key })).status).toBe(200);
    expect(storedFiles(t)).toHaveLength(files - 1);

    const log = await t.request('/v1/audit-log?action=response.purged', { key });
    expect(log.status, log.text).toBe(200);
    expect(log.body.data.entries).toMatchObject([
      {
        action: 'response.purged',
        target: { type: 'form', id: form.id },
        actor: { type: 'system', id: 'retention' },
      },
    ]);
    const bySystem = await t.request('/v1/audit-log?actorType=system', { key });
    expect(bySystem.body.data.total).toBe(1);
    // Nothing more to delete.
    expect(await purge()).toBe(0);
  });

  it('follows the setting as it is changed, and refuses one out of range', async () => {
    const { key } = await t.account();
    const schema = surveySchema();
    const form = await publishForm(t, key, schema);
    const id = await submit(form.code);
    await age(id, 10);
    expect(await purge()).toBe(0);
    const set = (retentionDays: unknown) =>
      t.request(`/v1/forms/${form.id}`, {
        method: 'PATCH',
        key,
        json: { schema: { ...schema, settings: { ...schema.settings, retentionDays } } },
      });
    for (const wrong of [0, 3651, 1.5, '7']) expect((await set(wrong)).status).toBe(400);
    expect((await set(7)).status).toBe(200);
    expect(await purge()).toBe(1);
    expect((await t.request(`/v1/forms/${form.id}/responses/${id}`, { key })).status).toBe(404);
  });
});
