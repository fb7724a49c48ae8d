import type { FormSchema } from '@formloom/contract';
import { beforeAll, expect, it } from 'vitest';
import { contactSchema } from '../../../test/support/fixtures.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';

/** The contact form with its first field's label changed. */
function relabelled(schema: FormSchema, label: string): FormSchema {
  return { ...schema, fields: schema.fields.map((f, i) => (i === 0 ? { ...f, label } : f)) };
}

describeEachDialect('revisions and drafts', (t: TestServer) => {
  let key = '';
  let otherKey = '';

  beforeAll(async () => {
    ({ key } = await t.account('MAX'));
    ({ key: otherKey } = await t.account('MAX'));
  });

  async function created(): Promise<{ id: string; schema: FormSchema }> {
    const res = await t.request('/v1/forms', {
      method: 'POST',
      key,
      json: { title: 'Contact', schema: contactSchema() },
    });
    expect(res.status).toBe(201);
    return { id: res.body.data.id, schema: res.body.data.schema };
  }
  const revisions = async (id: string) =>
    (await t.request(`/v1/forms/${id}/revisions`, { key })).body.data.revisions as {
      revision: number;
      by: { type: string } | null;
    }[];
  const patch = (id: string, schema: FormSchema) =>
    t.request(`/v1/forms/${id}`, { method: 'PATCH', key, json: { schema } });
  const publish = (id: string) => t.request(`/v1/forms/${id}/publish`, { method: 'POST', key });
  const unpublish = (id: string) => t.request(`/v1/forms/${id}/unpublish`, { method: 'POST', key });
  const submit = async (code: string) => {
    const res = await t.request(`/v1/public/forms/${code}/responses`, {
      method: 'POST',
      json: { answers: { name: 'Ada', contact: 'email' } },
    });
    expect(res.status).toBe(201);
    return res.body.data.responseId as string;
  };
  const responseRevision = async (id: string, responseId: string) =>
    (await t.request(`/v1/forms/${id}/responses/${responseId}`, { key })).body.data.formRevision;

  it('counts a revision for each change to the live form, and a response records the one it answered', async () => {
    const { id, schema } = await created();
    // Changes before the first publish make none.
    expect((await patch(id, relabelled(schema, 'Name 0'))).status).toBe(200);
    expect(await revisions(id)).toEqual([]);
    expect((await t.request(`/v1/forms/${id}`, { key })).body.data.revision).toBeNull();

    const code = (await publish(id)).body.data.shareUrl as string;
    expect((await t.request(`/v1/forms/${id}`, { key })).body.data.revision).toBe(1);
    const first = await submit(code);
    expect(await patch(id, relabelled(schema, 'Full name'))).toMatchObject({ status: 200 });
    const second = await submit(code);
    expect(await responseRevision(id, first)).toBe(1);
    expect(await responseRevision(id, second)).toBe(2);

    // Unpublished and published again as it was: no revision; changed meanwhile: one.
    await unpublish(id);
    await publish(id);
    expect((await revisions(id)).map((r) => r.revision)).toEqual([2, 1]);
    await unpublish(id);
    await patch(id, relabelled(schema, 'Your name'));
    expect((await revisions(id)).map((r) => r.revision)).toEqual([2, 1]);
    await publish(id);
    const list = await revisions(id);
    expect(list.map((r) => r.revision)).toEqual([3, 2, 1]);
    expect(list[0]!.by).toMatchObject({ type: 'key' });

    // An earlier revision reads as it was, and restoring it is a new revision.
    const one = (await t.request(`/v1/forms/${id}/revisions/1`, { key })).body.data;
    expect(one).toMatchObject({ revision: 1, title: 'Contact' });
    expect(one.schema.fields[0].label).toBe('Name 0');
    const restored = await t.request(`/v1/forms/${id}/revisions/1/restore`, { method: 'POST', key });
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ revision: 4 });
    expect(restored.body.data.schema.fields[0].label).toBe('Name 0');
    expect((await t.request(`/v1/forms/${id}/revisions/9`, { key })).status).toBe(404);
  });

  it('a draft keeps changes apart until it is published as one revision', async () => {
    const { id, schema } = await created();
    const code = (await publish(id)).body.data.shareUrl as string;
    expect((await t.request(`/v1/forms/${id}/draft`, { key })).status).toBe(404);

    const saved = await t.request(`/v1/forms/${id}/draft`, {
      method: 'PUT',
      key,
      json: { title: 'Contact us', schema: relabelled(schema, 'Drafted') },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ title: 'Contact us', baseRevision: 1 });
    // The live form, public and owned, is unchanged.
    expect((await t.request(`/v1/public/forms/${code}`)).body.data.schema.fields[0].label).not.toBe(
      'Drafted',
    );
    expect((await t.request(`/v1/forms/${id}`, { key })).body.data.title).toBe('Contact');
    // A second save keeps the revision it began from.
    await t.request(`/v1/forms/${id}/draft`, {
      method: 'PUT',
      key,
      json: { schema: relabelled(schema, 'Drafted 2') },
    });
    expect((await t.request(`/v1/forms/${id}/draft`, { key })).body.data).toMatchObject({
      title: 'Contact us',
      baseRevision: 1,
      schema: { fields: expect.arrayContaining([expect.objectContaining({ label: 'Drafted 2' })]) },
    });

    const published = await t.request(`/v1/forms/${id}/draft/publish`, { method: 'POST', key });
    expect(published.status).toBe(200);
    expect(published.body.data).toMatchObject({ title: 'Contact us', revision: 2 });
    expect((await t.request(`/v1/public/forms/${code}`)).body.data.schema.fields[0].label).toBe('Drafted 2');
    expect((await t.request(`/v1/forms/${id}/draft`, { key })).status).toBe(404);
  });

  it('refuses to publish a draft over a live form changed since it began, and discards one on request', async () => {
    const { id, schema } = await created();
    await publish(id);
    await t.request(`/v1/forms/${id}/draft`, {
      method: 'PUT',
      key,
      json: { schema: relabelled(schema, 'Mine') },
    });
    await patch(id, relabelled(schema, 'Theirs'));
    const refused = await t.request(`/v1/forms/${id}/draft/publish`, { method: 'POST', key });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('revision 2');
    expect((await t.request(`/v1/forms/${id}`, { key })).body.data.schema.fields[0].label).toBe('Theirs');
    expect((await t.request(`/v1/forms/${id}/draft`, { method: 'DELETE', key })).status).toBe(200);
    expect((await t.request(`/v1/forms/${id}/draft`, { method: 'DELETE', key })).status).toBe(404);
  });

  it("an export reads each answer with its own revision's labels", async () => {
    const { id, schema } = await created();
    const code = (await publish(id)).body.data.shareUrl as string;
    await submit(code);
    // The option "email" is relabelled after the first response; the second answers the new label.
    const renamed = {
      ...schema,
      fields: schema.fields.map((f) =>
        f.id === 'contact'
          ? {
              ...f,
              options: f.options!.map((o) => (o.value === 'email' ? { ...o, label: 'Electronic mail' } : o)),
            }
          : f,
      ),
    };
    expect((await patch(id, renamed)).status).toBe(200);
    await submit(code);
    const csv = await t.request(`/v1/forms/${id}/responses/export?format=csv`, { key });
    const lines = String(csv.text).trim().split(/\r?\n/);
    const at = lines[0]!.split(',').indexOf('Contact by');
    expect(at).toBeGreaterThan(0);
    // Oldest first: the first response as revision 1 named its option, the second as revision 2.
    const options = lines.slice(1).map((line) => line.split(',')[at]);
    const labelThen = schema.fields
      .find((f) => f.id === 'contact')!
      .options!.find((o) => o.value === 'email')!.label;
    expect(options).toEqual([labelThen, 'Electronic mail']);
    const json = await t.request(`/v1/forms/${id}/responses/export?format=json`, { key });
    expect(JSON.parse(json.text).map((r: { formRevision: number }) => r.formRevision)).toEqual([1, 2]);
  });

  it('checks a draft as a form is checked, and keeps another account out', async () => {
    const { id, schema } = await created();
    const broken = { ...schema, fields: [...schema.fields, { ...schema.fields[0]! }] };
    const bad = await t.request(`/v1/forms/${id}/draft`, { method: 'PUT', key, json: { schema: broken } });
    expect(bad.status).toBe(400);
    await publish(id);
    for (const [method, path] of [
      ['GET', 'revisions'],
      ['GET', 'revisions/1'],
      ['POST', 'revisions/1/restore'],
      ['GET', 'draft'],
      ['DELETE', 'draft'],
      ['POST', 'draft/publish'],
    ] as const) {
      expect((await t.request(`/v1/forms/${id}/${path}`, { method, key: otherKey })).status).toBe(404);
    }
    const foreign = await t.request(`/v1/forms/${id}/draft`, {
      method: 'PUT',
      key: otherKey,
      json: { schema },
    });
    expect(foreign.status).toBe(404);
  });
});
