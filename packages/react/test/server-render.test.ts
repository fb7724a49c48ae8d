import { pathToFileURL } from 'node:url';
import { bilingualSchema, guestsSchema, pagedQuizSchema } from '@formloom/server/testing';
import { describe, expect, it } from 'vitest';
import { bundle, type ReactVersion } from './support/bundle.js';

/** What the test imports from each bundle: the package and React's server renderer, one React. */
interface Bundled {
  render(props: Record<string, unknown>): string;
  reactVersion: string;
  touchedWindow: () => boolean;
}

const ENTRY = `
import { createElement, version } from 'react';
import { renderToString } from 'react-dom/server';
import { FormloomForm } from '../src/index.js';
let touched = false;
Object.defineProperty(globalThis, 'window', { configurable: true, get() { touched = true; return undefined; } });
export const reactVersion = version;
export const touchedWindow = () => touched;
export function render(props) {
  return renderToString(createElement(FormloomForm, props));
}
`;

describe.each([18, 19] as ReactVersion[])('server rendering with React %i', (version) => {
  let mod: Bundled;

  it('bundles and imports without a window', async () => {
    mod = (await import(pathToFileURL(await bundle(ENTRY, version, 'node')).href)) as Bundled;
    expect(mod.reactVersion.split('.')[0]).toBe(String(version));
    expect(mod.touchedWindow()).toBe(false);
  });

  it('renders a local schema in full: its first page, labels, progress and Next', () => {
    const html = mod.render({ schema: pagedQuizSchema() });
    expect(html).toContain('<h1>Quiz</h1>');
    expect(html).toContain('Your name');
    expect(html).toMatch(/role="progressbar"[^>]*aria-valuenow="1"[^>]*aria-valuemax="3"/);
    expect(html).toContain('>Next</button>');
    // Later pages are not drawn; a hidden field never is.
    expect(html).not.toContain('The capital of France');
    expect(html).not.toContain('utm_source');
    expect(mod.touchedWindow()).toBe(false);
  });

  it("renders in the respondent's language, and prefilled, locked values", () => {
    const html = mod.render({ schema: bilingualSchema(), lang: 'de', prefill: { e: 'ada@example.com' } });
    expect(html).toContain('<h1>Rückmeldung</h1>');
    expect(html).toContain('E-Mail');
    expect(html).toContain('Absenden');
    expect(html).toMatch(/value="ada@example.com"[^>]*readonly|readonly[^>]*value="ada@example.com"/i);
  });

  it('a published form renders as loading on the server: no fetch, no window', () => {
    const html = mod.render({ code: 'abcd1234EFGH5678', api: 'https://forms.example.test' });
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain('<form');
    expect(mod.touchedWindow()).toBe(false);
  });

  it('a form with a question type renders on the server: its field waits for its chunk in the browser', () => {
    const schema = bilingualSchema();
    const html = mod.render({
      schema: {
        ...schema,
        fields: [
          ...schema.fields,
          { id: 'rate', sectionId: schema.fields[0]!.sectionId, type: 'rating', label: 'Stars?', order: 99 },
        ],
      },
    });
    expect(html).toContain('<form');
    expect(html).not.toContain('Stars?');
    expect(mod.touchedWindow()).toBe(false);
  });

  it('a form with a repeating section renders on the server; its group is drawn once its chunk is in (entries follow in the browser)', async () => {
    const props = { schema: guestsSchema('single-column') };
    const first = mod.render(props);
    expect(first).toContain('<h2');
    expect(first).toContain('Guests');
    expect(first).toContain('Your name');
    expect(first).not.toContain('Add a guest');
    // The chunk the first render asked for has loaded: the group and its Add button render.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const later = mod.render(props);
    expect(later).toMatch(/<fieldset class="fl-repeat" aria-labelledby="[^"]+"/);
    expect(later).toContain('>Add a guest</button>');
    expect(mod.touchedWindow()).toBe(false);
  });
});
