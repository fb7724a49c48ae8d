import { beforeAll, describe, expect, it } from 'vitest';
import { publishForm, surveySchema } from '../../../test/support/page-fixtures.js';
import { publishedSmartForm } from '../../../test/support/smart-form-kit.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';
import type { InterviewPageData } from './client/interview-data.js';
import { PAGE_CSP } from './public-page-router.js';

async function page(t: TestServer, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.url}${path}`, { headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

function dataOf(html: string): InterviewPageData {
  const block = /<script type="application\/json" id="fl-data">([^<]*)<\/script>/.exec(html);
  expect(block).not.toBeNull();
  return JSON.parse(block![1]!) as InterviewPageData;
}

describeEachDialect('public interview page', (t) => {
  let key = '';

  beforeAll(async () => {
    ({ key } = await t.account());
  });

  it('renders the welcome card, the hidden question and finish cards, and the data for the script', async () => {
    const { code } = await publishedSmartForm(t, key, {
      title: 'Why did you leave?',
      description: 'Five minutes.\nYour answers stay with us.',
      maxQuestions: 7,
    });
    const res = await page(t, `/s/${code}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = res.text;
    const welcome = [
      '<html lang="en">',
      '<title>Why did you leave?</title>',
      '<h1>Why did you leave?</h1>',
      '<p class="fl-description">Five minutes.\nYour answers stay with us.</p>',
      'data-t="intro">Up to 7 questions, one at a time. Answer in your own words.</p>',
      // The start button waits for the script (a plain form submit would go nowhere useful).
      '<button type="submit" class="fl-button" disabled data-t="start">Start the interview</button>',
    ];
    for (const snippet of welcome) expect(html).toContain(snippet);
    expect(html).not.toContain('id="fl-email-form"');
    expect(html).not.toContain('id="fl-language"');
    expect(html).toMatch(/<div class="fl-card" id="fl-interview" hidden>/);
    expect(html).toMatch(/<div class="fl-card fl-done" id="fl-done" tabindex="-1" hidden>/);
    expect(html).toContain('<p id="fl-progress" aria-live="polite"></p>');
    expect(html).toContain(
      '<textarea id="fl-answer" name="answer" rows="6" maxlength="5000" aria-labelledby="fl-question" aria-describedby="fl-counter fl-hint"></textarea>',
    );
    expect(html).toContain('id="fl-error" role="alert"');
    expect(html).toContain(
      '<input type="text" id="fl-hp" name="fl_website" tabindex="-1" autocomplete="off">',
    );
    const data = dataOf(html);
    expect(data).toMatchObject({
      api: `../v1/public/smart-forms/${code}`,
      code,
      maxQuestions: 7,
      maxAnswerLength: 5000,
      isPrivate: false,
      language: 'en',
    });
    // No language list: the respondent's language is detected, so the page has texts in all six.
    expect(Object.keys(data.texts).sort()).toEqual(['de', 'en', 'es', 'it', 'nl', 'tr']);
    expect(data.texts.de!.progress).toBe('Frage {n} von höchstens {max}');
  });

  it('has the strict CSP, no inline script or style, and its script under /s/assets', async () => {
    const { code } = await publishedSmartForm(t, key);
    const res = await page(t, `/s/${code}`);
    expect(res.headers.get('content-security-policy')).toBe(PAGE_CSP);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const tags = [...res.text.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(tags).toEqual([
      expect.stringMatching(/^<script src="assets\/interview\.[\w-]{12}\.js" defer>$/),
      '<script type="application/json" id="fl-data">',
    ]);
    expect(res.text).not.toMatch(/<style|style="| on[a-z]+="/);
    const script = /src="(assets\/interview\.[\w-]+\.js)"/.exec(res.text)![1]!;
    const style = /href="(assets\/page\.[\w-]+\.css)"/.exec(res.text)![1]!;
    for (const path of [script, style]) {
      const asset = await fetch(`${t.url}/s/${path}`);
      expect(asset.status, path).toBe(200);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    const body = await (await fetch(`${t.url}/s/${script}`)).text();
    expect(body).toContain('formloom:interview:');
    // The form page's script is another bundle (the interview one does not carry the form engine).
    const formScript = /src="(assets\/page\.[\w-]+\.js)"/.exec(
      (await page(t, `/f/${(await publishForm(t, key, surveySchema())).code}`)).text,
    )![1]!;
    expect(formScript).not.toBe(script);
    expect(body.length).toBeLessThan(12_000);
  });

  it('escapes a hostile title and welcome text everywhere they appear', async () => {
    const evil = '"><img src=x onerror=alert(1)><script>alert(1)</script>';
    const { code } = await publishedSmartForm(t, key, {
      title: `</title>${evil}`,
      description: `</script>${evil}`,
    });
    const res = await page(t, `/s/${code}`);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<img');
    expect(res.text).not.toContain('<script>alert');
    expect(res.text).not.toContain('</title>"');
    expect(res.text).toContain(
      '<title>&lt;/title&gt;&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>',
    );
    expect(res.text).toContain(
      '<p class="fl-description">&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(1)&gt;',
    );
    expect([...res.text.matchAll(/<script\b/g)]).toHaveLength(2);
    expect(dataOf(res.text).code).toBe(code);
  });

  it('offers the allowed languages, preselecting the browser language; one language is locked', async () => {
    const choice = await publishedSmartForm(t, key, { languages: ['de', 'it', 'fr'] });
    const italian = await page(t, `/s/${choice.code}`, { 'accept-language': 'it-IT,it;q=0.9,en;q=0.5' });
    for (const snippet of [
      '<html lang="it">',
      '<label class="fl-label" for="fl-language" data-t="language">Lingua</label>',
      '<option value="de" lang="de">Deutsch</option>',
      '<option value="it" lang="it" selected>Italiano</option>',
      '<option value="fr" lang="fr">Français</option>',
      '>Inizia l&#39;intervista</button>',
    ]) {
      expect(italian.text).toContain(snippet);
    }
    // The texts of each allowed language (French has none of its own: English stands in).
    const data = dataOf(italian.text);
    expect(Object.keys(data.texts).sort()).toEqual(['de', 'fr', 'it']);
    expect(data.texts.fr!.start).toBe('Start the interview');
    // A browser language the smart form does not offer: its first language.
    const other = await page(t, `/s/${choice.code}`, { 'accept-language': 'nl' });
    expect(other.text).toContain('<html lang="de">');
    expect(other.text).toContain('<option value="de" lang="de" selected>Deutsch</option>');

    const locked = await publishedSmartForm(t, key, { languages: ['nl'] });
    const dutch = await page(t, `/s/${locked.code}`, { 'accept-language': 'de' });
    expect(dutch.text).toContain('<html lang="nl">');
    expect(dutch.text).not.toContain('id="fl-language"');
    expect(dutch.text).toContain('>Begin het interview</button>');
    expect(Object.keys(dataOf(dutch.text).texts)).toEqual(['nl']);

    const detected = await publishedSmartForm(t, key);
    expect((await page(t, `/s/${detected.code}`, { 'accept-language': 'tr' })).text).toContain(
      '>Görüşmeyi başlat</button>',
    );
  });

  it('a private smart form asks for the email, then the code, before starting', async () => {
    const { code } = await publishedSmartForm(t, key, { isPrivate: true });
    const res = await page(t, `/s/${code}`, { 'accept-language': 'es' });
    for (const snippet of [
      '<form id="fl-email-form" novalidate>',
      '<input type="email" id="fl-email" name="email" autocomplete="email" spellcheck="false" maxlength="320" aria-required="true">',
      '<form id="fl-code-form" novalidate hidden>',
      'inputmode="numeric" autocomplete="one-time-code" maxlength="6"',
      'data-t="sendCode">Envíame un código</button>',
    ]) {
      expect(res.text).toContain(snippet);
    }
    expect(res.text).not.toContain('id="fl-start-form"');
    expect(dataOf(res.text).isPrivate).toBe(true);
  });

  it('a start with a filled honeypot looks started, and nothing is stored or asked', async () => {
    const { id, code } = await publishedSmartForm(t, key, { maxQuestions: 6 });
    const sessions = async () =>
      (await t.request(`/v1/smart-forms/${id}/sessions`, { key })).body.data.sessions.length;
    const decoy = await t.request(`/v1/public/smart-forms/${code}/sessions`, {
      method: 'POST',
      json: {},
      headers: { 'x-formloom-honeypot': 'http://spam.example' },
    });
    expect(decoy.status, decoy.text).toBe(201);
    expect(decoy.body.data).toMatchObject({
      sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      sessionToken: expect.any(String),
      question: { index: 1, text: expect.any(String) },
      answeredCount: 0,
      maxQuestions: 6,
      done: false,
    });
    expect(await sessions()).toBe(0);
    // The decoy session is no session: its next step is a 404.
    const next = await t.request(
      `/v1/public/smart-forms/${code}/sessions/${decoy.body.data.sessionId}/next-question`,
      { headers: { 'x-session-token': decoy.body.data.sessionToken } },
    );
    expect(next.status).toBe(404);
    const gone = await t.request('/v1/public/smart-forms/AAAAAAAAAAAAAAAA/sessions', {
      method: 'POST',
      json: {},
      headers: { 'x-formloom-honeypot': 'x' },
    });
    expect(gone.status).toBe(404);
    // An empty trap is a person.
    const person = await t.request(`/v1/public/smart-forms/${code}/sessions`, {
      method: 'POST',
      json: {},
      headers: { 'x-formloom-honeypot': '' },
    });
    expect(person.status).toBe(201);
    expect(await sessions()).toBe(1);
  });

  describe('pages without an interview', () => {
    it('an unknown, malformed, draft or unpublished code is a friendly 404 page', async () => {
      const draft = await t.request('/v1/smart-forms', {
        method: 'POST',
        key,
        json: { purpose: 'Learn what people think of the new checkout flow.' },
      });
      expect(draft.status).toBe(201);
      const unpublished = await publishedSmartForm(t, key);
      await t.request(`/v1/smart-forms/${unpublished.id}/unpublish`, { method: 'POST', key, json: {} });
      const form = await publishForm(t, key, surveySchema());
      for (const path of [
        '/s/AAAAAAAAAAAAAAAA',
        '/s/x',
        '/s/bad.code',
        `/s/${draft.body.data.id}`,
        `/s/${unpublished.code}`,
        `/s/${form.code}`,
      ]) {
        const res = await page(t, path);
        expect(res.status, path).toBe(404);
        expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(res.headers.get('content-security-policy')).toBe(PAGE_CSP);
        expect(res.text).toContain('<h1>Interview not found</h1>');
        expect(res.text).toContain('<title>Interview not found</title>');
      }
      const german = await page(t, '/s/AAAAAAAAAAAAAAAA', { 'accept-language': 'de-CH, en;q=0.5' });
      expect(german.text).toContain('<h1>Interview nicht gefunden</h1>');
      expect((await page(t, `/s/${unpublished.code}`, {})).text).not.toContain('fl-data');
    });

    it('a trailing slash redirects to the page', async () => {
      const { code } = await publishedSmartForm(t, key);
      const res = await fetch(`${t.url}/s/${code}/`, { redirect: 'manual' });
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe(`../${code}`);
    });
  });
});

describeEachDialect(
  'public interview page per-address limit',
  (t) => {
    it('counts the page with the public API; over the limit is a 429 page in the visitor language', async () => {
      const { key } = await t.account();
      const { code } = await publishedSmartForm(t, key);
      for (let i = 0; i < 2; i++) expect((await page(t, `/s/${code}`)).status).toBe(200);
      const refused = await page(t, `/s/${code}`, { 'accept-language': 'it' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.headers.get('content-security-policy')).toBe(PAGE_CSP);
      expect(refused.text).toContain('<h1>Troppe richieste</h1>');
      expect((await t.request(`/v1/public/smart-forms/${code}`)).status).toBe(429);
    });
  },
  { publicRateLimit: { points: 2, durationSeconds: 60 } },
);
