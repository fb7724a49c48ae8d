import { beforeAll, expect, it } from 'vitest';
import { signupSchema } from '../../../test/support/jumps-fixtures.js';
import { publishForm } from '../../../test/support/page-fixtures.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';

/** The page's signed token, as a browser without JavaScript posts it back. */
async function tokenOf(t: TestServer, path: string): Promise<string> {
  const text = await (await fetch(`${t.url}${path}`)).text();
  const token = /name="fl_token" value="([^"]+)"/.exec(text)?.[1];
  if (token === undefined) throw new Error('the page has no fl_token');
  return token;
}

async function post(t: TestServer, path: string, parts: [string, string][]) {
  const body = new FormData();
  for (const [name, value] of parts) body.append(name, value);
  const res = await fetch(`${t.url}${path}`, { method: 'POST', body, redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), text: await res.text() };
}

describeEachDialect('the public page without JavaScript: jumps and endings', (t) => {
  let key = '';
  let form = { id: '', code: '' };
  const path = () => `/f/${form.code}`;

  beforeAll(async () => {
    ({ key } = await t.account());
    form = await publishForm(t, key, signupSchema());
  });

  it('Next follows a jump past a page, and the thank-you page shows the completion recalled', async () => {
    const token = await tokenOf(t, path());
    const next = await post(t, path(), [
      ['fl_token', token],
      ['fl_action', 'next'],
      ['kind', 'free'],
    ]);
    expect(next.status).toBe(200);
    expect(next.text).toContain('<input type="hidden" name="fl_page" value="profile">');
    expect(next.text).toContain('Page 2 of 2');
    expect(next.text).not.toContain('id="fl-f-seats"');
    const pageToken = /name="fl_token" value="([^"]+)"/.exec(next.text)![1]!;
    const done = await post(t, path(), [
      ['fl_token', pageToken],
      ['fl_page', 'profile'],
      ['kind', 'free'],
      ['seats', 'not a number'],
      ['name', 'Ada <b>'],
      ['fl_action', 'submit'],
    ]);
    expect(done.status).toBe(303);
    const thanks = await (await fetch(`${t.url}/f/${done.location}`)).text();
    expect(thanks).toContain('<p id="fl-done-message">Thanks Ada &lt;b&gt;!</p>');
    const stored = (await t.request(`/v1/forms/${form.id}/responses`, { key })).body.data.responses;
    expect(stored[0]).toMatchObject({ answers: { kind: 'free', name: 'Ada <b>' }, endingId: null });
  });

  it('a jump to an ending makes the first page the last: Submit there shows that ending', async () => {
    const token = await tokenOf(t, path());
    const done = await post(t, path(), [
      ['fl_token', token],
      ['kind', 'none'],
      ['fl_action', 'submit'],
    ]);
    expect(done.status).toBe(303);
    const thanks = await (await fetch(`${t.url}/f/${done.location}`)).text();
    expect(thanks).toContain('<h1>Goodbye</h1>');
    expect(thanks).toContain('<p id="fl-done-message">Maybe next time.</p>');
  });

  it("an ending's redirect is where the post is sent", async () => {
    const token = await tokenOf(t, path());
    const parts: [string, string][] = [
      ['fl_token', token],
      ['kind', 'pro'],
      ['seats', '80'],
      ['name', 'Ada'],
    ];
    const second = await post(t, path(), [...parts, ['fl_action', 'next']]);
    const secondToken = /name="fl_token" value="([^"]+)"/.exec(second.text)![1]!;
    const third = await post(t, path(), [
      ['fl_token', secondToken],
      ['fl_page', 'billing'],
      ...parts.slice(1),
      ['fl_action', 'next'],
    ]);
    const thirdToken = /name="fl_token" value="([^"]+)"/.exec(third.text)![1]!;
    const done = await post(t, path(), [
      ['fl_token', thirdToken],
      ['fl_page', 'profile'],
      ...parts.slice(1),
      ['fl_action', 'submit'],
    ]);
    expect(done.status).toBe(303);
    expect(done.location).toBe('https://example.com/sales');
  });
});
