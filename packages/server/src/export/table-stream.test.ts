import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { exportStream } from './table-stream.js';

async function csvOf(cells: (string | number | null)[]): Promise<unknown[]> {
  const { output } = await exportStream(
    (async function* () {
      yield cells;
    })(),
    { format: 'csv', columns: cells.map((_, i) => `c${i}`), row: (item) => item },
  );
  let text = '';
  for await (const chunk of output) text += String(chunk);
  return (parse(text, { from_line: 2 }) as unknown[][])[0]!;
}

describe('csv export cells', () => {
  it('a formula is neutralised also after spaces, tabs or line breaks', async () => {
    const formulas = [' =1+1', '\n=1', '\t=1', '\r=1', '  +SUM(A1)', '\r\n-2+3', ' @cmd', '=HYPERLINK("x")'];
    expect(await csvOf(formulas)).toEqual(formulas.map((f) => `'${f}`));
  });

  it('plain text and numbers stay as they are', async () => {
    expect(await csvOf(['plain', 'a=b', ' spaced', -3, 2.5, null])).toEqual([
      'plain',
      'a=b',
      ' spaced',
      '-3',
      '2.5',
      '',
    ]);
  });
});
