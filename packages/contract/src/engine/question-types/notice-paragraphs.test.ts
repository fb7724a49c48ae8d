import { describe, expect, it } from 'vitest';
import { noticeParagraphs } from './parts.js';

describe('noticeParagraphs', () => {
  it('splits paragraphs at blank lines and turns [label](https://…) into links', () => {
    expect(
      noticeParagraphs(
        'Read the [terms](https://x.example/terms) first.\n\n  Then [ask us](https://x.example/ask)',
      ),
    ).toEqual([
      ['Read the ', { text: 'terms', href: 'https://x.example/terms' }, ' first.'],
      ['Then ', { text: 'ask us', href: 'https://x.example/ask' }],
    ]);
  });

  it('keeps a single line break inside its paragraph and drops empty paragraphs', () => {
    expect(noticeParagraphs('one\ntwo\n\n\n \n')).toEqual([['one\ntwo']]);
  });

  it('leaves links that are not https, and HTML, as written text', () => {
    for (const text of [
      '[x](http://x.example)',
      '[x](javascript:alert(1))',
      '[x](//x.example)',
      '<a href="https://x.example">x</a>',
      '[](https://x.example)',
    ])
      expect(noticeParagraphs(text)).toEqual([[text]]);
  });
});
