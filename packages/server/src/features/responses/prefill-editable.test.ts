import { beforeAll, expect, it } from 'vitest';
import { bilingualSchema, publishForm } from '../../../test/support/page-fixtures.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';

/**
 * `prefill.editable: false` is a page rule (docs/form-model.md): the page locks the field it filled
 * from its link (form-model-page.browser.test.ts), but a submission carries no link, so the server
 * validates a locked field's value like any answer and cannot tell it from a typed one.
 */
describeEachDialect('a prefilled field that is not editable', (t: TestServer) => {
  let form = { id: '', code: '' };
  beforeAll(async () => {
    const { key } = await t.account();
    form = await publishForm(t, key, bilingualSchema());
  });
  const submit = (answers: Record<string, unknown>) =>
    t.request(`/v1/public/forms/${form.code}/responses`, { method: 'POST', json: { answers } });

  it('is validated at submission like any answer', async () => {
    const bad = await submit({ email: 'not-an-email', comment: 'Hi' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0]).toMatchObject({ fieldId: 'email' });
    const missing = await submit({ comment: 'Hi' });
    expect(missing.status).toBe(400);
    expect(missing.body.issues[0]).toMatchObject({ fieldId: 'email', code: 'required' });
  });

  it('takes any valid value: the server cannot know what the link said', async () => {
    expect((await submit({ email: 'someone-else@example.org', comment: 'Hi' })).status).toBe(201);
  });
});
