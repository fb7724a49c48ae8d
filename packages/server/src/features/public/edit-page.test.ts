import { formTextsFor } from '@formloom/contract/engine';
import { beforeAll, expect, it } from 'vitest';
import { contactSchema } from '../../../test/support/fixtures.js';
import { publishForm } from '../../../test/support/page-fixtures.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';
import { editPageTextsFor } from './edit-page-texts.js';

const texts = editPageTextsFor('en');
const ANSWERS = { name: 'Ada', contact: 'email', email: 'ada@example.com', age: 36 };
const HOUR = 3_600_000;

/** The page's signed token, as a browser without JavaScript posts it back. */
function tokenIn(text: string): string {
  const token = /name="fl_token" value="([^"]+)"/.exec(text)?.[1];
  if (token === undefined) throw new Error('the page has no fl_token');
  return token;
}

async function postForm(t: TestServer, path: string, fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const res = await fetch(`${t.url}${path}`, { method: 'POST', body, redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), text: await res.text() };
}

describeEachDialect('the page of a respondent editing their response', (t) => {
  let key = '';
  let form = { id: '', code: '' };

  beforeAll(async () => {
    ({ key } = await t.account());
    form = await publishForm(t, key, contactSchema());
    const access = await t.request(`/v1/forms/${form.id}/access`, {
      method: 'PUT',
      key,
      json: { allowEdit: { hours: 1 } },
    });
    expect(access.status).toBe(200);
  });

  const submitted = async () =>
    (
      await t.request(`/v1/public/forms/${form.code}/responses`, {
        method: 'POST',
        json: { answers: ANSWERS },
      })
    ).body.data as { responseId: string; editToken: string };
  const stored = async (id: string) =>
    (await t.request(`/v1/forms/${form.id}/responses/${id}`, { key })).body.data as {
      answers: Record<string, unknown>;
      updatedAt: string | null;
    };

  it('shows the form filled with the answers, as a plain form that posts itself, and saves the edit', async () => {
    const { responseId, editToken } = await submitted();
    const path = `/f/${form.code}?edit=${editToken}`;
    const page = await fetch(`${t.url}${path}`);
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain('value="Ada"');
    expect(text).toContain('value="ada@example.com"');
    expect(text).toContain(texts.editing);
    // No script takes this page over: it posts itself with or without JavaScript.
    expect(text).not.toContain('<script');
    expect(text).not.toContain('<noscript><div class="fl-actions');

    const saved = await postForm(t, path, {
      fl_token: tokenIn(text),
      fl_action: 'submit',
      name: 'Ada Lovelace',
      contact: 'email',
      email: 'ada@example.org',
      age: '37',
    });
    expect(saved.status, saved.text).toBe(303);
    expect(saved.location).toMatch(new RegExp(`^${form.code}/done\\?r=[^&]+&edit=${editToken}$`));
    const now = await stored(responseId);
    expect(now.answers).toEqual({
      name: 'Ada Lovelace',
      contact: 'email',
      email: 'ada@example.org',
      age: 37,
    });
    expect(now.updatedAt).not.toBeNull();

    // The thank-you page links to the edit again, saying until when.
    const done = await (await fetch(`${t.url}/f/${saved.location}`)).text();
    expect(done).toContain(`<a href="../${form.code}?edit=${editToken}">${texts.editLink}</a>`);
    expect(done).toContain('You can change your answers until ');
  });

  it('a new response sent without JavaScript thanks with its edit link', async () => {
    const text = await (await fetch(`${t.url}/f/${form.code}`)).text();
    const sent = await postForm(t, `/f/${form.code}`, {
      fl_token: tokenIn(text),
      fl_action: 'submit',
      name: 'Grace',
      contact: 'email',
    });
    expect(sent.status, sent.text).toBe(303);
    const token = /&edit=([A-Za-z0-9_-]{43})$/.exec(sent.location ?? '')?.[1];
    expect(token).toBeDefined();
    const done = await (await fetch(`${t.url}/f/${sent.location}`)).text();
    expect(done).toContain(formTextsFor('en').thanksTitle);
    expect(done).toContain(`?edit=${token}">${texts.editLink}</a>`);
    const read = await t.request(`/v1/public/forms/${form.code}/responses/${token}`);
    expect(read.body.data.answers).toEqual({ name: 'Grace', contact: 'email' });
  });

  it('an invalid edit shows the errors at their fields and keeps the stored answers', async () => {
    const { responseId, editToken } = await submitted();
    const path = `/f/${form.code}?edit=${editToken}`;
    const text = await (await fetch(`${t.url}${path}`)).text();
    const refused = await postForm(t, path, {
      fl_token: tokenIn(text),
      fl_action: 'submit',
      name: '',
      age: '12',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('href="#fl-f-name"');
    expect((await stored(responseId)).answers).toEqual(ANSWERS);
  });

  it('says when the link does not work, or its time has passed, and stores nothing', async () => {
    const unknown = await fetch(`${t.url}/f/${form.code}?edit=${'A'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain(texts.goneTitle);

    const { responseId, editToken } = await submitted();
    const path = `/f/${form.code}?edit=${editToken}`;
    const text = await (await fetch(`${t.url}${path}`)).text();
    t.clock.advance(HOUR + 1000);
    try {
      const late = await fetch(`${t.url}${path}`);
      expect(late.status).toBe(409);
      const page = await late.text();
      expect(page).toContain(texts.closedTitle);
      expect(page).toContain(texts.closedBody);
      const posted = await postForm(t, path, { fl_token: tokenIn(text), fl_action: 'submit', name: 'Late' });
      expect(posted.status).toBe(409);
      expect(posted.text).toContain(texts.closedTitle);
      expect((await stored(responseId)).answers).toEqual(ANSWERS);
    } finally {
      t.clock.reset();
    }
  });
});
