import { beforeAll, expect, it } from 'vitest';
import { bilingualSchema, pagedQuizSchema, publishForm } from '../../../test/support/page-fixtures.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';

async function page(t: TestServer, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.url}${path}`, { headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describeEachDialect('public form page: the form model (hidden fields, pages, variables)', (t) => {
  let quiz = { id: '', code: '' };
  let bilingual = { id: '', code: '' };

  beforeAll(async () => {
    const { key } = await t.account();
    quiz = await publishForm(t, key, pagedQuizSchema());
    bilingual = await publishForm(t, key, bilingualSchema());
  });

  it('never renders a hidden field', async () => {
    const { text } = await page(t, `/f/${quiz.code}?utm_source=mail`);
    expect(text).not.toContain('fl-w-utm_source');
    expect(text).not.toContain('fl-w-ref');
    expect(text).not.toContain('name="utm_source"');
    expect(text).toContain('id="fl-w-name"');
  });

  it('a paged form shows its first page, a progressbar, Next and no Back', async () => {
    const { text } = await page(t, `/f/${quiz.code}`);
    expect(text).not.toMatch(/id="fl-s-you"[^>]* hidden>/);
    expect(text).toMatch(/id="fl-s-q1page"[^>]* hidden>/);
    expect(text).toMatch(/id="fl-s-q2page"[^>]* hidden>/);
    // The conditional page is not counted until it shows.
    expect(text).toContain(
      'role="progressbar" aria-label="Progress" aria-valuemin="1" aria-valuenow="1" aria-valuemax="3"',
    );
    expect(text).toContain('<p id="fl-progress-text">Page 1 of 3</p>');
    expect(text).toMatch(
      /<button type="button" class="fl-button fl-secondary" id="fl-back" hidden>Back<\/button>/,
    );
    expect(text).toMatch(/<button type="submit" class="fl-button" id="fl-next" disabled>Next<\/button>/);
    expect(text).toMatch(
      /<button type="submit" class="fl-button" id="fl-submit" hidden disabled>Submit<\/button>/,
    );
  });

  it('renders recalls empty until answered, never the braces', async () => {
    const { text } = await page(t, `/f/${quiz.code}`);
    expect(text).toContain('<h2 id="fl-st-q1page">, question one</h2>');
    expect(text).toContain('<span id="fl-lt-q1">The capital of France, ?</span>');
    // Only the data block (the script's templates) holds the braces.
    expect(text.replace(/<script type="application\/json"[\s\S]*?<\/script>/, '')).not.toContain('{{');
  });

  it('renders in the language picked: ?lang=, else Accept-Language, else the base', async () => {
    const german = await page(t, `/f/${bilingual.code}?lang=de`);
    expect(german.text).toContain('<html lang="de">');
    expect(german.text).toContain('<title>Rückmeldung</title>');
    expect(german.text).toContain('>Ihre Rückmeldung</h2>');
    expect(german.text).toContain('for="fl-f-email">E-Mail<');
    expect(german.text).toContain('Mit * markierte Felder sind Pflichtfelder.');
    expect(german.text).toContain('>Absenden</button>');
    expect(german.headers.get('vary')).toContain('Accept-Language');

    const accepted = await page(t, `/f/${bilingual.code}`, { 'accept-language': 'fr, de-CH;q=0.8' });
    expect(accepted.text).toContain('<html lang="de">');
    expect(accepted.text).toContain('for="fl-f-comment">Kommentar<');

    // A language the form has no texts in: the base language, for the texts and the page.
    for (const res of [
      await page(t, `/f/${bilingual.code}?lang=fr`),
      await page(t, `/f/${bilingual.code}?lang=es`, { 'accept-language': 'es' }),
    ]) {
      expect(res.text).toContain('<html lang="en">');
      expect(res.text).toContain('for="fl-f-comment">Comment<');
      expect(res.text).toContain('>Submit</button>');
    }
    // ?lang= wins over Accept-Language.
    const chosen = await page(t, `/f/${bilingual.code}?lang=en`, { 'accept-language': 'de' });
    expect(chosen.text).toContain('<html lang="en">');
  });
});
