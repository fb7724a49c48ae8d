import type { FormSchema } from '@formloom/contract';
import { formTextsFor } from '@formloom/contract/engine';
import { describe, expect, it } from 'vitest';

/** Three pages of one text field each. */
function pagedSchema(): FormSchema {
  const page = (id: string, order: number) => ({ id, title: `Page ${id}`, order });
  const text = (id: string, sectionId: string) => ({
    id,
    sectionId,
    type: 'text' as const,
    label: id,
    order: 0,
  });
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title: 'Quiz', language: 'en' },
    settings: { layout: 'paged', submitAction: 'default' },
    sections: [page('a', 0), page('b', 1), page('c', 2)],
    fields: [text('name', 'a'), text('q1', 'b'), text('q2', 'c')],
  };
}

describe('@formloom/elements in Node (server rendering)', () => {
  it('imports without a window and defines nothing', async () => {
    expect('window' in globalThis).toBe(false);
    expect('customElements' in globalThis).toBe(false);
    const elements = await import('../src/index.js');
    expect(elements.TAG_NAME).toBe('formloom-form');
    expect(typeof elements.FormloomFormElement).toBe('function');
  });

  it('renders the form markup as strings, escaping every text', async () => {
    const { renderForm } = await import('../src/markup/index.js');
    const schema = pagedSchema();
    schema.fields[0]!.label = 'Your <b>name</b> & "nick"';
    const markup = renderForm(
      { title: 'Quiz <script>', description: null, schema },
      formTextsFor('de'),
    ).value;
    expect(markup).toContain('<h1>Quiz &lt;script&gt;</h1>');
    expect(markup).toContain('Your &lt;b&gt;name&lt;/b&gt; &amp; &quot;nick&quot;');
    expect(markup).not.toContain('<b>');
    // A paged form in German: the first page on show, the progress and Next.
    expect(markup).toContain('aria-valuetext="Seite 1 von 3"');
    expect(markup).toMatch(/<button type="submit" class="fl-button" id="fl-next" disabled>Weiter<\/button>/);
  });
});
