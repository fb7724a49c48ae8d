import { THEME_CSS_MAX_BYTES } from '@formloom/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../domain-errors.js';
import { scopeThemeCss } from './theme-css.js';

const OWN = 'https://forms.example.test';
const scoped = (css: string, publicUrl = OWN) => scopeThemeCss(css, publicUrl);

/** The reason a sheet is refused, or undefined when it is taken. */
function refusal(css: string): string | undefined {
  try {
    scoped(css);
    return undefined;
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error;
    expect(error.issues?.[0]?.path).toBe('css');
    return error.message;
  }
}

describe('custom CSS scoping', () => {
  it('puts every rule under the form, also inside @media and @supports, and minifies', () => {
    expect(scoped('.fl-button { color: #fff }\nh1, .fl-label { font-weight: 700 }')).toBe(
      '.fl-theme .fl-button{color:#fff}.fl-theme h1,.fl-theme .fl-label{font-weight:700}',
    );
    expect(scoped('@media (max-width: 30rem) { .fl-card { padding: 0 } }')).toBe(
      '@media (max-width:30rem){.fl-theme .fl-card{padding:0}}',
    );
    expect(scoped('@supports (display:grid) { input:focus-visible { outline: 0 } }')).toBe(
      '@supports (display:grid){.fl-theme input:focus-visible{outline:0}}',
    );
  });

  it('leaves keyframes as they are (their steps are not selectors)', () => {
    expect(
      scoped('@keyframes pop { from { opacity: 0 } to { opacity: 1 } } .fl-card { animation: pop 1s }'),
    ).toBe('@keyframes pop{from{opacity:0}to{opacity:1}}.fl-theme .fl-card{animation:pop 1s}');
  });

  it("takes the server's own uploads and fonts, relative or absolute, and writes them absolute", () => {
    expect(scoped('.fl-card { background: url(/v1/public/images/abc) }')).toBe(
      `.fl-theme .fl-card{background:url(${OWN}/v1/public/images/abc)}`,
    );
    expect(scoped(`@font-face { font-family: X; src: url("${OWN}/f/fonts/inter.woff2") }`)).toBe(
      `@font-face{font-family:X;src:url(${OWN}/f/fonts/inter.woff2)}`,
    );
    // Under a path prefix, the prefix is part of what is the server's own.
    expect(scoped('.a{background:url(/forms/v1/public/images/x)}', 'https://h.example/forms')).toBe(
      '.fl-theme .a{background:url(https://h.example/forms/v1/public/images/x)}',
    );
  });

  it('refuses a sheet larger than 20 KB', () => {
    const big = `.a{color:red}${' '.repeat(THEME_CSS_MAX_BYTES)}`;
    expect(refusal(big)).toMatch(/the most is 20,480/);
    expect(refusal('.a{color:red}'.padEnd(THEME_CSS_MAX_BYTES, ' '))).toBeUndefined();
  });

  // A hostile catalogue: each would load from elsewhere, reach the page or slip past the parser.
  it.each([
    ['@import', '@import url(https://evil.example/x.css);', /@import is not allowed/],
    ['@import of a string', '@import "x.css";', /@import is not allowed/],
    ['@IMPORT in capitals', '@IMPORT "x.css";', /is not allowed/],
    ['@namespace', '@namespace svg url(http://www.w3.org/2000/svg);', /@namespace is not allowed/],
    ['@property', '@property --x { syntax: "*"; inherits: true }', /@property is not allowed/],
    ['@layer', '@layer base { .a { color: red } }', /@layer is not allowed/],
    ['url() of another origin', '.a{background:url(https://evil.example/p.png)}', /another origin/],
    ['URL() in capitals', '.a{background:URL(https://evil.example/p.png)}', /another origin/],
    ['a protocol-relative url()', '.a{background:url(//evil.example/p.png)}', /another origin/],
    ['a quoted url()', '.a{background:url("https://evil.example/p.png")}', /another origin/],
    ['a url() in a custom property', '.a{--bg:url(https://evil.example/p.png)}', /another origin/],
    ['a data: url()', '.a{background:url(data:image/png;base64,AAAA)}', /another origin/],
    ['our own origin, another path', `.a{background:url(${OWN}/v1/forms)}`, /another origin/],
    ['an escaped url function', '.a{background:u\\72 l("https://evil.example/p.png")}', /escapes/],
    [
      'image-set() with a string',
      '.a{background:image-set("https://evil.example/p.png" 1x)}',
      /image-set\(\)/,
    ],
    ['image() with a string', '.a{background:image("https://evil.example/p.png")}', /image\(\)/],
    [
      'a font from elsewhere',
      '@font-face{font-family:x;src:url(https://evil.example/f.woff2)}',
      /another origin/,
    ],
    ['body', 'body { background: red }', /"body" styles the page/],
    ['html', 'html { overflow: hidden }', /"html" styles the page/],
    ['HTML in capitals', 'HTML .a { color: red }', /"HTML" styles the page/],
    [':root', ':root { --formloom-accent: red }', /":root" styles the page/],
    [':host', ':host { display: none }', /":host" styles the page/],
    ['html inside :is()', '.a:is(html *) { color: red }', /"html" styles the page/],
    ['body inside :not()', ':not(body) { color: red }', /"body" styles the page/],
    ['body in a selector list', '.fl-card, body { color: red }', /"body" styles the page/],
    ['body inside @media', '@media screen { body { color: red } }', /"body" styles the page/],
    ['nesting', '.a { & .b { color: red } }', /does not parse|Nested/],
    ['an unclosed block that hides a rule', '.a{}}} body{color:red}', /does not parse/],
    ['position: fixed', '.fl-card { position: fixed; inset: 0 }', /position: fixed/],
    ['behavior', '.a { behavior: url(/v1/public/images/x) }', /behavior/],
    ['-moz-binding', '.a { -moz-binding: none }', /-moz-binding/],
    ['expression()', '.a { width: expression(alert(1)) }', /expression\(\)/],
  ])('refuses %s', (_, css, reason) => {
    expect(refusal(css)).toMatch(reason);
  });

  it('names the line of what it refuses', () => {
    expect(refusal('.a { color: red }\n\nbody { color: blue }')).toMatch(/\(line 3\)$/);
  });

  it('keeps strings as written (the page escapes "</" where it puts the sheet into its HTML)', () => {
    expect(scoped('.a::after { content: "</style>" }')).toBe('.fl-theme .a::after{content:"</style>"}');
  });

  it('answers any text with a scoped sheet that passes its own check, or a 400: never another error', () => {
    const pieces = fc.constantFrom(
      '.a',
      'h1',
      'body',
      ':root',
      'html',
      '{',
      '}',
      ';',
      ':',
      ',',
      ' ',
      '\n',
      'color:red',
      '@media screen',
      '@import',
      'url(',
      ')',
      '"',
      "'",
      '\\',
      '/*',
      '*/',
      '&',
      '>',
      '~',
      '+',
      '<',
      '</style>',
      'https://evil.example/x',
      '/v1/public/images/a',
      ':is(',
      ':not(',
      '--x:',
      'image-set(',
      '!important',
    );
    const sheets = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.array(pieces, { maxLength: 30 }).map((p) => p.join('')),
    );
    fc.assert(
      fc.property(sheets, (css) => {
        let out: string;
        try {
          out = scoped(css);
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidInputError);
          return;
        }
        // What is stored passes the same check again (scoped once more, it is still taken).
        expect(() => scoped(out)).not.toThrow();
      }),
      { numRuns: 400 },
    );
  });
});
