import { describe, expect, it } from 'vitest';
import { parseCsv, recipientsOf, toCsv } from './csv.js';

describe('the recipients CSV', () => {
  it.each([
    [
      'plain fields, LF',
      'a,b\n1,2\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'CRLF, no last line break',
      'a,b\r\n1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'quoted comma, quote and line break',
      '"x, y","say ""hi""","two\r\nlines"\r\n',
      [['x, y', 'say "hi"', 'two\r\nlines']],
    ],
    [
      'empty fields and blank lines',
      'a,,c\r\n\r\n,,\n',
      [
        ['a', '', 'c'],
        ['', '', ''],
      ],
    ],
    ['a byte-order mark', '\uFEFFemail\nann@example.com', [['email'], ['ann@example.com']]],
  ])('reads %s', (_name, text, rows) => {
    expect(parseCsv(text)).toEqual(rows);
  });

  it('writes what it reads back, and keeps a formula from a spreadsheet', () => {
    const rows = [
      ['email', 'url'],
      ['a "b", c', 'https://x.test/f/abc?t=1'],
    ];
    expect(parseCsv(toCsv(rows))).toEqual(rows);
    expect(toCsv([['=1+1', '@SUM(A1)']])).toBe("'=1+1,'@SUM(A1)\r\n");
  });

  it('takes the email column and every other column as a prefill by field id', () => {
    expect(
      recipientsOf(
        parseCsv('Email,name,customer\r\nann@example.com,Ann,C-1\r\n,Bob,\r\ncleo@example.com,,\r\n'),
      ),
    ).toEqual([
      { email: 'ann@example.com', prefill: { name: 'Ann', customer: 'C-1' } },
      { prefill: { name: 'Bob' } },
      { email: 'cleo@example.com' },
    ]);
    expect(recipientsOf(parseCsv('ann@example.com\nbob@example.com\n'))).toEqual([
      { email: 'ann@example.com' },
      { email: 'bob@example.com' },
    ]);
    expect(recipientsOf([])).toEqual([]);
  });
});
