import type { FormSchema } from '@formloom/contract';
import { formTextsFor, messagesFor } from '@formloom/contract/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CaptchaStandIn, startCaptchaStandIn } from '../../../test/support/captcha-stand-in.js';
import { plainPostSchema, publishForm, surveySchema, TINY_PNG } from '../../../test/support/page-fixtures.js';
import { describeDialects } from '../../../test/support/test-database.js';
import { describeEachDialect, type TestServer, useTestServer } from '../../../test/support/test-server.js';

/** The page's signed token, as a browser without JavaScript posts it back. */
async function tokenOf(t: TestServer, path: string): Promise<string> {
  const text = await (await fetch(`${t.url}${path}`)).text();
  const token = /name="fl_token" value="([^"]+)"/.exec(text)?.[1];
  if (token === undefined) throw new Error('the page has no fl_token');
  return token;
}

function formOf(parts: [string, string | Blob, string?][]): FormData {
  const body = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === 'string') body.append(name, value);
    else body.append(name, value, filename);
  }
  return body;
}

async function post(
  t: TestServer,
  path: string,
  body: FormData | string,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${t.url}${path}`, { method: 'POST', body, headers, redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), text: await res.text() };
}

const required = messagesFor('en').required;
const png = () => new Blob([TINY_PNG], { type: 'image/png' });

describeEachDialect(
  'the public page without JavaScript: plain posts',
  (t) => {
    let key = '';
    let form = { id: '', code: '' };
    const responses = async () =>
      (await t.request(`/v1/forms/${form.id}/responses?limit=10`, { key })).body.data.responses as {
        answers: Record<string, unknown>;
      }[];

    beforeAll(async () => {
      ({ key } = await t.account());
      form = await publishForm(t, key, plainPostSchema());
    });

    it('serves the page as a multipart form with a token and buttons that work without scripts', async () => {
      const text = await (await fetch(`${t.url}/f/${form.code}?ref=news`)).text();
      expect(text).toContain(
        '<form class="fl-card" id="fl-form" novalidate method="post" enctype="multipart/form-data">',
      );
      expect(text).toMatch(
        /<noscript><div class="fl-actions fl-plain-actions">\n<button type="submit" class="fl-button" name="fl_action" value="next">Next<\/button>/,
      );
      // The hidden field stays in the URL, which the post's action keeps.
      expect(text).not.toContain('name="ref"');
    });

    it('steps a paged form by posts, keeping answers, and stores what was typed', async () => {
      const path = `/f/${form.code}?ref=news`;
      const token = await tokenOf(t, path);
      // Next with nothing answered: the page again, each error at its field and summed up.
      const empty = await post(
        t,
        path,
        formOf([
          ['fl_token', token],
          ['fl_action', 'next'],
          ['name', ''],
        ]),
      );
      expect(empty.status).toBe(400);
      expect(empty.text).toContain(`<li><a href="#fl-f-name">Your name</a> — ${required}</li>`);
      expect(empty.text).toMatch(
        /id="fl-f-name" name="name" aria-describedby="fl-e-name" aria-required="true" aria-invalid="true"/,
      );
      expect(empty.text).toContain(`<p class="fl-error" id="fl-e-name">${required}</p>`);
      expect(empty.text).not.toContain('<script');

      // "yes" shows the pet's name, which is required: the page again, with the answers kept.
      const yes = await post(
        t,
        path,
        formOf([
          ['fl_token', token],
          ['fl_action', 'next'],
          ['name', 'Ada'],
          ['hasPet', 'yes'],
        ]),
      );
      expect(yes.status).toBe(400);
      expect(yes.text).toContain('value="Ada"');
      expect(yes.text).toMatch(/value="yes" checked/);
      expect(yes.text).toContain(`<p class="fl-error" id="fl-e-petName">${required}</p>`);

      const second = await post(
        t,
        path,
        formOf([
          ['fl_token', token],
          ['fl_action', 'next'],
          ['name', 'Ada'],
          ['hasPet', 'yes'],
          ['petName', 'Rex'],
        ]),
      );
      expect(second.status).toBe(200);
      expect(second.text).toContain('Page 2 of 2');
      expect(second.text).toContain('<input type="hidden" name="fl_page" value="second">');
      expect(second.text).toContain('<input type="hidden" name="petName" value="Rex">');
      expect(second.text).not.toContain('id="fl-f-name"');
      const secondToken = /name="fl_token" value="([^"]+)"/.exec(second.text)![1]!;

      // The file on page two, then a missing required comment? No: comment is optional. Submit.
      const carried: [string, string][] = [
        ['name', 'Ada'],
        ['hasPet', 'yes'],
        ['petName', 'Rex'],
      ];
      const submitted = await post(
        t,
        path,
        formOf([
          ['fl_token', secondToken],
          ['fl_page', 'second'],
          ...carried,
          ['photo', png(), 'cat.png'],
          ['comment', 'Hello <there>'],
          ['fl_action', 'submit'],
        ]),
      );
      expect(submitted.status).toBe(303);
      expect(submitted.location).toMatch(new RegExp(`^${form.code}/done\\?r=[\\w.-]+$`));
      const [stored] = await responses();
      expect(stored!.answers).toMatchObject({
        name: 'Ada',
        hasPet: 'yes',
        petName: 'Rex',
        ref: 'news',
        comment: 'Hello <there>',
        photo: { name: 'cat.png', type: 'image/png', size: TINY_PNG.length },
      });
      const done = await fetch(`${t.url}/f/${form.code}/done`);
      expect(done.status).toBe(200);
      const page = await done.text();
      expect(page).toContain('Thank you!');
      // Its stylesheet resolves from /f/:code/done to the page assets (a plain `assets/` named
      // /f/:code/assets/, a 400: the thanks page came unstyled).
      const href = /<link rel="stylesheet" href="([^"]+)">/.exec(page)![1]!;
      const style = await fetch(new URL(href, `${t.url}/f/${form.code}/done`));
      expect(style.status).toBe(200);
      expect(style.headers.get('content-type')).toMatch(/^text\/css/);
    });

    it('keeps an upload of an earlier press by its stored reference, not its bytes', async () => {
      const path = `/f/${form.code}`;
      const token = await tokenOf(t, path);
      const base: [string, string][] = [
        ['fl_token', token],
        ['fl_page', 'second'],
        ['name', 'Bo'],
        ['hasPet', 'no'],
      ];
      // Back from page two with a file chosen: page one carries the stored upload.
      const back = await post(t, path, formOf([...base, ['photo', png(), 'dog.png'], ['fl_action', 'back']]));
      expect(back.status).toBe(200);
      const photo = /<input type="hidden" name="photo" value="([^"]+)">/.exec(back.text)?.[1];
      expect(photo).toBeDefined();
      const reference = JSON.parse(photo!.replace(/&quot;/g, '"')) as { uploadId: string };
      const submitted = await post(
        t,
        path,
        formOf([...base, ['photo', JSON.stringify(reference)], ['fl_action', 'submit']]),
      );
      expect(submitted.status).toBe(303);
      const [stored] = await responses();
      expect(stored!.answers).toMatchObject({
        name: 'Bo',
        photo: { uploadId: reference.uploadId, name: 'dog.png' },
      });
    });

    it('re-validates everything on the final submit', async () => {
      const path = `/f/${form.code}`;
      const token = await tokenOf(t, path);
      // A post that claims page two without page one's answers: the submission sends it back there.
      const res = await post(
        t,
        path,
        formOf([
          ['fl_token', token],
          ['fl_page', 'second'],
          ['photo', png(), 'cat.png'],
          ['fl_action', 'submit'],
        ]),
      );
      expect(res.status).toBe(400);
      expect(res.text).toContain('Page 1 of 2');
      expect(res.text).toContain(`<p class="fl-error" id="fl-e-name">${required}</p>`);
      expect(res.text).toContain('<input type="hidden" name="photo" value=');
    });

    describe('Update: a field shown by an answer on the same page', () => {
      /** The `fl_action` value of the form's first submit button: what Enter in a field presses. */
      const enterPresses = (text: string) =>
        /<button type="submit"[^>]* name="fl_action" value="(\w+)"/.exec(text)?.[1];

      it('is offered in a <noscript> on a page whose fields follow its own answers, after the fields, with Enter still Next', async () => {
        const text = await (await fetch(`${t.url}/f/${form.code}`)).text();
        const update = text.indexOf('value="update"');
        expect(update).toBeGreaterThan(text.indexOf('id="fl-w-petName"'));
        expect(update).toBeLessThan(text.indexOf('<div class="fl-actions fl-plain-actions">'));
        expect(text).toContain(
          '<noscript><div class="fl-plain-update">\n<button type="submit" class="fl-sr" tabindex="-1" aria-hidden="true" name="fl_action" value="next">Next</button>',
        );
        expect(text).toContain(
          '<button type="submit" class="fl-button fl-secondary" name="fl_action" value="update" aria-describedby="fl-update-note">Update the form for these answers</button>',
        );
        expect(enterPresses(text)).toBe('next');
      });

      it('shows the same page again with the revealed field, the answers kept, no error, nothing stored', async () => {
        const before = (await responses()).length;
        const path = `/f/${form.code}?ref=news`;
        const res = await post(
          t,
          path,
          formOf([
            ['fl_token', await tokenOf(t, path)],
            ['name', 'Ada'],
            ['hasPet', 'yes'],
            ['fl_action', 'update'],
          ]),
        );
        expect(res.status).toBe(200);
        expect(res.text).toContain('Page 1 of 2');
        expect(res.text).toContain('value="Ada"');
        expect(res.text).toMatch(/value="yes" checked/);
        expect(res.text).toMatch(/id="fl-w-petName" data-field-id="petName" data-type="text">/);
        expect(res.text).toContain('<p class="fl-error" id="fl-e-petName" hidden></p>');
        expect(res.text).not.toContain('aria-invalid');
        expect(res.text).not.toContain('id="fl-summary"');
        // The page after a post has no script: its Update and buttons are plain, Enter still Next.
        expect(res.text).not.toContain('<noscript><div class="fl-plain-update">');
        expect(res.text).toContain('value="update"');
        expect(enterPresses(res.text)).toBe('next');
        expect((await responses()).length).toBe(before);
      });

      it('is not offered on a page whose fields no answer on it changes', async () => {
        const path = `/f/${form.code}`;
        const second = await post(
          t,
          path,
          formOf([
            ['fl_token', await tokenOf(t, path)],
            ['name', 'Ada'],
            ['hasPet', 'no'],
            ['fl_action', 'next'],
          ]),
        );
        expect(second.text).toContain('Page 2 of 2');
        expect(second.text).not.toContain('value="update"');
        expect(second.text).not.toContain('fl-update-note');
      });

      it("on a one-page form: Update shows the field, Enter still submits, in the form's language", async () => {
        const single = await publishForm(t, key, surveySchema('de'), 'Single');
        const path = `/f/${single.code}`;
        const page = await (await fetch(`${t.url}${path}`)).text();
        expect(enterPresses(page)).toBe('submit');
        expect(page).toContain('Formular für diese Antworten aktualisieren');
        const res = await post(
          t,
          path,
          formOf([
            ['fl_token', await tokenOf(t, path)],
            ['name', 'Ada'],
            ['contact', 'phone'],
            ['fl_action', 'update'],
          ]),
        );
        expect(res.status).toBe(200);
        expect(res.text).toMatch(/id="fl-w-phone" data-field-id="phone" data-type="text">/);
        expect(res.text).not.toContain('id="fl-summary"');
        expect(enterPresses(res.text)).toBe('submit');
        const count = await t.request(`/v1/forms/${single.id}/responses/count`, { key });
        expect(count.body.data.count).toBe(0);
      });
    });

    describe('refusals', () => {
      it("a post without a token, or with another form's, is 403 and stores nothing", async () => {
        const before = (await responses()).length;
        const missing = await post(
          t,
          `/f/${form.code}`,
          formOf([
            ['name', 'Eve'],
            ['fl_action', 'submit'],
          ]),
        );
        expect(missing.status).toBe(403);
        const bad = await post(
          t,
          `/f/${form.code}`,
          formOf([
            ['fl_token', 'x.y.z'],
            ['photo', png(), 'a.png'],
          ]),
        );
        expect(bad.status).toBe(403);
        expect(bad.text).toContain('<h1>Something went wrong</h1>');
        expect((await responses()).length).toBe(before);
      });

      it('a file before the token is refused before it is stored', async () => {
        const token = await tokenOf(t, `/f/${form.code}`);
        const res = await post(
          t,
          `/f/${form.code}`,
          formOf([
            ['photo', png(), 'a.png'],
            ['fl_token', token],
          ]),
        );
        expect(res.status).toBe(403);
      });

      it('more files than the form has file fields is 400', async () => {
        const token = await tokenOf(t, `/f/${form.code}`);
        const res = await post(
          t,
          `/f/${form.code}`,
          formOf([
            ['fl_token', token],
            ['photo', png(), 'a.png'],
            ['photo', png(), 'b.png'],
            ['other', png(), 'c.png'],
          ]),
        );
        expect(res.status).toBe(400);
      });

      it('answers larger than the body limit are 413', async () => {
        const token = await tokenOf(t, `/f/${form.code}`);
        const res = await post(
          t,
          `/f/${form.code}`,
          formOf([
            ['fl_token', token],
            ['comment', 'x'.repeat(70 * 1024)],
          ]),
        );
        expect(res.status).toBe(413);
        expect(res.text).toContain('Your answers are too large to send.');
      });

      it("a file over its field's limit is 413", async () => {
        const token = await tokenOf(t, `/f/${form.code}`);
        const big = new Blob([TINY_PNG, new Uint8Array(1024 * 1024 + 10)], { type: 'image/png' });
        const res = await post(
          t,
          `/f/${form.code}`,
          formOf([
            ['fl_token', token],
            ['photo', big, 'big.png'],
          ]),
        );
        expect(res.status).toBe(413);
      });

      it('a filled honeypot is answered as stored, and nothing is stored', async () => {
        const before = (await responses()).length;
        const token = await tokenOf(t, `/f/${form.code}`);
        const res = await post(
          t,
          `/f/${form.code}`,
          formOf([
            ['fl_token', token],
            ['fl_website', 'http://spam.example'],
            ['name', 'Bot'],
            ['fl_action', 'submit'],
          ]),
        );
        expect(res.status).toBe(303);
        expect((await responses()).length).toBe(before);
      });

      it('a form that names its origins refuses posts from others with 403', async () => {
        const schema: FormSchema = {
          ...plainPostSchema(),
          settings: { layout: 'paged', submitAction: 'default', allowedOrigins: ['https://shop.example'] },
        };
        const named = await publishForm(t, key, schema, 'Named');
        const token = await tokenOf(t, `/f/${named.code}`);
        const body = () =>
          formOf([
            ['fl_token', token],
            ['fl_action', 'next'],
            ['name', 'Eve'],
            ['hasPet', 'no'],
          ]);
        expect((await post(t, `/f/${named.code}`, body(), { origin: 'https://evil.example' })).status).toBe(
          403,
        );
        expect((await post(t, `/f/${named.code}`, body(), { origin: 'https://shop.example' })).status).toBe(
          200,
        );
        expect((await post(t, `/f/${named.code}`, body(), { origin: t.url })).status).toBe(200);
      });

      it("an expired or missing token says the page expired, linking back to the form with its query, in the visitor's language", async () => {
        const path = `/f/${form.code}?lang=de&ref=news`;
        const token = await tokenOf(t, path);
        t.clock.advance(25 * 3600 * 1000);
        try {
          const expired = await post(
            t,
            path,
            formOf([
              ['fl_token', token],
              ['name', 'Eve'],
              ['fl_action', 'next'],
            ]),
            { 'accept-language': 'de' },
          );
          expect(expired.status).toBe(403);
          expect(expired.text).toContain(
            `<p>Diese Seite ist abgelaufen. <a href="${form.code}?lang=de&amp;ref=news">Formular erneut öffnen</a>.</p>`,
          );
        } finally {
          t.clock.reset();
        }
        const missing = await post(t, `/f/${form.code}`, formOf([['fl_action', 'submit']]));
        expect(missing.status).toBe(403);
        expect(missing.text).toContain(
          `<p>This page has expired. <a href="${form.code}">Open the form again</a>.</p>`,
        );
        expect(missing.text).not.toContain('Something went wrong. Please try again.');
      });

      it('a refused origin is named on the page, as text', async () => {
        const schema: FormSchema = {
          ...plainPostSchema(),
          settings: { layout: 'paged', submitAction: 'default', allowedOrigins: ['https://shop.example'] },
        };
        const named = await publishForm(t, key, schema, 'Named for the page');
        const token = await tokenOf(t, `/f/${named.code}`);
        const res = await post(
          t,
          `/f/${named.code}`,
          formOf([
            ['fl_token', token],
            ['fl_action', 'next'],
          ]),
          { origin: 'https://evil.example"<b>' },
        );
        expect(res.status).toBe(403);
        expect(res.text).toContain(
          `<p>This form can&#39;t be sent from https://evil.example&quot;&lt;b&gt;. <a href="${named.code}">Open the form again</a>.</p>`,
        );
        expect(res.text).not.toContain('<b>');
        const spanish = await post(t, `/f/${named.code}`, formOf([['fl_token', token]]), {
          origin: 'https://evil.example',
          'accept-language': 'es',
        });
        expect(spanish.text).toContain('Este formulario no se puede enviar desde https://evil.example.');
      });

      it('a post that is not multipart is 400', async () => {
        const res = await post(t, `/f/${form.code}`, 'name=Eve', {
          'content-type': 'application/x-www-form-urlencoded',
        });
        expect(res.status).toBe(400);
      });

      it('a closed form answers 409 with the closed page, and stores nothing', async () => {
        const closing = await publishForm(t, key, plainPostSchema(), 'Closing');
        const token = await tokenOf(t, `/f/${closing.code}`);
        await t.request(`/v1/forms/${closing.id}`, {
          method: 'PATCH',
          key,
          json: { expiresAt: new Date(Date.now() + 60_000).toISOString() },
        });
        t.clock.advance(120_000);
        try {
          const res = await post(
            t,
            `/f/${closing.code}`,
            formOf([
              ['fl_token', token],
              ['name', 'Eve'],
              ['hasPet', 'no'],
              ['fl_action', 'submit'],
            ]),
          );
          expect(res.status).toBe(409);
          expect(res.text).toContain('<h1>This form is closed</h1>');
        } finally {
          t.clock.reset();
        }
        const count = await t.request(`/v1/forms/${closing.id}/responses/count`, { key });
        expect(count.body.data.count).toBe(0);
      });
    });
  },
  { bodyLimitBytes: 64 * 1024 },
);

describeDialects('the public page without JavaScript: a captcha form', (dialect) => {
  let stand: CaptchaStandIn;
  beforeAll(async () => {
    stand = await startCaptchaStandIn();
    return () => stand.close();
  });
  const t: TestServer = useTestServer(dialect, {
    allowPrivateTargets: true,
    appConfig: () => ({ captcha: stand.settings() }),
  });

  it('says it needs JavaScript, and a plain post is shown again with that sentence, storing nothing', async () => {
    const { key } = await t.account('PRO');
    const schema: FormSchema = {
      ...plainPostSchema(),
      settings: { layout: 'single-column', submitAction: 'default', captcha: { provider: 'turnstile' } },
    };
    const form = await publishForm(t, key, schema);
    const page = await (await fetch(`${t.url}/f/${form.code}`)).text();
    const note = formTextsFor('en').captchaJsRequired;
    expect(page).toContain(`<noscript><p class="fl-alert">${note}</p></noscript>`);
    const token = await tokenOf(t, `/f/${form.code}`);
    const res = await post(
      t,
      `/f/${form.code}`,
      formOf([
        ['fl_token', token],
        ['name', 'Ada'],
        ['hasPet', 'no'],
        ['photo', png(), 'cat.png'],
        ['fl_action', 'submit'],
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.text).toContain(`<div class="fl-alert" id="fl-status" role="alert">${note}</div>`);
    expect(res.text).toContain('value="Ada"');
    const count = await t.request(`/v1/forms/${form.id}/responses/count`, { key });
    expect(count.body.data.count).toBe(0);
  });
});

/** A form whose completion message recalls a field, a choice and a score variable. */
function recallSchema(): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title: 'Recall form', language: 'en' },
    settings: {
      layout: 'single-column',
      submitAction: 'default',
      completion: { message: 'Thanks {{name}}! You chose {{pet}}, score {{points}}.' },
    },
    sections: [{ id: 'only', title: 'You', order: 0 }],
    fields: [
      { id: 'name', sectionId: 'only', type: 'text', label: 'Your name', order: 0, required: true },
      {
        id: 'pet',
        sectionId: 'only',
        type: 'radio',
        label: 'Cat or dog?',
        order: 1,
        required: true,
        options: [
          { label: 'Cat', value: 'cat', score: 1 },
          { label: 'Dog <woof>', value: 'dog', score: 3 },
        ],
      },
    ],
    variables: [{ id: 'points', type: 'number', expression: { score: 'pet' } }],
  };
}

describeEachDialect('the thank-you page after a plain post recalls the response', (t) => {
  let key = '';
  const bare = 'Thanks ! You chose , score .';

  /** Submits `name` and `pet` by a plain post: the thank-you page's URL it is sent on to. */
  async function submitted(code: string, name: string, pet: string, query = ''): Promise<URL> {
    const path = `/f/${code}${query}`;
    const res = await post(
      t,
      path,
      formOf([
        ['fl_token', await tokenOf(t, path)],
        ['name', name],
        ['pet', pet],
        ['fl_action', 'submit'],
      ]),
    );
    expect(res.status).toBe(303);
    expect(res.location).toMatch(new RegExp(`^${code}/done\\?r=[\\w-]+\\.[\\w-]+\\.[\\w-]+`));
    return new URL(res.location!, `${t.url}${path}`);
  }
  const messageOf = async (url: URL | string) => {
    const res = await fetch(url);
    expect(res.status).toBe(200);
    return /<p id="fl-done-message">([^<]*)<\/p>/.exec(await res.text())?.[1];
  };

  beforeAll(async () => {
    ({ key } = await t.account());
  });

  it('fills the message with the answers (option labels, as text) and the score variable', async () => {
    const form = await publishForm(t, key, recallSchema());
    const done = await submitted(form.code, '<b>Ada</b>', 'dog');
    expect(done.pathname).toBe(`/f/${form.code}/done`);
    expect(await messageOf(done)).toBe('Thanks &lt;b&gt;Ada&lt;/b&gt;! You chose Dog &lt;woof&gt;, score 3.');
    // The language travels beside the token.
    const german = await submitted(form.code, 'Bo', 'cat', '?lang=de');
    expect(german.searchParams.get('lang')).toBe('de');
    expect(await messageOf(german)).toBe('Thanks Bo! You chose Cat, score 1.');
  });

  it('without a token, or with a tampered or expired one, shows the message without recalls', async () => {
    const form = await publishForm(t, key, recallSchema());
    const done = await submitted(form.code, 'Ada', 'dog');
    expect(await messageOf(`${t.url}/f/${form.code}/done`)).toBe(bare);
    const token = done.searchParams.get('r')!;
    const [head, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    for (const bad of [`${head}.${payload}.${flipped}`, 'x.y.z', '']) {
      expect(await messageOf(`${t.url}/f/${form.code}/done?r=${encodeURIComponent(bad)}`)).toBe(bare);
    }
    // A page's post token is not a thank-you page's token.
    const postToken = await tokenOf(t, `/f/${form.code}`);
    expect(await messageOf(`${t.url}/f/${form.code}/done?r=${postToken}`)).toBe(bare);
    t.clock.advance(2 * 3600 * 1000);
    try {
      expect(await messageOf(done)).toBe(bare);
    } finally {
      t.clock.reset();
    }
    expect(await messageOf(done)).toBe('Thanks Ada! You chose Dog &lt;woof&gt;, score 3.');
  });

  it("one form's token on another form's thank-you page shows nothing of the first", async () => {
    const first = await publishForm(t, key, recallSchema(), 'First');
    const second = await publishForm(t, key, recallSchema(), 'Second');
    const done = await submitted(first.code, 'Secret Sam', 'dog');
    const other = `${t.url}/f/${second.code}/done?r=${done.searchParams.get('r')}`;
    expect(await messageOf(other)).toBe(bare);
    // A deleted response is recalled no more.
    const listed = await t.request(`/v1/forms/${first.id}/responses?limit=1`, { key });
    const [stored] = listed.body.data.responses as { id: string }[];
    await t.request(`/v1/forms/${first.id}/responses/${stored!.id}`, { method: 'DELETE', key });
    expect(await messageOf(done)).toBe(bare);
  });
});
